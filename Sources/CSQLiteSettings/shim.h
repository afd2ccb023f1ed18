// SQLite's process-wide settings, which it takes only through the variadic sqlite3_config (which Swift
// cannot call) and only before its first use (SQLITE_MISUSE after that, changing nothing).
#include <sqlite3.h>

/// Whether SQLite keeps memory statistics (sqlite3_memory_used and the like). Keeping them takes a
/// process-wide mutex around every allocation SQLite makes.
static inline int tunes_sqlite3_config_memstatus(int on) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on); }
