// The player's one-line status: state, title — artist, elapsed/total with a bar, shuffle/repeat/volume,
// fitted to the terminal width. A pure function of its inputs, so tests check it without a terminal.
import TunesCore

public struct StatusLineInput: Sendable, Equatable {
  public enum State: Sendable { case playing, paused, stopped }
  public var state: State
  public var title: String
  public var artist: String
  public var elapsedMs: Int
  public var durationMs: Int?
  public var shuffle: Bool
  /// "off", "all" or "one".
  public var repeatMode: String
  public var volume: Int

  public init(
    state: State, title: String, artist: String, elapsedMs: Int, durationMs: Int?, shuffle: Bool, repeatMode: String,
    volume: Int
  ) {
    self.state = state
    self.title = title
    self.artist = artist
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

  /// The line, never wider than `width` characters: the title is shortened first, then the bar dropped.
  public static func render(_ input: StatusLineInput, width: Int) -> String {
    let symbol: String
    switch input.state {
    case .playing: symbol = "▶"
    case .paused: symbol = "⏸"
    case .stopped: symbol = "■"
    }
    let total = input.durationMs.map { DurationText.clock(ms: $0) } ?? "?:??"
    let time = "\(DurationText.clock(ms: input.elapsedMs))/\(total)"
    let flags = "\(input.shuffle ? "shuffle" : "in order") · repeat \(input.repeatMode) · vol \(input.volume)%"
    var name = input.artist.isEmpty ? input.title : "\(input.title) — \(input.artist)"
    let fixed = 2 + 2 + time.count + 2 + flags.count
    var barWidth = min(20, max(0, width - fixed - name.count - 1))
    if barWidth < 5 { barWidth = 0 }
    let room = width - fixed - (barWidth > 0 ? barWidth + 1 : 0)
    if name.count > room { name = room > 1 ? String(name.prefix(room - 1)) + "…" : "" }
    let fraction = input.durationMs.map { $0 > 0 ? Double(input.elapsedMs) / Double($0) : 0 } ?? 0
    var line = "\(symbol) \(name)  \(time)"
    if barWidth > 0 { line += " " + bar(fraction, width: barWidth) }
    line += "  " + flags
    return String(line.prefix(max(width, 0)))
  }
}
