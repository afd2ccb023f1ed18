// libvorbisfile as seen from Swift (Debian: libvorbis-dev).
#include <vorbis/vorbisfile.h>
