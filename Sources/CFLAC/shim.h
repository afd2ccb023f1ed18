// libFLAC's stream decoder as seen from Swift (Debian: libflac-dev).
#include <FLAC/stream_decoder.h>
