// libmpg123 as seen from Swift. Never define MPG123_LARGESUFFIX: Debian's header already maps the
// plain names (mpg123_open, mpg123_seek, …) to the 64-bit offset functions.
#include <mpg123.h>
