// Which key does what: the actions of the UI, their default keys (cmus' where cmus has one, vim's motions,
// the usual arrows and paging keys), the keys' names as config.toml writes them, and the `[keys]`
// section that changes them: `ACTION = "KEY KEY…"` gives an action those keys instead of its defaults
// (a key it takes leaves the action that had it). An unknown action or key name is an error naming
// the file and line.
import Foundation
import TunesCore

public enum UIAction: String, CaseIterable, Sendable {
  case play, pause, stop, next, previous, shuffle = "toggle_shuffle", repeatMode = "toggle_repeat"
  case volumeUp = "volume_up", volumeDown = "volume_down"
  case seekForward = "seek_forward", seekBackward = "seek_backward"
  case seekForwardMinute = "seek_forward_minute", seekBackwardMinute = "seek_backward_minute"
  case search, searchNext = "search_next", searchPrevious = "search_previous"
  case add, addNext = "add_next", delete, moveDown = "move_down", moveUp = "move_up"
  case playOrder = "toggle_play_order", addToPlaylist = "add_to_playlist", renamePlaylist = "rename_playlist"
  case love, hate, unrate, pin, nextRange = "next_range", previousRange = "previous_range"
  case hideEvent = "hide_event", thankEvent = "thank_event"
  case command, quit, detach
  case down, up, top, bottom, halfPageDown = "half_page_down", halfPageUp = "half_page_up"
  case pageDown = "page_down", pageUp = "page_up"
  case activate, close, redraw, help, nextPane = "next_pane", previousPane = "previous_pane"
  case view1 = "view_library", view2 = "view_songs", view3 = "view_queue", view4 = "view_playlists"
  case view5 = "view_search", view6 = "view_details", view7 = "view_listenbrainz", view8 = "view_now_playing"

  /// What the help says the action does.
  public var summary: String {
    switch self {
    case .play: return "play (from the start when playing)"
    case .pause: return "pause / resume"
    case .stop: return "stop"
    case .next: return "next song"
    case .previous: return "previous song"
    case .shuffle: return "shuffle on/off"
    case .repeatMode: return "repeat: off, all, one"
    case .volumeUp: return "volume +5"
    case .volumeDown: return "volume -5"
    case .seekForward: return "seek +5 s"
    case .seekBackward: return "seek -5 s"
    case .seekForwardMinute: return "seek +1 min"
    case .seekBackwardMinute: return "seek -1 min"
    case .search: return "search (the query language)"
    case .searchNext: return "next match"
    case .searchPrevious: return "previous match"
    case .add: return "add the selection to the queue"
    case .addNext: return "add the selection after the current song"
    case .delete: return "remove from the queue or playlist (a playlist, asked first)"
    case .moveDown: return "move down in the queue or playlist"
    case .moveUp: return "move up in the queue or playlist"
    case .addToPlaylist: return "add the selection to a playlist (a new name creates it)"
    case .renamePlaylist: return "rename the selected playlist"
    case .playOrder: return "queue: play order / queue order (shuffle)"
    case .love: return "ListenBrainz: love the selected song (else the playing one)"
    case .hate: return "ListenBrainz: hate the selected song (else the playing one)"
    case .unrate: return "ListenBrainz: take back a love or hate"
    case .pin: return "ListenBrainz: pin the selected song (else the playing one)"
    case .nextRange: return "ListenBrainz top lists and activity: next range"
    case .previousRange: return "ListenBrainz top lists and activity: previous range"
    case .hideEvent: return "ListenBrainz feed: hide the selected event"
    case .thankEvent: return "ListenBrainz feed: thank for the selected event"
    case .command: return "command line (tunes commands)"
    case .quit: return "quit"
    case .detach: return "leave the player playing in the background"
    case .down: return "down"
    case .up: return "up"
    case .top: return "first row"
    case .bottom: return "last row"
    case .halfPageDown: return "half a page down"
    case .halfPageUp: return "half a page up"
    case .pageDown: return "page down"
    case .pageUp: return "page up"
    case .activate: return "play the selection / open"
    case .close: return "close help, search input, command line"
    case .redraw: return "redraw the screen"
    case .help: return "this help"
    case .nextPane: return "next pane"
    case .previousPane: return "previous pane"
    case .view1: return "view: library (artists, albums, songs)"
    case .view2: return "view: all songs"
    case .view3: return "view: queue"
    case .view4: return "view: playlists"
    case .view5: return "view: search"
    case .view6: return "view: song details"
    case .view7: return "view: ListenBrainz"
    case .view8: return "view: now playing (cover, lyrics)"
    }
  }
}

public struct KeyMap: Sendable {
  public private(set) var bindings: [UIKey: UIAction]

