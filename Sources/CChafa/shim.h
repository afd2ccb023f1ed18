// libchafa (Debian libchafa-dev) as seen from Swift: it turns pixels into what a terminal can show, as
// Unicode block symbols with colours, or as sixel, kitty or iTerm2 image sequences, so that tunes never
// encodes a picture format for the terminal itself. Its types come from GLib (libglib2.0-dev).
#include <chafa.h>

// The symbol tags are an enum of flags that Swift imports as a struct; the ones the cover uses are named
// here so the Swift side says what it wants, not bit values.
static inline ChafaSymbolTags tunes_chafa_block_symbols(void) {
  return (ChafaSymbolTags)(CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_SPACE);
}

// g_string_free with its text kept is a macro in newer GLib; the function form is wrapped here.
static inline char *tunes_chafa_string_take(GString *string) { return g_string_free(string, FALSE); }
static inline void tunes_chafa_free(void *pointer) { g_free(pointer); }
