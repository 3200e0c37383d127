#ifndef TERMBANK_CPOSTGRESQL_SHIM_H
#define TERMBANK_CPOSTGRESQL_SHIM_H
// libpq, PostgreSQL's client library (Debian: libpq-dev). Only TermBankPostgres imports it.
#include <postgresql/libpq-fe.h>  // no pkg-config: it would link libpq (-lpq), which is opened lazily
#endif
