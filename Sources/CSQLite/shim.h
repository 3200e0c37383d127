#ifndef TERMBANK_CSQLITE_SHIM_H
#define TERMBANK_CSQLITE_SHIM_H
// SQLite's types and constants only; libsqlite3 is opened with dlopen on first use
// (SQLiteLibrary.swift), so nothing here may call SQLite directly.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type termbank_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// Page caches take their pages from malloc one at a time (SQLITE_CONFIG_PAGECACHE
// with no buffer and no initial pages) instead of one bulk allocation of 20 pages
// (SQLITE_DEFAULT_PCACHE_INITSZ, 87 KB) at a connection's first transaction: a
// bulk is held for the connection's life, while single pages are freed by
// sqlite3_db_release_memory and the heap can give them back to the system.
// Must run before SQLite initialises (the first open). sqlite3_config is
// variadic, which Swift cannot call: `config` is its address from dlsym.
typedef int (*termbank_sqlite3_config_function)(int, ...);
static inline int termbank_sqlite_pages_from_malloc(void *config) {
    return ((termbank_sqlite3_config_function)config)(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
#endif
