// The ID3v1 genre table (numbers 0-191, the Winamp extensions included) and the resolution of ID3v2 TCON
// values such as "(17)", "(17)Rock", "17", "RX" and "CR" to genre names.

enum ID3Genres {
  /// Genre names by ID3v1 genre number.
  static let names: [String] = [
    "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk", "Grunge", "Hip-Hop", "Jazz", "Metal",
    "New Age", "Oldies", "Other", "Pop", "R&B", "Rap", "Reggae", "Rock", "Techno", "Industrial", "Alternative",
    "Ska", "Death Metal", "Pranks", "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop", "Vocal", "Jazz+Funk",
    "Fusion", "Trance", "Classical", "Instrumental", "Acid", "House", "Game", "Sound Clip", "Gospel", "Noise",
    "Alt. Rock", "Bass", "Soul", "Punk", "Space", "Meditative", "Instrumental Pop", "Instrumental Rock",
    "Ethnic", "Gothic", "Darkwave", "Techno-Industrial", "Electronic", "Pop-Folk", "Eurodance", "Dream",
    "Southern Rock", "Comedy", "Cult", "Gangsta Rap", "Top 40", "Christian Rap", "Pop/Funk", "Jungle",
    "Native American", "Cabaret", "New Wave", "Psychedelic", "Rave", "Showtunes", "Trailer", "Lo-Fi", "Tribal",
    "Acid Punk", "Acid Jazz", "Polka", "Retro", "Musical", "Rock & Roll", "Hard Rock", "Folk", "Folk-Rock",
    "National Folk", "Swing", "Fast-Fusion", "Bebop", "Latin", "Revival", "Celtic", "Bluegrass", "Avantgarde",
    "Gothic Rock", "Progressive Rock", "Psychedelic Rock", "Symphonic Rock", "Slow Rock", "Big Band", "Chorus",
    "Easy Listening", "Acoustic", "Humour", "Speech", "Chanson", "Opera", "Chamber Music", "Sonata",
    "Symphony", "Booty Bass", "Primus", "Porn Groove", "Satire", "Slow Jam", "Club", "Tango", "Samba",
    "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul", "Freestyle", "Duet", "Punk Rock", "Drum Solo",
    "A Cappella", "Euro-House", "Dance Hall", "Goa", "Drum & Bass", "Club-House", "Hardcore", "Terror",
    "Indie", "BritPop", "Afro-Punk", "Polsk Punk", "Beat", "Christian Gangsta Rap", "Heavy Metal",
    "Black Metal", "Crossover", "Contemporary Christian", "Christian Rock", "Merengue", "Salsa",
    "Thrash Metal", "Anime", "JPop", "Synthpop", "Abstract", "Art Rock", "Baroque", "Bhangra", "Big Beat",
    "Breakbeat", "Chillout", "Downtempo", "Dub", "EBM", "Eclectic", "Electro", "Electroclash", "Emo",
    "Experimental", "Garage", "Global", "IDM", "Illbient", "Industro-Goth", "Jam Band", "Krautrock",
    "Leftfield", "Lounge", "Math Rock", "New Romantic", "Nu-Breakz", "Post-Punk", "Post-Rock", "Psytrance",
    "Shoegaze", "Space Rock", "Trop Rock", "World Music", "Neoclassical", "Audiobook", "Audio Theatre",
    "Neue Deutsche Welle", "Podcast", "Indie Rock", "G-Funk", "Dubstep", "Garage Rock", "Psybient",
  ]

  /// The name of genre number `n`, or nil when the number is outside the table (255 means "none").
  static func name(_ n: Int) -> String? {
    n >= 0 && n < names.count ? names[n] : nil
  }

  /// Resolves one TCON value to genre names. "(17)" and "17" are numeric references, "(RX)"/"RX" Remix and
  /// "(CR)"/"CR" Cover; text after references ("(17)Rock", "(4)Eurodisco") is a refinement kept as its own
  /// name unless it repeats a reference; "((" escapes a literal parenthesis.
  static func resolve(_ value: String) -> [String] {
    let trimmed = value.trimmingSpaces()
    if trimmed.isEmpty { return [] }
    if let n = Int(trimmed), trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      return name(n).map { [$0] } ?? []
    }
    if trimmed == "RX" { return ["Remix"] }
    if trimmed == "CR" { return ["Cover"] }
    var result: [String] = []
    var rest = Substring(trimmed)
    while rest.hasPrefix("(") && !rest.hasPrefix("((") {
      guard let close = rest.firstIndex(of: ")") else { break }
      let ref = rest[rest.index(after: rest.startIndex)..<close]
      if let n = Int(ref) {
        if let genre = name(n) { result.append(genre) }  // an unknown number (255: none) names nothing
      } else if ref == "RX" {
        result.append("Remix")
      } else if ref == "CR" {
        result.append("Cover")
      } else if !ref.isEmpty {
        result.append(String(ref))
      }
      rest = rest[rest.index(after: close)...]
    }
    if rest.hasPrefix("((") { rest = rest.dropFirst() }
    let refinement = String(rest).trimmingSpaces()
    if !refinement.isEmpty && !result.contains(refinement) { result.append(refinement) }
    return result
  }
}
