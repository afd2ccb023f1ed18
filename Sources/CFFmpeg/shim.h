// FFmpeg's libavformat and libavcodec as seen from Swift (Debian: libavformat-dev, libavcodec-dev).
//
// The libraries are loaded on first use (dlopen), not linked: libavcodec drags in about a hundred shared
// libraries (video codecs among them), and loading those at every start of tunes doubled the CPU cost of
// playing an MP3. `tunes_ffmpeg()` loads them once and returns the functions the MP4 decoder calls, each
// typed from FFmpeg's own declaration, or NULL (with `tunes_ffmpeg_error()` saying why).
// The error codes are function-like macros, which Swift cannot import, so they are wrapped here too.
#include <dlfcn.h>
#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/macros.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

static inline int tunes_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int tunes_averror_eof(void) { return AVERROR_EOF; }

#define TUNES_FFMPEG_FUNCTIONS(X) \
  X(avformat_open_input) X(avformat_find_stream_info) X(avformat_close_input) X(av_find_best_stream) \
  X(av_read_frame) X(av_seek_frame) \
  X(avcodec_alloc_context3) X(avcodec_free_context) X(avcodec_parameters_to_context) X(avcodec_open2) \
  X(avcodec_send_packet) X(avcodec_receive_frame) X(avcodec_flush_buffers) \
  X(av_packet_alloc) X(av_packet_free) X(av_packet_unref) \
  X(av_frame_alloc) X(av_frame_free) X(av_get_sample_fmt_name) X(av_log_set_level) X(av_rescale_q) \
  X(av_sample_fmt_is_planar) X(av_strerror) X(av_dict_get)

typedef struct tunes_ffmpeg_api {
#define TUNES_FFMPEG_FIELD(name) __typeof__(name) *name;
  TUNES_FFMPEG_FUNCTIONS(TUNES_FFMPEG_FIELD)
#undef TUNES_FFMPEG_FIELD
} tunes_ffmpeg_api;

typedef struct tunes_ffmpeg_state {
  tunes_ffmpeg_api api;
  const char *failure;
} tunes_ffmpeg_state;

// A function-local static: Swift emits the inline function with its storage (a file-scope static in a
// header it imports is never defined).
static inline tunes_ffmpeg_state *tunes_ffmpeg_state_get(void) {
  static tunes_ffmpeg_state state;
  return &state;
}

static inline const char *tunes_ffmpeg_error(void) { return tunes_ffmpeg_state_get()->failure; }

/// Loads the libraries and looks the functions up, once per process (see tunes_ffmpeg).
static inline void tunes_ffmpeg_load(void) {
  tunes_ffmpeg_state *state = tunes_ffmpeg_state_get();
  // The sonames of the major versions these headers describe: an ABI other than the one built against
  // is never picked up.
  const char *names[] = {"libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
                         "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
                         "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR)};
  void *handles[3];
  for (int i = 0; i < 3; i++) {
    handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      state->failure = strdup(dlerror());  // dlerror's buffer is reused by the next dl call
      return;
    }
  }
#define TUNES_FFMPEG_LOOKUP(name)                                                             \
  state->api.name = (__typeof__(name) *)dlsym(handles[2], #name);                             \
  if (!state->api.name) state->api.name = (__typeof__(name) *)dlsym(handles[1], #name);       \
  if (!state->api.name) state->api.name = (__typeof__(name) *)dlsym(handles[0], #name);       \
  if (!state->api.name) {                                                                     \
    state->failure = "FFmpeg lacks " #name;                                                   \
    return;                                                                                   \
  }
  TUNES_FFMPEG_FUNCTIONS(TUNES_FFMPEG_LOOKUP)
#undef TUNES_FFMPEG_LOOKUP
}

/// The loaded functions, or NULL. Any thread; the first call loads the libraries.
static inline const tunes_ffmpeg_api *tunes_ffmpeg(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tunes_ffmpeg_load);
  tunes_ffmpeg_state *state = tunes_ffmpeg_state_get();
  return state->failure ? NULL : &state->api;
}
