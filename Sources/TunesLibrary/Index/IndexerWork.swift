// The values the indexer passes between finding the files, reading them and writing their rows: the
// index's rows as the walk matches them, the work to do on each file, what reading a file gave, the
// catalogue entries the walk noted, and the slots the reader threads fill.
import Foundation
import TunesTags

#if canImport(Glibc)
  import Glibc
#endif

extension Indexer {
  /// One row of the index as the scanner compares it with a file.
  struct IndexedFile: Sendable {
    var id: Int64
    var key: PathKey
    var stamp: FileStamp?
    /// The stored fingerprint's value (the index keeps it as hex text).
    var catalogueFingerprint: UInt64?
    /// Marked missing by an earlier run (its file was gone then).
    var missing: Bool
    var path: String { key.path }
  }

  /// An index row whose file the walk found: all a rescan still needs of it once matched, so that the
  /// rows and their paths (the walk has the same ones) are let go before the catalogues are read.
  struct MatchedRow {
    var id: Int64
    var catalogueFingerprint: UInt64?
    var stampUnchanged: Bool
    /// The row was marked missing: its file is back, and the row is written again to say so.
    var missing: Bool

    /// Whether the row is up to date for its file named by an entry of this fingerprint (nil: none).
    func agrees(with fingerprint: UInt64?) -> Bool { stampUnchanged && !missing && catalogueFingerprint == fingerprint }
  }

  /// A stored hash, as its value when it is the hex text of one: 100k rows then hold no string each.
  enum HashText: Hashable, Sendable {
    case value(UInt64)
    case text(String)

    init(_ text: String) {
      if text.utf8.count == 16, let value = Fingerprint.value(text), Fingerprint.text(value) == text.drop(while: { $0 == "0" }) {
        self = .value(value)
      } else {
        self = .text(text)
      }
    }
  }

  enum Work {
    case add(PathKey, FileStamp)
    case update(Int64, PathKey, FileStamp)
    /// The walk's key: hashed once, looked up again when the file is written.
    var key: PathKey {
      switch self {
      case .add(let key, _), .update(_, let key, _): return key
      }
    }
    var path: String { key.path }
    var stamp: FileStamp {
      switch self {
      case .add(_, let stamp), .update(_, _, let stamp): return stamp
      }
    }
  }

  /// What reading one file gave: its metadata, or why it could not be read. A struct of optionals rather
  /// than an enum so that the writer can move the metadata out (`Optional.take`): binding an enum's
  /// payload copied it, retaining each of its strings and lists once more per file.
  struct ReadOutcome: Sendable {
    var metadata: FileMetadata?
    var failure: String?

    static func read(_ metadata: consuming FileMetadata) -> ReadOutcome { ReadOutcome(metadata: metadata, failure: nil) }
    static func failed(_ reason: String) -> ReadOutcome { ReadOutcome(metadata: nil, failure: reason) }
  }

  /// The catalogue entries, in one list per catalogue. Which entry names a file is noted in the walk's
  /// table (`WalkedFile.catalogueEntry`), the first catalogue naming a path winning. On a rescan an entry
  /// that agrees with the file's row (same file stamp, same fingerprint) is not kept at all: the note says
  /// `unchanged` and nothing of it will be written. A dictionary of 100k whole entries (~280 bytes each,
  /// in a table sized for 262k) took 73 MB; a table of places beside the walk's another 8 MB.
  struct CatalogueEntries {
    /// The note of an entry that agrees with the index.
    static let unchanged = UInt32.max
    private var lists: [[CatalogueEntry]] = []
    /// The number of the first entry of each list.
    private var starts: [Int] = []
    private var count = 0

    /// The entry a note refers to; nil for none and for `unchanged`.
    subscript(reference: UInt32) -> CatalogueEntry? {
      guard reference != 0 && reference != Self.unchanged else { return nil }
      let number = Int(reference) - 1
      var list = lists.count - 1
      while starts[list] > number { list -= 1 }
      return lists[list][number - starts[list]]
    }

    /// Starts the list of the next catalogue, with room for `count` entries.
    mutating func startList(capacity: Int) {
      var list: [CatalogueEntry] = []
      list.reserveCapacity(capacity)
      lists.append(list)
      starts.append(count)
    }

    /// Adds `entry` to the current list; returns the note that refers to it.
    mutating func append(_ entry: CatalogueEntry) -> UInt32 {
      if lists.isEmpty { startList(capacity: 0) }
      lists[lists.count - 1].append(entry)
      count += 1
      precondition(count < Int(Self.unchanged), "more catalogue entries than an index can note")
      return UInt32(count)
    }
  }

  /// Slots filled by reader threads, each index by exactly one thread.
  final class ReadSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<ReadOutcome?>
    init(count: Int) {
      buffer = .allocate(capacity: count)
      buffer.initialize(repeating: nil)
    }
    deinit {
      buffer.deinitialize()
      buffer.deallocate()
    }

    /// The outcomes, moved out (a file's tags are some fifty strings and lists: a copy retains each of them).
    func take() -> [ReadOutcome] {
      (0..<buffer.count).map { index in
        let outcome = buffer.moveElement(from: index)
        buffer.initializeElement(at: index, to: nil)
        return outcome ?? .failed("not read")
      }
    }
  }
}
