// Where the password of MPD clients on TCP comes from: a file of its own (`--mpd-password-file FILE`),
// else `[mpd] password` in config.toml; both refused when group or others can read them. Never the
// command line: `ps` shows every process's arguments to every user, and `tunes play --daemon` starts
// its daemon with the same arguments.
import TunesCore

enum MPDPassword {
  static let section = "mpd"
  static let key = "password"
  /// How the secret is named in errors.
  static let holding = "the MPD password"

  /// What `--mpd-password` (no longer taken) answers.
  static let notOnTheCommandLine = """
    --mpd-password would show the password to every user in `ps`; put it in config.toml as \
    [\(section)] \(key) = "…" (chmod 600), or in a file of its own given with --mpd-password-file FILE
    """

  /// The password: the file's when one is given, else the configuration's; nil when neither has one.
  static func read(file: String?, config: ConfigFile) throws -> String? {
    if let file { return try SecretFile.read(file, holding: holding) }
    return try config.secret(section: section, key: key, holding: holding)
  }
}
