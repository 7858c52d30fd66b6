// The parts of OpenSSL's libcrypto that FolioDigest calls: SHA-256 and HMAC.
#include <openssl/evp.h>
#include <openssl/hmac.h>
