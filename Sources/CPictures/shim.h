// JPEG and PNG decoding for the cover pictures the UI draws: libjpeg-turbo's TurboJPEG API (Debian
// libturbojpeg0-dev) and libpng's simplified API (libpng-dev), the decoders every desktop uses; both read
// from memory and write 8-bit RGBA, which is what libchafa takes. They are wrapped here in one call each so
// the Swift side does not handle libpng's structure versions or TurboJPEG's handles.
//
// Loaded with dlopen on first use, as libchafa is (Sources/CChafa/shim.h): only the now-playing view
// decodes pictures, and every other command would pay for mapping them at start. The functions are typed
// from the libraries' own declarations.
#include <dlfcn.h>
#include <png.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

#define TUNES_JPEG_FUNCTIONS(X) X(tjInitDecompress) X(tjDecompressHeader3) X(tjDecompress2) X(tjDestroy)
#define TUNES_PNG_FUNCTIONS(X) \
  X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free)

typedef struct tunes_pictures_api {
#define TUNES_PICTURES_FIELD(name) __typeof__(name) *name;
  TUNES_JPEG_FUNCTIONS(TUNES_PICTURES_FIELD)
  TUNES_PNG_FUNCTIONS(TUNES_PICTURES_FIELD)
#undef TUNES_PICTURES_FIELD
  int jpeg, png;
} tunes_pictures_api;

static inline tunes_pictures_api *tunes_pictures_storage(void) {
  static tunes_pictures_api api;
  return &api;
}

/// Each library on its own: a machine without one still decodes the other format.
static inline void tunes_pictures_load(void) {
  tunes_pictures_api *api = tunes_pictures_storage();
  void *jpeg = dlopen("libturbojpeg.so.0", RTLD_NOW | RTLD_LOCAL);
  void *png = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
#define TUNES_PICTURES_RESOLVE(name) api->name = (__typeof__(name) *)dlsym(LIB, #name); ok = ok && api->name != NULL;
  int ok = jpeg != NULL;
#define LIB jpeg
  if (ok) { TUNES_JPEG_FUNCTIONS(TUNES_PICTURES_RESOLVE) }
#undef LIB
  api->jpeg = ok;
  ok = png != NULL;
#define LIB png
  if (ok) { TUNES_PNG_FUNCTIONS(TUNES_PICTURES_RESOLVE) }
#undef LIB
#undef TUNES_PICTURES_RESOLVE
  api->png = ok;
}

static inline const tunes_pictures_api *tunes_pictures(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tunes_pictures_load);
  return tunes_pictures_storage();
}

/// Decodes a JPEG to RGBA, scaled down by TurboJPEG's own factors (1/2 … 1/8, chosen while the result
/// stays at least `min_side` pixels on its shorter side) so a 3000-pixel scan costs little. Returns a
/// malloc'd buffer (free with free()) or NULL; `*width`, `*height` are the decoded size.
static inline uint8_t *tunes_jpeg_decode(const uint8_t *data, size_t size, int min_side, int *width, int *height) {
  const tunes_pictures_api *api = tunes_pictures();
  if (!api->jpeg) return NULL;
  tjhandle handle = api->tjInitDecompress();
  if (handle == NULL) return NULL;
  int w = 0, h = 0, subsampling = 0, colorspace = 0;
  if (api->tjDecompressHeader3(handle, data, (unsigned long)size, &w, &h, &subsampling, &colorspace) != 0 || w <= 0 ||
      h <= 0 || w > 20000 || h > 20000) {
    api->tjDestroy(handle);
    return NULL;
  }
  int scaled_w = w, scaled_h = h;
  for (int denominator = 8; denominator >= 2; denominator /= 2) {
    int sw = (w + denominator - 1) / denominator, sh = (h + denominator - 1) / denominator;
    if ((sw < sh ? sw : sh) >= min_side) {
      scaled_w = sw;
      scaled_h = sh;
      break;
    }
  }
  uint8_t *pixels = malloc((size_t)scaled_w * (size_t)scaled_h * 4);
  if (pixels == NULL) {
    api->tjDestroy(handle);
    return NULL;
  }
  if (api->tjDecompress2(handle, data, (unsigned long)size, pixels, scaled_w, 0, scaled_h, TJPF_RGBA, TJFLAG_ACCURATEDCT) != 0) {
    free(pixels);
    api->tjDestroy(handle);
    return NULL;
  }
  api->tjDestroy(handle);
  *width = scaled_w;
  *height = scaled_h;
  return pixels;
}

/// Decodes a PNG to RGBA with libpng's simplified API; a malloc'd buffer or NULL.
static inline uint8_t *tunes_png_decode(const uint8_t *data, size_t size, int *width, int *height) {
  const tunes_pictures_api *api = tunes_pictures();
  if (!api->png) return NULL;
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!api->png_image_begin_read_from_memory(&image, data, size)) return NULL;
  if (image.width == 0 || image.height == 0 || image.width > 20000 || image.height > 20000) {
    api->png_image_free(&image);
    return NULL;
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (pixels == NULL) {
    api->png_image_free(&image);
    return NULL;
  }
  if (!api->png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    free(pixels);
    api->png_image_free(&image);
    return NULL;
  }
  *width = (int)image.width;
  *height = (int)image.height;
  return pixels;
}
