// FFmpeg's libavformat and libavcodec as seen from Swift (Debian: libavformat-dev, libavcodec-dev). The
// error codes are function-like macros, which Swift cannot import, so they are wrapped here.
#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>

static inline int tunes_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int tunes_averror_eof(void) { return AVERROR_EOF; }
