// How one names a feed event on the command line: KIND/ID, as `tunes lb feed` prints it (rec/12,
// personal/5, pin/3, note/7, thanks/4). The server numbers each kind apart (a pin's row id and a
// recommendation's id may be equal), so the kind is part of the name, and it is what the hide,
// unhide, delete and thanks endpoints want as `event_type`.
public struct FeedEventReference: Sendable, Equatable, CustomStringConvertible {
  public var kind: FeedEvent.Kind
  public var id: Int

  public init(kind: FeedEvent.Kind, id: Int) {
    self.kind = kind
    self.id = id
  }

  /// The short names shown in the feed; the server's own `event_type` is accepted too.
  static let shortNames: [FeedEvent.Kind: String] = [
    .recommendation: "rec", .personalRecommendation: "personal", .pin: "pin", .notification: "note", .thanks: "thanks",
  ]

  /// "rec/12"; nil for kinds that cannot be acted on by id (listens, follows).
  public static func name(of event: FeedEvent) -> String? {
    guard let id = event.id, let short = shortNames[event.kind] else { return nil }
    return "\(short)/\(id)"
  }

  /// Reads "rec/12" or "recording_recommendation/12"; throws for anything else.
  public static func parse(_ text: String) throws(SocialError) -> FeedEventReference {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let id = Int(parts[1]), id >= 0 else { throw .badEventReference(text) }
    let name = parts[0].lowercased()
    if let kind = shortNames.first(where: { $0.value == name })?.key { return FeedEventReference(kind: kind, id: id) }
    if let kind = FeedEvent.Kind(rawValue: name), shortNames[kind] != nil { return FeedEventReference(kind: kind, id: id) }
    throw .badEventReference(text)
  }

  public var description: String { "\(Self.shortNames[kind] ?? kind.rawValue)/\(id)" }
}
