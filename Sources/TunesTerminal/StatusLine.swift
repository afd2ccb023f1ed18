// The player's one-line status: state, the song and its clock as NowPlayingText writes them (as `tunes
// status` does), a bar, shuffle/repeat/volume, fitted to the terminal width. A pure function of its
// inputs, so tests check it without a terminal.
import TunesCore

public struct StatusLineInput: Sendable, Equatable {
  public enum State: Sendable { case playing, paused, stopped }
  public var state: State
  public var title: String
  public var artist: String
  public var album: String
  /// The song's file, named when it has no title.
  public var file: String
  public var elapsedMs: Int
  public var durationMs: Int?
  public var shuffle: Bool
  /// "off", "all" or "one".
  public var repeatMode: String
  public var volume: Int

  public init(
    state: State, title: String, artist: String, album: String = "", file: String = "", elapsedMs: Int, durationMs: Int?,
    shuffle: Bool, repeatMode: String, volume: Int
  ) {
    self.state = state
    self.title = title
    self.artist = artist
    self.album = album
    self.file = file
    self.elapsedMs = elapsedMs
    self.durationMs = durationMs
    self.shuffle = shuffle
    self.repeatMode = repeatMode
    self.volume = volume
  }
}

public enum StatusLine {
  /// A bar of `width` cells, filled in proportion.
  public static func bar(_ fraction: Double, width: Int) -> String {
    guard width > 0 else { return "" }
    let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded(.down))
    return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
  }

  /// The line, never wider than `width` display cells. What matters most survives longest: the bar goes
  /// first, then the shuffle/repeat/volume flags, then the time; only then is the song's name cut.
  public static func render(_ input: StatusLineInput, width: Int) -> String {
    let symbol: String
    switch input.state {
    case .playing: symbol = "▶"
    case .paused: symbol = "⏸"
    case .stopped: symbol = "■"
    }
    let time = NowPlayingText.time(elapsedMs: input.elapsedMs, durationMs: input.durationMs)
    let flags = "\(input.shuffle ? "shuffle" : "in order") · repeat \(input.repeatMode) · vol \(input.volume)%"
    let name = NowPlayingText.name(title: input.title, artist: input.artist, album: input.album, file: input.file)
    let fraction = input.durationMs.map { $0 > 0 ? Double(input.elapsedMs) / Double($0) : 0 } ?? 0
    let head = "\(symbol) \(name)"
    let headCells = DisplayWidth.of(head)
    let timeCells = DisplayWidth.of(time)
    let flagCells = DisplayWidth.of(flags)

    // Everything, with a bar of 5 to 20 cells.
    let barWidth = min(20, width - headCells - 2 - timeCells - 1 - 2 - flagCells)
    if barWidth >= 5 { return "\(head)  \(time) \(bar(fraction, width: barWidth))  \(flags)" }
    if headCells + 2 + timeCells + 2 + flagCells <= width { return "\(head)  \(time)  \(flags)" }
    if headCells + 2 + timeCells <= width { return "\(head)  \(time)" }
    return DisplayWidth.fit(head, cells: max(width, 0))
  }
}
