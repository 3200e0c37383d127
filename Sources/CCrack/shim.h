#ifndef TERMBANK_CCRACK_SHIM_H
#define TERMBANK_CCRACK_SHIM_H
// packer.h only exposes the dictionary header (needed for PW_WORDS) to
// cracklib's own sources; ask for that view and give it the stdint it expects.
#define IN_CRACKLIB 1
#define HAVE_STDINT_H 1
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <crack.h>
#include <packer.h>

// FindPW returns PW_WORDS(dict) for "absent"; PW_WORDS is a macro Swift cannot call.
// libcrack is opened on first use (CracklibLibrary.swift), so FindPW comes in
// as the pointer dlsym found, not as a linked symbol.
typedef unsigned int (*termbank_findpw_t)(PWDICT *, char *);
static inline int termbank_pwdict_contains(termbank_findpw_t find, PWDICT *dict, char *word) {
    return find(dict, word) != PW_WORDS(dict);
}
#endif
