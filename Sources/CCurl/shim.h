#ifndef TERMBANK_CCURL_SHIM_H
#define TERMBANK_CCURL_SHIM_H
// libcurl's types and constants (Debian: libcurl4-openssl-dev); libcurl itself is opened with
// dlopen on first use (CurlLibrary.swift), so nothing here may call libcurl directly.
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: `function` is
// their address from dlsym, called here with the one argument type each option takes.
typedef CURLcode (*termbank_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*termbank_curl_getinfo_function)(CURL *, CURLINFO, ...);
typedef size_t (*termbank_curl_write_callback)(char *, size_t, size_t, void *);

static inline CURLcode termbank_curl_setopt_long(void *function, CURL *handle, CURLoption option, long value) {
    return ((termbank_curl_setopt_function)function)(handle, option, value);
}

static inline CURLcode termbank_curl_setopt_pointer(void *function, CURL *handle, CURLoption option,
                                                    const void *value) {
    return ((termbank_curl_setopt_function)function)(handle, option, value);
}

static inline CURLcode termbank_curl_setopt_write(void *function, CURL *handle, termbank_curl_write_callback value) {
    return ((termbank_curl_setopt_function)function)(handle, CURLOPT_WRITEFUNCTION, value);
}

static inline CURLcode termbank_curl_getinfo_long(void *function, CURL *handle, CURLINFO info, long *value) {
    return ((termbank_curl_getinfo_function)function)(handle, info, value);
}

static inline CURLcode termbank_curl_getinfo_string(void *function, CURL *handle, CURLINFO info, char **value) {
    return ((termbank_curl_getinfo_function)function)(handle, info, value);
}
#endif
