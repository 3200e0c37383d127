#ifndef TERMBANK_CQRENCODE_SHIM_H
#define TERMBANK_CQRENCODE_SHIM_H
// libqrencode: QR code symbols as a matrix of modules.
#include <qrencode.h>
#endif
