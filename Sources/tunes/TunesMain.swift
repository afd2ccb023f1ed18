// Where the `tunes` process starts. `tunes` alone (which shows what the player is doing, as `mpc`
// alone does) and `tunes status` are run here at once, synchronously: they are what status bars and
// key bindings start many times a minute, and the rest of start-up (the async entry's worker thread,
// the argument parser's reflection over the whole command tree) was most of tunes' own start-up time
// for them (Benchmarks/status-start.sh). Every other command line goes to the parser (Tunes.main).
import Dispatch
import Glibc

@main
enum TunesMain {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.isEmpty || arguments.elementsEqual(["status"]) {
      exit(Status.runWithoutOptions())
    }
    // What the compiler's async entry does: run the async main as a task and let Dispatch drive it.
    Task {
      await Tunes.main()
      exit(0)
    }
    dispatchMain()
  }
}
