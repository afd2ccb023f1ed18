// Numbers for the names the shuffle spreads apart (artist; album artist with album), given once when a
// song joins the queue. Folding a name's case costs far more than the arrangement itself (64k songs:
// ~0.1 s of trimming and lowercasing against a few ms of arranging), and a queue holds few distinct
// names, so each distinct spelling is folded once and every later song of it is a dictionary lookup.
// A shuffle then reads two small numbers per entry and does no string work at all.
import Foundation
import TunesCore

public struct ShuffleNames: Sendable {
  /// A name as a tag spells it → the number of its folded form (or `unknown`).
  private var spellings: [String: Int32] = [:]
  /// A folded name → its number.
  private var folded: [String: Int32] = [:]
  /// Folded artist number (or `unknown`) and folded album number → the album's number.
  private var albums: [Int64: Int32] = [:]

  /// The number given to an empty name: a song without it is never "the same" as another.
  public static let unknown: Int32 = -1

  public init() {}

  /// How many distinct folded names and albums are numbered (they are kept until the queue is cleared).
  public var count: Int { folded.count + albums.count }

  /// The numbers of a song's artist and album (album artist with album): `unknown` when the name is
  /// empty once trimmed. Names equal but for case and surrounding blanks get one number.
  public mutating func numbers(artist: String, album: String) -> (artist: Int32, album: Int32) {
    let a = number(artist)
    let b = number(album)
    guard b != Self.unknown else { return (a, Self.unknown) }
    let pair = Int64(a) << 32 | Int64(b)
    if let known = albums[pair] { return (a, known) }
    let next = Int32(albums.count)
    albums[pair] = next
    return (a, next)
  }

  public mutating func numbers(_ names: (artist: String, album: String)) -> (artist: Int32, album: Int32) {
    numbers(artist: names.artist, album: names.album)
  }

  /// A key for a song outside a queue (tests, benchmarks): its numbers from these names.
  public mutating func key(id: Int, artist: String, album: String) -> ShuffleKey {
    let numbers = numbers(artist: artist, album: album)
    return ShuffleKey(id: id, artist: numbers.artist, album: numbers.album)
  }

  private mutating func number(_ spelling: String) -> Int32 {
    if let known = spellings[spelling] { return known }
    let name = spelling.trimmingEnds(in: .whitespaces).lowercased()
    let number: Int32
    if name.isEmpty {
      number = Self.unknown
    } else if let known = folded[name] {
      number = known
    } else {
      number = Int32(folded.count)
      folded[name] = number
    }
    spellings[spelling] = number
    return number
  }
}