  public static let defaults: [UIAction: [String]] = [
    .play: ["x"], .pause: ["c"], .stop: ["v"], .next: ["b"], .previous: ["z"], .shuffle: ["s"], .repeatMode: ["r"],
    .volumeUp: ["+", "="], .volumeDown: ["-"], .seekForward: ["right", "l"], .seekBackward: ["left", "h"],
    .seekForwardMinute: ["."], .seekBackwardMinute: [","], .search: ["/"], .searchNext: ["n"], .searchPrevious: ["N"],
    .add: ["a"], .addNext: ["e"], .delete: ["D", "delete"], .moveDown: ["p"], .moveUp: ["P"], .playOrder: ["o"],
    .addToPlaylist: ["y"], .renamePlaylist: ["R"],
    .love: ["f"], .hate: ["H"], .unrate: ["u"], .pin: ["*"], .nextRange: ["t"], .previousRange: ["T"],
    .hideEvent: ["X"], .thankEvent: ["Y"],
    .command: [":"],
    .quit: ["q"], .detach: ["d"], .down: ["j", "down"], .up: ["k", "up"], .top: ["g", "home"], .bottom: ["G", "end"],
    .halfPageDown: ["ctrl-d"], .halfPageUp: ["ctrl-u"], .pageDown: ["pgdn", "ctrl-f"], .pageUp: ["pgup", "ctrl-b"],
    .activate: ["enter"], .close: ["esc"], .redraw: ["ctrl-l"], .help: ["?"], .nextPane: ["tab"],
    .previousPane: ["shift-tab"], .view1: ["1"], .view2: ["2"], .view3: ["3"], .view4: ["4"], .view5: ["5"],
    .view6: ["6"], .view7: ["7"], .view8: ["8", "L"],
  ]

  public init() {
    bindings = [:]
    for (action, names) in Self.defaults {
      for name in names { if let key = Self.key(named: name) { bindings[key] = action } }
    }
  }

  public subscript(key: UIKey) -> UIAction? { bindings[key] }

  /// The keys of an action, named as config.toml names them, in a steady order (for the help).
  public func names(of action: UIAction) -> [String] {
    bindings.filter { $0.value == action }.map { Self.name(of: $0.key) }.sorted { ($0.count, $0) < ($1.count, $1) }
  }

  /// Gives `action` exactly `keys`.
  public mutating func bind(_ action: UIAction, to keys: [UIKey]) {
    bindings = bindings.filter { $0.value != action }
    for key in keys { bindings[key] = action }
  }

  static let named: [String: UIKey] = [
    "space": .character(" "), "enter": .enter, "return": .enter, "tab": .tab, "shift-tab": .backTab,
    "backtab": .backTab, "esc": .escape, "escape": .escape, "backspace": .backspace, "delete": .delete,
    "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp, "pageup": .pageUp,
    "pgdn": .pageDown, "pagedown": .pageDown, "home": .home, "end": .end,
  ]

  /// A key from its name: one character, `ctrl-X`, or a name above.
  public static func key(named name: String) -> UIKey? {
    if let key = named[name.lowercased()] { return key }
    if name.count == 1, let character = name.first, character != " " { return .character(character) }
    let lower = name.lowercased()
    if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, ("a"..."z").contains(letter) {
      // Ctrl-I, -J, -M are Tab and Enter on a terminal.
      switch letter {
      case "i": return .tab
      case "j", "m": return .enter
      default: return .control(letter)
      }
    }
    return nil
  }

  public static func name(of key: UIKey) -> String {
    switch key {
    case .character(" "): return "space"
    case .character(let character): return String(character)
    case .control(let letter): return "ctrl-\(letter)"
    case .up: return "up"
    case .down: return "down"
    case .left: return "left"
    case .right: return "right"
    case .pageUp: return "pgup"
    case .pageDown: return "pgdn"
    case .home: return "home"
    case .end: return "end"
    case .enter: return "enter"
    case .tab: return "tab"
    case .backTab: return "shift-tab"
    case .escape: return "esc"
    case .backspace: return "backspace"
    case .delete: return "delete"
    case .mouse: return "mouse"
    case .unknown: return "?"
    }
  }

  /// The default keys changed by the `[keys]` section of config.toml (read from `text`, the file at `path`).
  public static func load(text: String, path: String) throws(ConfigError) -> KeyMap {
    var map = KeyMap()
    let config: Config
    do { config = try Config.parse(text, path: path) } catch let error as ConfigError { throw error } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
    guard let section = config.sections.first(where: { $0.name == "keys" }) else { return map }
    for (name, value) in section.entries {
      let line = Self.line(of: name, inSection: "keys", text: text)
      guard let action = UIAction(rawValue: name) else {
        let near = NearestName.to(name, among: UIAction.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
        throw .syntax(path: path, line: line, message: "unknown action \"\(name)\" in [keys]\(near)")
      }
      guard let keyText = value.stringValue else {
        throw .syntax(path: path, line: line, message: "\(name) takes a string of key names, like \"x\" or \"ctrl-d space\"")
      }
      var keys: [UIKey] = []
      for word in keyText.split(separator: " ") {
        guard let key = Self.key(named: String(word)) else {
          throw .syntax(
            path: path, line: line,
            message: "unknown key \"\(word)\" for \(name): a character, ctrl-a…ctrl-z, or one of "
              + named.keys.sorted().joined(separator: ", "))
        }
        keys.append(key)
      }
      map.bind(action, to: keys)
    }
    return map
  }

  /// The line of `key` in `[section]` (1-based; the section's line when the key cannot be found).
  static func line(of key: String, inSection section: String, text: String) -> Int {
    var inside = false
    var sectionLine = 1
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        inside = line == "[\(section)]"
        if inside { sectionLine = number + 1 }
        continue
      }
      if inside, line.hasPrefix(key), line.dropFirst(key.count).trimmingCharacters(in: .whitespaces).hasPrefix("=") {
        return number + 1
      }
    }
    return sectionLine
  }
}
