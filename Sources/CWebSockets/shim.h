#ifndef TERMBANK_CWEBSOCKETS_SHIM_H
#define TERMBANK_CWEBSOCKETS_SHIM_H
// libwebsockets, the HTTP and WebSocket server ttyd is built on (Debian: libwebsockets-dev).
// Only TermBankWeb imports it.
#include <libwebsockets.h>  // no pkg-config: it would link libwebsockets, which is opened lazily
#endif
