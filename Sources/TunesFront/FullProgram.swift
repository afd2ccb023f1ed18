// The full program, `tunes-core`, which holds every command: beside the front (`.build/debug`,
// `.build/release`) or, installed, in PREFIX/libexec/tunes with the front in PREFIX/bin. The front
// becomes it by exec, with the same arguments (argv[0] too, so its messages still say `tunes`), the
// same process id, standard streams and environment.
import CFront

enum FullProgram {
  /// Execs the full program; returns (the exit status, after saying why) only when it cannot.
  static func run(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    guard let folder = ownFolder() else {
      return fail(Bytes.of("cannot find its own folder in /proc/self/exe to run tunes-core from"))
    }
    let libexec = folder + Bytes.of("/../libexec/tunes")
    let candidates = [folder + Bytes.of("/tunes-core"), libexec + Bytes.of("/tunes-core")]
    for candidate in candidates {
      _ = Bytes.withCString(candidate) { execv($0, argv) }
      let code = front_errno()
      // Not there: the next place. Anything else: this one is the program, and it cannot be run.
      if code == ENOENT || code == ENOTDIR { continue }
      return fail(Bytes.of("cannot run ") + candidate + Bytes.of(": ") + Bytes.of(strerror(code)))
    }
    return fail(Bytes.of("tunes-core is neither in ") + folder + Bytes.of(" nor in ") + libexec)
  }

  /// The folder of this program's file, symbolic links resolved.
  private static func ownFolder() -> [UInt8]? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count)
    guard count > 0, count < buffer.count else { return nil }
    let path = buffer[0..<count].map { UInt8(bitPattern: $0) }
    guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    return Array(path[..<slash])
  }

  /// `tunes: WHAT` on standard error; 69 (EX_UNAVAILABLE), as the full program's missing services.
  private static func fail(_ message: [UInt8]) -> Int32 {
    Bytes.writeAll(Bytes.of("tunes: ") + message + [UInt8(ascii: "\n")], to: STDERR_FILENO)
    return 69
  }
}
