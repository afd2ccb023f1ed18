// libchafa (Debian libchafa0; libchafa-dev for its documentation) as seen from Swift: it turns pixels into
// what a terminal can show, as Unicode block symbols with colours, or as sixel, kitty or iTerm2 image
// sequences, so that tunes never encodes a picture format for the terminal itself.
//
// Loaded with dlopen on first use, not linked: libchafa brings GLib and PCRE2, and mapping them at every
// start cost each `tunes` command about 0.7 ms of CPU (measured on /bin/true with and without them) for a
// library only the now-playing view calls. Its headers need GLib's include paths, which a system-library
// target could only get from pkg-config together with the link flags this avoids, so the few functions
// used are declared here, from chafa.h 1.12 (a stable ABI: soname libchafa.so.0); the constants were read
// from those headers and the renderer's tests check them through what libchafa draws (colours, symbols,
// the sixel/kitty/iTerm2 introducers).
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct tunes_chafa_canvas_config tunes_chafa_canvas_config;
typedef struct tunes_chafa_symbol_map tunes_chafa_symbol_map;
typedef struct tunes_chafa_canvas tunes_chafa_canvas;
typedef struct tunes_chafa_term_db tunes_chafa_term_db;
typedef struct tunes_chafa_term_info tunes_chafa_term_info;
/// GLib's GString, whose layout is part of GLib's ABI.
typedef struct tunes_gstring {
  char *str;
  size_t len;
  size_t allocated_len;
} tunes_gstring;

enum {
  TUNES_CHAFA_PIXEL_MODE_SYMBOLS = 0,
  TUNES_CHAFA_PIXEL_MODE_SIXELS = 1,
  TUNES_CHAFA_PIXEL_MODE_KITTY = 2,
  TUNES_CHAFA_PIXEL_MODE_ITERM2 = 3,
};
enum { TUNES_CHAFA_CANVAS_MODE_TRUECOLOR = 0, TUNES_CHAFA_CANVAS_MODE_INDEXED_16 = 3 };
enum { TUNES_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4 };
/// CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_BLOCK.
enum { TUNES_CHAFA_SYMBOLS_BLOCK_AND_SPACE = (1 << 0) | (1 << 3) };

#define TUNES_CHAFA_FUNCTIONS(X) \
  X(chafa_canvas_config_new, tunes_chafa_canvas_config *, (void)) \
  X(chafa_canvas_config_unref, void, (tunes_chafa_canvas_config *)) \
  X(chafa_canvas_config_set_geometry, void, (tunes_chafa_canvas_config *, int, int)) \
  X(chafa_canvas_config_set_cell_geometry, void, (tunes_chafa_canvas_config *, int, int)) \
  X(chafa_canvas_config_set_canvas_mode, void, (tunes_chafa_canvas_config *, int)) \
  X(chafa_canvas_config_set_pixel_mode, void, (tunes_chafa_canvas_config *, int)) \
  X(chafa_canvas_config_set_symbol_map, void, (tunes_chafa_canvas_config *, const tunes_chafa_symbol_map *)) \
  X(chafa_symbol_map_new, tunes_chafa_symbol_map *, (void)) \
  X(chafa_symbol_map_unref, void, (tunes_chafa_symbol_map *)) \
  X(chafa_symbol_map_add_by_tags, void, (tunes_chafa_symbol_map *, int)) \
  X(chafa_canvas_new, tunes_chafa_canvas *, (const tunes_chafa_canvas_config *)) \
  X(chafa_canvas_unref, void, (tunes_chafa_canvas *)) \
  X(chafa_canvas_draw_all_pixels, void, (tunes_chafa_canvas *, int, const uint8_t *, int, int, int)) \
  X(chafa_canvas_get_char_at, uint32_t, (tunes_chafa_canvas *, int, int)) \
  X(chafa_canvas_get_raw_colors_at, void, (tunes_chafa_canvas *, int, int, int *, int *)) \
  X(chafa_canvas_print, tunes_gstring *, (tunes_chafa_canvas *, tunes_chafa_term_info *)) \
  X(chafa_term_db_get_default, tunes_chafa_term_db *, (void)) \
  X(chafa_term_db_get_fallback_info, tunes_chafa_term_info *, (tunes_chafa_term_db *)) \
  X(chafa_term_info_unref, void, (tunes_chafa_term_info *)) \
  X(chafa_calc_canvas_geometry, void, (int, int, int *, int *, float, int, int)) \
  X(g_string_free, char *, (tunes_gstring *, int)) \
  X(g_free, void, (void *))

typedef struct tunes_chafa_api {
#define TUNES_CHAFA_FIELD(name, result, arguments) result(*name) arguments;
  TUNES_CHAFA_FUNCTIONS(TUNES_CHAFA_FIELD)
#undef TUNES_CHAFA_FIELD
} tunes_chafa_api;

// A function-local static: Swift emits the inline function with its storage.
static inline tunes_chafa_api *tunes_chafa_storage(void) {
  static tunes_chafa_api api;
  return &api;
}

static inline void tunes_chafa_load(void) {
  void *lib = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) return;
  tunes_chafa_api api;
  // GLib's functions are found through libchafa, which needs it loaded.
#define TUNES_CHAFA_RESOLVE(name, result, arguments) \
  api.name = (result(*) arguments)dlsym(lib, #name); \
  if (api.name == NULL) return;
  TUNES_CHAFA_FUNCTIONS(TUNES_CHAFA_RESOLVE)
#undef TUNES_CHAFA_RESOLVE
  *tunes_chafa_storage() = api;
}

/// The loaded functions, or NULL when libchafa cannot be loaded (no cover is drawn then).
static inline const tunes_chafa_api *tunes_chafa(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tunes_chafa_load);
  const tunes_chafa_api *api = tunes_chafa_storage();
  return api->g_free ? api : NULL;
}
