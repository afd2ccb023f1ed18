// The tags of one song as the MPD protocol carries them: several values per tag type (two artists, three
// genres), each type's values in the order the file gives them. MPD keeps a song's tags as one list of
// (type, value) items and writes a line per item; tunes writes the types in `MPDTag.songOrder` and each
// type's values in order, which is that list for the files tunes reads.

public struct MPDTags: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// Never holds an empty list or an empty value: MPD keeps no empty tag.
  private var storage: [MPDTag: [String]] = [:]

  public init() {}

  /// `[.artist: "A", .artist: "B", .title: "T"]`: a key given twice is a tag with two values.
  public init(dictionaryLiteral elements: (MPDTag, String)...) {
    for (tag, value) in elements { append(value, to: tag) }
  }

  public init(_ values: [MPDTag: [String]]) {
    for (tag, list) in values { self[all: tag] = list }
  }

  /// The first value of `tag`, nil when the song has none; setting replaces every value (nil or "" removes them).
  public subscript(tag: MPDTag) -> String? {
    get { storage[tag]?.first }
    set { self[all: tag] = newValue.map { [$0] } ?? [] }
  }

  /// Every value of `tag` in order, `[]` when the song has none; empty values are dropped.
  public subscript(all tag: MPDTag) -> [String] {
    get { storage[tag] ?? [] }
    set {
      let kept = newValue.filter { !$0.isEmpty }
      storage[tag] = kept.isEmpty ? nil : kept
    }
  }

  public mutating func append(_ value: String, to tag: MPDTag) {
    guard !value.isEmpty else { return }
    storage[tag, default: []].append(value)
  }

  public var isEmpty: Bool { storage.isEmpty }

  /// The tag types the song has, in `MPDTag.songOrder`.
  public var types: [MPDTag] { MPDTag.songOrder.filter { storage[$0] != nil } }

  /// Every value of every tag, types in `MPDTag.songOrder`.
  public var allValues: [String] { types.flatMap { storage[$0]! } }

  /// The values MPD reads for `tag` where it falls back (`list`, `count group`, filters): the tag's own
  /// values, else those of the first tag of its fallback chain the song has; `[]` when none has any.
  public func valuesWithFallback(_ tag: MPDTag) -> [String] {
    for candidate in [tag] + tag.fallbacks { if let values = storage[candidate] { return values } }
    return []
  }

  /// What `list` and `count group` count a song under: `valuesWithFallback`, or `[""]` when that is empty.
  public func listedValues(_ tag: MPDTag) -> [String] {
    let values = valuesWithFallback(tag)
    return values.isEmpty ? [""] : values
  }
}
