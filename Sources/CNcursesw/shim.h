#ifndef TERMBANK_CNCURSESW_SHIM_H
#define TERMBANK_CNCURSESW_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Attributes are macro expressions, which Swift cannot import. */
static inline attr_t termbank_a_normal(void) { return A_NORMAL; }
static inline attr_t termbank_a_bold(void) { return A_BOLD; }
static inline attr_t termbank_a_dim(void) { return A_DIM; }
static inline attr_t termbank_a_reverse(void) { return A_REVERSE; }
static inline attr_t termbank_a_underline(void) { return A_UNDERLINE; }

/* Mutable C globals, read through functions: Swift 6 refuses to touch them. */
static inline WINDOW *termbank_stdscr(void) { return stdscr; }
static inline int termbank_colors(void) { return COLORS; }
static inline int termbank_color_pairs(void) { return COLOR_PAIRS; }
static inline SCREEN *termbank_newterm(void) { return newterm(NULL, stdout, stdin); }

/* The terminal's line-drawing (ACS) character for a VT100 letter ('q' a
   horizontal line, 'l' a top-left corner, ...): the character and the
   attribute that selects the alternate set; plain ASCII if it has none. */
static inline wchar_t termbank_acs_char(unsigned char letter) { return (wchar_t)(NCURSES_ACS(letter) & A_CHARTEXT); }
static inline attr_t termbank_acs_attributes(unsigned char letter) { return (attr_t)(NCURSES_ACS(letter) & A_ATTRIBUTES); }

/* Whether the terminal can put the cursor anywhere ("cup"): without it
   (TERM=dumb, a printing terminal) a full screen cannot be drawn. */
static inline int termbank_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (const char *)-1;
}

/* A string capability of the terminal's entry, NULL when it has none (tigetstr
   says so with NULL, or with -1 for a name that is not a string). Reads the
   user-defined ones too (ncurses 6's BE, BD, PS, PE for bracketed paste). */
static inline const char *termbank_string_capability(const char *name) {
    const char *value = tigetstr(name);
    return (value == NULL || value == (const char *)-1) ? NULL : value;
}

/* The terminal's size as the kernel has it (TIOCGWINSZ on standard output,
   else input); -1 when neither says. The painter reads it itself so that it,
   not ncurses, decides how large a screen ncurses keeps (WindowSize). */
static inline int termbank_window_size(int *rows, int *columns) {
    struct winsize size;
    if ((ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 && ioctl(STDIN_FILENO, TIOCGWINSZ, &size) != 0)
        || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}
#endif
