// The C declarations the `tunes` front program (Sources/TunesFront) uses. Embedded Swift has no Glibc
// module to import, so the system headers it needs are named here; nothing is compiled from this file
// but the inline functions below.
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

// open(2) is variadic, which Swift cannot call.
static inline int front_open(const char *path, int flags) { return open(path, flags); }

// errno is a macro over a thread-local location, which Swift cannot import as a variable.
static inline int front_errno(void) { return errno; }
