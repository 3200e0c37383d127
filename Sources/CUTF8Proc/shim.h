#ifndef TERMBANK_CUTF8PROC_SHIM_H
#define TERMBANK_CUTF8PROC_SHIM_H
// utf8proc: Unicode normalisation (NFC for text, NFKC for passwords). Its types and option
// constants only; the library is opened with dlopen on first need (UTF8ProcLibrary.swift).
#include <utf8proc.h>
#endif
