// sd-bus (libsystemd) as seen from Swift, for MPRIS on the session bus.
//
// Why sd-bus rather than libdbus-1: from one table of an interface's methods, properties and signals
// sd-bus itself answers org.freedesktop.DBus.Properties (Get, GetAll, Set), Introspectable and Peer,
// and writes PropertiesChanged with the values its getters give; libdbus-1 leaves all of that, and the
// introspection XML, to be written by hand. libsystemd0 is on every Debian system.
//
// The tables use sd-bus's own macros, which Swift cannot expand, so they are built here; each entry
// points at one of three functions that TunesMPRIS defines (@_cdecl): every getter, every setter and
// every method of both interfaces go through them, dispatched by name on the Swift side.
#include <systemd/sd-bus.h>

int tunes_mpris_get(
    sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
    void *userdata, sd_bus_error *error);
int tunes_mpris_set(
    sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *value,
    void *userdata, sd_bus_error *error);
int tunes_mpris_call(sd_bus_message *message, void *userdata, sd_bus_error *error);

#define TUNES_CHANGES SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE
#define TUNES_CONST SD_BUS_VTABLE_PROPERTY_CONST
// Position changes all the time: clients read it when they need it (the MPRIS specification).
#define TUNES_LIVE 0

/// org.mpris.MediaPlayer2
static inline const sd_bus_vtable *tunes_mpris_root_vtable(void) {
  static const sd_bus_vtable table[] = {
      SD_BUS_VTABLE_START(0),
      SD_BUS_METHOD("Raise", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD("Quit", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_PROPERTY("CanQuit", "b", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("CanRaise", "b", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("HasTrackList", "b", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("Identity", "s", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("DesktopEntry", "s", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("SupportedUriSchemes", "as", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("SupportedMimeTypes", "as", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_VTABLE_END,
  };
  return table;
}

/// org.mpris.MediaPlayer2.Player
static inline const sd_bus_vtable *tunes_mpris_player_vtable(void) {
  static const sd_bus_vtable table[] = {
      SD_BUS_VTABLE_START(0),
      SD_BUS_METHOD("Next", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD("Previous", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD("Pause", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD("PlayPause", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD("Stop", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD("Play", "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD_WITH_NAMES(
          "Seek", "x", SD_BUS_PARAM(Offset), "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD_WITH_NAMES(
          "SetPosition", "ox", SD_BUS_PARAM(TrackId) SD_BUS_PARAM(Position), "", "", tunes_mpris_call,
          SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_METHOD_WITH_NAMES(
          "OpenUri", "s", SD_BUS_PARAM(Uri), "", "", tunes_mpris_call, SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_SIGNAL_WITH_NAMES("Seeked", "x", SD_BUS_PARAM(Position), 0),
      SD_BUS_PROPERTY("PlaybackStatus", "s", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_WRITABLE_PROPERTY("LoopStatus", "s", tunes_mpris_get, tunes_mpris_set, 0, TUNES_CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_WRITABLE_PROPERTY("Rate", "d", tunes_mpris_get, tunes_mpris_set, 0, TUNES_CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_WRITABLE_PROPERTY("Shuffle", "b", tunes_mpris_get, tunes_mpris_set, 0, TUNES_CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_PROPERTY("Metadata", "a{sv}", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_WRITABLE_PROPERTY("Volume", "d", tunes_mpris_get, tunes_mpris_set, 0, TUNES_CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
      SD_BUS_PROPERTY("Position", "x", tunes_mpris_get, 0, TUNES_LIVE),
      SD_BUS_PROPERTY("MinimumRate", "d", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("MaximumRate", "d", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_PROPERTY("CanGoNext", "b", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_PROPERTY("CanGoPrevious", "b", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_PROPERTY("CanPlay", "b", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_PROPERTY("CanPause", "b", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_PROPERTY("CanSeek", "b", tunes_mpris_get, 0, TUNES_CHANGES),
      SD_BUS_PROPERTY("CanControl", "b", tunes_mpris_get, 0, TUNES_CONST),
      SD_BUS_VTABLE_END,
  };
  return table;
}
