/* The part of Apple's CommonCrypto API that mimalloc uses on macOS, declared
   for zig's macOS headers, which lack CommonCrypto (contrib/release/build
   adds this folder to the C include path). The function is libSystem's. */
#ifndef KSS_COMMONCRYPTOERROR_H
#define KSS_COMMONCRYPTOERROR_H
#include <stdint.h>
typedef int32_t CCStatus;
typedef int32_t CCCryptorStatus;
enum { kCCSuccess = 0 };
#endif
