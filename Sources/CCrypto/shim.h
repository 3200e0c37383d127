#ifndef TERMBANK_CCRYPTO_SHIM_H
#define TERMBANK_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for HMAC-SHA1 (RFC 6238 authenticator codes) only: its types and
// constants; the library is opened with dlopen on first use (OpenSSLHMAC.swift).
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/opensslv.h>
#include <openssl/crypto.h>
#endif
