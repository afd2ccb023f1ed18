// The `tunes` users run: a program of a few kilobytes in Embedded Swift that answers `tunes` alone and
// `tunes status` (what status bars and key bindings run many times a minute) by copying the line the
// running player renders for `tunes_status`, and hands every other command, and every case it cannot
// settle, to the full program (`tunes-core`) by exec, with the same arguments.
//
// Why a second program: starting the full one (a 60 MB static binary and 19 libraries) costs its kernel
// mapping and its dynamic loader most of `tunes status`'s time, several times what `mpc status` costs in
// all. Why Embedded Swift: no Swift runtime to load or start, no Foundation; the binary links libc alone.
// Why it never reports an error of its own about the player: the full program then runs and says what is
// wrong, so each error has one wording and one exit status (only a missing full program is reported here).
import CFront

/// The process's entry point. SwiftPM links an executable's `main` to `<module>_main`, which Embedded
/// Swift's `@main` would define without the arguments (there is no `CommandLine` in Embedded Swift).
@_cdecl("TunesFront_main")
func frontMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  // Exactly the arguments Tunes.main's own fast path takes.
  let isStatus = argc == 1 || (argc == 2 && argv[1].map { strcmp($0, "status") == 0 } == true)
  if isStatus, let socket = PlayerSocket.find(), let line = StatusLineRequest.ask(socket: socket) {
    Bytes.writeAll(line + [UInt8(ascii: "\n")], to: STDOUT_FILENO)
    return 0
  }
  return FullProgram.run(argv)
}
