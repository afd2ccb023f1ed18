// JPEG and PNG decoding for the cover pictures the UI draws: libjpeg-turbo's TurboJPEG API (Debian
// libturbojpeg0-dev) and libpng's simplified API (libpng-dev), the decoders every desktop uses; both read
// from memory and write 8-bit RGBA, which is what libchafa takes. They are wrapped here in one call each so
// the Swift side does not handle libpng's structure versions or TurboJPEG's handles.
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

/// Decodes a JPEG to RGBA, scaled down by TurboJPEG's own factors (1/2 … 1/8, chosen while the result
/// stays at least `min_side` pixels on its shorter side) so a 3000-pixel scan costs little. Returns a
/// malloc'd buffer (free with free()) or NULL; `*width`, `*height` are the decoded size.
static inline uint8_t *tunes_jpeg_decode(const uint8_t *data, size_t size, int min_side, int *width, int *height) {
  tjhandle handle = tjInitDecompress();
  if (handle == NULL) return NULL;
  int w = 0, h = 0, subsampling = 0, colorspace = 0;
  if (tjDecompressHeader3(handle, data, (unsigned long)size, &w, &h, &subsampling, &colorspace) != 0 || w <= 0 ||
      h <= 0 || w > 20000 || h > 20000) {
    tjDestroy(handle);
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
    tjDestroy(handle);
    return NULL;
  }
  if (tjDecompress2(handle, data, (unsigned long)size, pixels, scaled_w, 0, scaled_h, TJPF_RGBA, TJFLAG_ACCURATEDCT) != 0) {
    free(pixels);
    tjDestroy(handle);
    return NULL;
  }
  tjDestroy(handle);
  *width = scaled_w;
  *height = scaled_h;
  return pixels;
}

/// Decodes a PNG to RGBA with libpng's simplified API; a malloc'd buffer or NULL.
static inline uint8_t *tunes_png_decode(const uint8_t *data, size_t size, int *width, int *height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) return NULL;
  if (image.width == 0 || image.height == 0 || image.width > 20000 || image.height > 20000) {
    png_image_free(&image);
    return NULL;
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (pixels == NULL) {
    png_image_free(&image);
    return NULL;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    free(pixels);
    png_image_free(&image);
    return NULL;
  }
  *width = (int)image.width;
  *height = (int)image.height;
  return pixels;
}
