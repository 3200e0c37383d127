#ifndef TERMBANK_CSODIUM_SHIM_H
#define TERMBANK_CSODIUM_SHIM_H
// libsodium's types and constants only; the library is opened with dlopen on
// first use (Sodium.swift), so nothing here may call it directly.
#include <sodium.h>
#endif
