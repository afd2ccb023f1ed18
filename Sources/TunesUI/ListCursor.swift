// Where a list's selection is and which row is at the top of its pane: the one piece of state every
// list view has, moved by the motion keys and kept inside the list when it shrinks or the pane resizes.

struct ListCursor: Equatable {
  var selected = 0
  var top = 0

  /// Moves the selection by `delta` rows within `count` rows, scrolling a pane of `height` rows.
  mutating func move(by delta: Int, count: Int, height: Int) {
    select(selected + delta, count: count, height: height)
  }

  mutating func select(_ row: Int, count: Int, height: Int) {
    selected = max(0, min(row, count - 1))
    clamp(count: count, height: height)
  }

  /// Keeps the selection and the top row valid and the selection visible.
  mutating func clamp(count: Int, height: Int) {
    let height = max(1, height)
    selected = max(0, min(selected, count - 1))
    if selected < top { top = selected }
    if selected >= top + height { top = selected - height + 1 }
    top = max(0, min(top, max(0, count - height)))
  }

  /// The rows of a pane: indexes from `top`, at most `height`.
  func visible(count: Int, height: Int) -> Range<Int> {
    let start = min(top, max(0, count))
    return start..<min(count, start + max(0, height))
  }
}

/// The MPD filter expression `(TAG == "VALUE")`, the value escaped as MPD's filter parser reads it.
enum MPDFilterText {
  static func equals(_ tag: String, _ value: String) -> String {
    "(\(tag) == \(quoted(value)))"
  }

  static func quoted(_ value: String) -> String {
    "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  static func all(_ parts: [String]) -> String {
    parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
  }
}
