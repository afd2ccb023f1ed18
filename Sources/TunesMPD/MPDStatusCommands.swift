// The status and options commands (parts of MPD's PlayerCommands.cxx and OtherCommands.cxx): status,
// currentsong, stats, the mixer, and the random/repeat/single/consume options.

extension MPDDispatcher {
  static func status(_ c: MPDCall, _ out: inout MPDReply) async throws {
    write(try await c.backend.status(), to: &out)
  }

  static func currentSong(_ c: MPDCall, _ out: inout MPDReply) async throws {
    if let song = try await c.backend.currentSong() { MPDFormat.write(song, to: &out) }
  }

  static func stats(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let s = try await c.backend.stats()
    out += "uptime: \(s.uptime)\nplaytime: \(s.playtime)\nartists: \(s.artists)\nalbums: \(s.albums)\n"
    out += "songs: \(s.songs)\ndb_playtime: \(s.databasePlaytime)\ndb_update: \(s.databaseUpdate)\n"
  }

  /// MPD's key order for `status`; `time`, `elapsed`, `bitrate`, `duration`, `audio` only while a song plays or pauses.
  static func write(_ s: MPDStatus, to out: inout MPDReply) {
    if let volume = s.volume { out += "volume: \(volume)\n" }
    out += "repeat: \(s.repeatMode ? 1 : 0)\nrandom: \(s.random ? 1 : 0)\n"
    out += "single: \(s.single.rawValue)\nconsume: \(s.consume.rawValue)\npartition: default\n"
    out += "playlist: \(s.playlistVersion)\nplaylistlength: \(s.playlistLength)\n"
    out += "mixrampdb: \(MPDFloat.format(s.mixRampDB))\n"
    out += "state: \(s.state.rawValue)\n"
    if s.crossfade > 0 { out += "xfade: \(s.crossfade)\n" }
    if s.mixRampDelay > 0 { out += "mixrampdelay: \(MPDFloat.format(Double(s.mixRampDelay)))\n" }
    if let song = s.song, let id = s.songID { out += "song: \(song)\nsongid: \(id)\n" }
    if s.state != .stop {
      let elapsed = s.elapsed ?? 0
      out += "time: \(Int(elapsed.rounded())):\(Int((s.duration ?? 0).rounded()))\n"
      out += "elapsed: \(MPDFormat.seconds(elapsed))\n"
      out += "bitrate: \(s.bitrate ?? 0)\n"
      if let duration = s.duration { out += "duration: \(MPDFormat.seconds(duration))\n" }
      if let audio = s.audio { out += "audio: \(audio)\n" }
    }
    if let next = s.nextSong, let id = s.nextSongID { out += "nextsong: \(next)\nnextsongid: \(id)\n" }
    if let job = s.updatingDatabase { out += "updating_db: \(job)\n" }
    if let error = s.error { out += "error: \(MPDFormat.line(error))\n" }
  }

  static func clearError(_ c: MPDCall, _ out: inout MPDReply) async throws { try await c.backend.clearError() }

  // MARK: Mixer

  /// `setvol VOL`, 0…100.
  static func setVolume(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let volume = try c.args.integer(0)
    guard volume >= 0 else { throw MPDError.argument("Number is negative: \(c.args[0])") }
    guard volume <= 100 else { throw MPDError.argument("Number too large: \(c.args[0])") }
    try await c.backend.setVolume(volume)
  }

  /// `volume CHANGE`, -100…+100; mpd says "Number too large" past either end.
  static func changeVolume(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let delta = try c.args.integer(0, in: -100...100)
    try await c.backend.changeVolume(by: delta)
  }

  /// Nothing at all without a mixer.
  static func getVolume(_ c: MPDCall, _ out: inout MPDReply) async throws {
    if let volume = try await c.backend.status().volume { out += "volume: \(volume)\n" }
  }

  // MARK: Options

  /// `random 1` has the shuffle's first pass arranged before its turn, read as the handler reads it.
  static let random = MPDPreparedHandler(run: setRandom) { args in (try? args.bool(0)) == true ? .shufflePass : nil }

  static func setRandom(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.setRandom(try c.args.bool(0))
  }

  static func repeatMode(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.setRepeat(try c.args.bool(0))
  }

  static func single(_ c: MPDCall, _ out: inout MPDReply) async throws {
    guard let mode = MPDOnceMode(rawValue: c.args[0]) else {
      throw MPDError.argument("Unrecognized single mode, expected 0, 1, or oneshot")
    }
    try await c.backend.setSingle(mode)
  }

  /// `consume 0|1`: MPD 0.23 reads a boolean here (`oneshot` came with 0.24).
  static func consume(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.setConsume(try c.args.bool(0) ? .on : .off)
  }
}
