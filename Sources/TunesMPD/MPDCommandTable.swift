// Every MPD command tunes understands, one line each and in name order, like MPD's AllCommands.cxx: the
// name, the permission it needs, how many arguments it takes, and the function that runs it. `commands`,
// `notcommands`, the unknown-command and permission ACKs and the argument count check all read this
// table, so nothing else has to agree with it. The handlers live by subject in MPD*Commands.swift.
// The connection's own commands (command lists, idle, noidle, close, password, binarylimit) are rows
// too, so that `commands` lists them, though MPDSession (lists, idle, noidle) and the batch runner
// (close, password, binarylimit) carry them out.

/// MPD's permission levels (Permission.hxx). tunes grants them all or none: a client that gave the
/// password (or needs none) has every level, any other only `none`.
enum MPDPermission: Sendable, Hashable {
  /// Anyone, before a password: ping, password, close and the like.
  case none
  /// Reading the library, the queue and the status.
  case read
  /// Adding songs to the queue.
  case add
  /// Changing playback, the queue, options and stored playlists.
  case control
  /// Outputs and ending the player.
  case admin

  /// Whether a client may run a command that needs this level.
  func allows(authorized: Bool) -> Bool { authorized || self == .none }
}

/// One command being run: its arguments, the backend, and what the connection has set.
struct MPDCall: Sendable {
  let args: MPDArguments
  let backend: any MPDBackend
  let authorized: Bool
  /// The largest binary chunk the client takes (`binarylimit`).
  let binaryLimit: Int
  /// How this client's URIs resolve: whether it may name files outside the music folder.
  var uris = MPDURIResolver(local: false)
}

/// A row of the table.
struct MPDCommand: Sendable {
  typealias Handler = @Sendable (MPDCall, inout MPDReply) async throws -> Void

  let name: String
  let permission: MPDPermission
  /// How many arguments it takes; others get "wrong number of arguments" before the handler runs.
  let arity: ClosedRange<Int>
  /// Writes the reply (without the final OK) or throws the error the client sees.
  let handler: Handler
  /// What the command can have done before its turn, if anything (MPDPreparedHandler).
  let preparation: MPDPreparedHandler.Preparation?

  init(
    _ name: String, _ permission: MPDPermission, _ arity: ClosedRange<Int>, _ handler: @escaping Handler,
    preparation: MPDPreparedHandler.Preparation? = nil
  ) {
    self.name = name
    self.permission = permission
    self.arity = arity
    self.handler = handler
    self.preparation = preparation
  }

  init(_ name: String, _ permission: MPDPermission, _ arity: ClosedRange<Int>, _ handler: MPDPreparedHandler) {
    self.init(name, permission, arity, handler.run, preparation: handler.prepare)
  }
}

/// A handler together with the work its command can have done before its turn, decided from the same
/// parsed arguments: a row names the pair, so a command under any name, or a second name for it, is
/// prepared as its handler needs.
struct MPDPreparedHandler: Sendable {
  typealias Preparation = @Sendable (MPDArguments) -> MPDPreparation?

  let run: MPDCommand.Handler
  let prepare: Preparation
}

extension MPDDispatcher {
  /// No upper bound on the arguments (filters, tag lists).
  private static let any = Int.max

