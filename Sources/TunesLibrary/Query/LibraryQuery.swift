// The query language shared by `tunes ls`, `tunes search`, smart playlists and `tunes play`:
// what a parsed query is. Parsing is in QueryParser.swift, SQL generation in QuerySQL.swift;
// the reference is Docs/Query.md.

public struct LibraryQuery: Sendable, Equatable {
  /// Fields searched through the full-text index (word-prefix match, case and diacritics folded).
  public enum TextField: String, Sendable, CaseIterable {
    /// Free words: title, artist, album or album artist.
    case any
    case artist, album, albumArtist = "albumartist", title, genre
  }

  public enum NumberField: String, Sendable, CaseIterable {
    case year, playCount = "playcount"
  }

  /// An inclusive range; nil bounds are open.
  public struct NumberRange: Sendable, Equatable {
    public var lower: Int?
    public var upper: Int?
    public init(lower: Int?, upper: Int?) {
      self.lower = lower
      self.upper = upper
    }
  }

  public enum Term: Sendable, Equatable {
    /// `words` are matched as word prefixes, all of them; `phrase` keeps them together and in order.
    case text(TextField, words: [String], phrase: Bool, negated: Bool)
    /// The field's whole value equal to `value` (`artist:=AIR`), byte for byte unless `ignoringCase`
    /// (`artist:=~air`), as beets' exact matches and MPD's `find`. Free words have no exact form.
    case exact(TextField, String, ignoringCase: Bool, negated: Bool)
    /// A path prefix when the value starts with "/", else a substring of the path.
    case path(String, negated: Bool)
    case number(NumberField, NumberRange, negated: Bool)
    /// `field::pattern`: a regular expression (ICU syntax, case kept) found anywhere in the field's value
    /// or, for artist, album artist and genre, in any one of the values tagged (beets' regex match).
    case regex(TextField, String, negated: Bool)
    /// Any other stored tag (TagField): its values compared as `match` says.
    case tag(TagField, TagMatch, negated: Bool)
  }

  /// How a term compares a stored tag's values with what the query gives.
  public enum TagMatch: Sendable, Equatable {
    /// Some value contains the text, ASCII case ignored (beets' default substring match).
    case contains(String)
    /// Some value is the text, byte for byte unless `ignoringCase`.
    case exact(String, ignoringCase: Bool)
    /// Some value contains a match of the regular expression.
    case regex(String)
    /// The number lies in the range.
    case numbers(NumberRange)
    /// The date lies in the range of dates `lower` and `upper` (each "YYYY", "YYYY-MM" or "YYYY-MM-DD",
    /// standing for the whole period: `2000-11..2001-02` is from 1 November 2000 to the end of February 2001).
    case dates(lower: String?, upper: String?)
    /// The flag is set (`comp:true`) or not (`comp:false`).
    case flag(Bool)
  }

  public enum SortKey: String, Sendable, CaseIterable {
    case title, artist, albumArtist = "albumartist", album, year, duration, playCount = "playcount",
      lastPlayed = "lastplayed", added, random
  }

  public struct Sort: Sendable, Equatable {
    public var key: SortKey
    public var descending: Bool
    /// Where the query text names it (1-based, the start of its `sort:` term; 0 when built in code), for
    /// the error of a listing that has no such order. Not part of what the sort means: ignored by `==`.
    public var position: Int
    public init(_ key: SortKey, descending: Bool = false, position: Int = 0) {
      self.key = key
      self.descending = descending
      self.position = position
    }

    public static func == (a: Sort, b: Sort) -> Bool { a.key == b.key && a.descending == b.descending }
  }

  /// Which songs a query looks at as to their files: those present (the default), or with `missing:`
  /// those whose files are gone too, or only those.
  public enum MissingSongs: String, Sendable, CaseIterable {
    /// `missing:no`, the default.
    case hidden = "no"
    /// `missing:any`.
    case included = "any"
    /// `missing:yes`.
    case only = "yes"
  }

  public var terms: [Term] = []
  public var missing = MissingSongs.hidden
  /// Applied in order, then the default order (album artist, album, disc, track, path) breaks ties.
  public var sort: [Sort] = []
  public var limit: Int?

  public init(terms: [Term] = [], sort: [Sort] = [], limit: Int? = nil, missing: MissingSongs = .hidden) {
    self.terms = terms
    self.missing = missing
    self.sort = sort
    self.limit = limit
  }
}
