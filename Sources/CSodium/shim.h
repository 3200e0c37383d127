#ifndef TERMBANK_CSODIUM_SHIM_H
#define TERMBANK_CSODIUM_SHIM_H
#include <sodium.h>
#endif
