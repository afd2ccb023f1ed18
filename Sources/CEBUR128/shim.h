// libebur128 (EBU R128 loudness and true peak) as seen from Swift: `tunes loudness` measures with the
// same library rsgain and loudgain use, so its values agree with theirs.
#include <ebur128.h>