  /// The table, sorted by name as `commands` lists it.
  static let commands: [MPDCommand] = [
    MPDCommand("add", .add, 1...2, add),
    MPDCommand("addid", .add, 1...2, addID),
    MPDCommand("addtagid", .add, 3...3, addTagID),
    MPDCommand("albumart", .read, 2...2, albumArt),
    MPDCommand("binarylimit", .none, 1...1, handledByTheConnection),
    MPDCommand("clear", .control, 0...0, clear),
    MPDCommand("clearerror", .control, 0...0, clearError),
    MPDCommand("cleartagid", .add, 1...2, clearTagID),
    MPDCommand("close", .none, 0...0, handledByTheConnection),
    MPDCommand("command_list_begin", .read, 0...0, handledByTheConnection),
    MPDCommand("command_list_end", .read, 0...0, handledByTheConnection),
    MPDCommand("command_list_ok_begin", .read, 0...0, handledByTheConnection),
    MPDCommand("commands", .none, 0...0, listCommands),
    MPDCommand("consume", .control, 1...1, consume),
    MPDCommand("count", .read, 0...any, count),
    MPDCommand("crossfade", .control, 1...1, crossfade),
    MPDCommand("currentsong", .read, 0...0, currentSong),
    MPDCommand("decoders", .read, 0...0, decoders),
    MPDCommand("delete", .control, 1...1, delete),
    MPDCommand("deleteid", .control, 1...1, deleteID),
    MPDCommand("disableoutput", .admin, 1...1, disableOutput),
    MPDCommand("enableoutput", .admin, 1...1, enableOutput),
    MPDCommand("find", .read, 1...any, find),
    MPDCommand("findadd", .add, 1...any, findAdd),
    MPDCommand("getvol", .read, 0...0, getVolume),
    MPDCommand("idle", .read, 0...any, handledByTheConnection),
    MPDCommand("kill", .admin, 0...0, kill),
    MPDCommand("list", .read, 1...any, list),
    MPDCommand("listall", .read, 0...1, listAll),
    MPDCommand("listallinfo", .read, 0...1, listAllInfo),
    MPDCommand("listfiles", .read, 0...1, listFiles),
    MPDCommand("listplaylist", .read, 1...2, listPlaylist),
    MPDCommand("listplaylistinfo", .read, 1...2, listPlaylistInfo),
    MPDCommand("listplaylists", .read, 0...0, listPlaylists),
    MPDCommand("load", .add, 1...3, load),
    MPDCommand("lsinfo", .read, 0...1, lsInfo),
    MPDCommand("mixrampdb", .control, 1...1, mixRampDB),
    MPDCommand("mixrampdelay", .control, 1...1, mixRampDelay),
    MPDCommand("move", .control, 2...2, move),
    MPDCommand("moveid", .control, 2...2, moveID),
    MPDCommand("next", .control, 0...0, next),
    MPDCommand("noidle", .read, 0...0, handledByTheConnection),
    MPDCommand("notcommands", .none, 0...0, listNotCommands),
    MPDCommand("outputs", .read, 0...0, outputs),
    MPDCommand("password", .none, 1...1, handledByTheConnection),
    MPDCommand("pause", .control, 0...1, pause),
    MPDCommand("ping", .none, 0...0, ping),
    MPDCommand("play", .control, 0...1, play),
    MPDCommand("playid", .control, 0...1, playID),
    MPDCommand("playlist", .read, 0...0, playlist),
    MPDCommand("playlistadd", .control, 2...3, playlistAdd),
    MPDCommand("playlistclear", .control, 1...1, playlistClear),
    MPDCommand("playlistdelete", .control, 2...2, playlistDelete),
    MPDCommand("playlistfind", .read, 1...any, playlistFind),
    MPDCommand("playlistid", .read, 0...1, playlistID),
    MPDCommand("playlistinfo", .read, 0...1, playlistInfo),
    MPDCommand("playlistmove", .control, 3...3, playlistMove),
    MPDCommand("playlistsearch", .read, 1...any, playlistSearch),
    MPDCommand("plchanges", .read, 1...2, playlistChanges),
    MPDCommand("plchangesposid", .read, 1...2, playlistChangesPositions),
    MPDCommand("previous", .control, 0...0, previous),
    MPDCommand("prio", .add, 2...any, priority),
    MPDCommand("prioid", .add, 2...any, priorityID),
    MPDCommand("random", .control, 1...1, random),
    MPDCommand("rangeid", .add, 2...2, rangeID),
    MPDCommand("readcomments", .read, 1...1, readComments),
    MPDCommand("readpicture", .read, 2...2, readPicture),
    MPDCommand("rename", .control, 2...2, rename),
    MPDCommand("repeat", .control, 1...1, repeatMode),
    MPDCommand("replay_gain_mode", .control, 1...4, replayGainMode),
    MPDCommand("replay_gain_status", .read, 0...0, replayGainStatus),
    MPDCommand("rescan", .control, 0...1, update),
    MPDCommand("rm", .control, 1...1, remove),
    MPDCommand("save", .control, 1...2, save),
    MPDCommand("search", .read, 1...any, search),
    MPDCommand("searchadd", .add, 1...any, searchAdd),
    MPDCommand("searchaddpl", .control, 2...any, searchAddToPlaylist),
    MPDCommand("seek", .control, 2...2, seek),
    MPDCommand("seekcur", .control, 1...1, seekCurrent),
    MPDCommand("seekid", .control, 2...2, seekID),
    MPDCommand("setvol", .control, 1...1, setVolume),
    MPDCommand("shuffle", .control, 0...1, shuffle),
    MPDCommand("single", .control, 1...1, single),
    MPDCommand("stats", .read, 0...0, stats),
    MPDCommand("status", .read, 0...0, status),
    MPDCommand("sticker", .admin, 3...any, sticker),
    MPDCommand("stop", .control, 0...0, stop),
    MPDCommand("swap", .control, 2...2, swap),
    MPDCommand("swapid", .control, 2...2, swapID),
    MPDCommand("tagtypes", .read, 0...any, tagTypes),
    MPDCommand("toggleoutput", .admin, 1...1, toggleOutput),
    // tunes' own (MPDPlayOrder.swift, MPDStatusLine.swift).
    MPDCommand("tunes_playorder", .read, 0...1, tunesPlayOrder),
    MPDCommand("tunes_status", .read, 0...0, tunesStatus),
    MPDCommand("update", .control, 0...1, update),
    MPDCommand("urlhandlers", .read, 0...0, urlHandlers),
    MPDCommand("volume", .control, 1...1, changeVolume),
  ]

  /// The table by name.
  static let commandsByName = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, $0) })
}
