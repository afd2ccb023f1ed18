// libopusfile as seen from Swift (Debian: libopusfile-dev). Its header is included as <opusfile.h>
// under the include path pkg-config gives (/usr/include/opus).
#include <opusfile.h>
