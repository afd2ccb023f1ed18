// libasound as seen from Swift, plus what the importer cannot express: libasound's error handler is a
// variadic function pointer, so the handler that silences its stderr noise is written here in C.
#include <alsa/asoundlib.h>

static void tunes_alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// Stops libasound from printing its own diagnostics to stderr (tunes reports errors itself).
static inline void tunes_alsa_silence(void) {
    snd_lib_error_set_handler(tunes_alsa_quiet_handler);
}
