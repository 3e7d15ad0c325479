/* See CommonCryptoError.h beside this file. */
#ifndef KSS_COMMONRANDOM_H
#define KSS_COMMONRANDOM_H
#include <stddef.h>
#include <CommonCrypto/CommonCryptoError.h>
typedef CCCryptorStatus CCRNGStatus;
CCRNGStatus CCRandomGenerateBytes(void *bytes, size_t count);
#endif
