// Which of a song's display names the indexer made up rather than read from a tag or the catalogue: a
// title from the file name, the artist standing in as album artist. Listings group and sort by those
// names, but `--json` and `info` print null for them: a fallback is not something the file says.
public struct DerivedNames: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The bits are those of the row's `derivedFields` column (TagSchema).
  public static let title = DerivedNames(rawValue: TagSchema.titleFromFileName)
  public static let albumArtist = DerivedNames(rawValue: TagSchema.albumArtistFromArtist)
}
