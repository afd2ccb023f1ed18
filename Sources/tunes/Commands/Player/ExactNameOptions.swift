// `--album NAME` and `--artist NAME` of `play`, `add`, `playlist create` and `playlist add`: each names an
// album or an artist exactly (case aside), as mpc's `findadd album X` does, so "Midnight Reservoir" never
// brings its Deluxe Edition; free words stay the query's job. One group, so the four commands say the same.
import ArgumentParser

struct ExactNameOptions: ParsableArguments {
  @Option(
    name: .long, help: "Only songs of the album of this exact name (case aside).",
    completion: LibraryCompletions.albums)
  var album: String?
  @Option(
    name: .long, help: "Only songs of the artist of this exact name (case aside).",
    completion: LibraryCompletions.artists)
  var artist: String?

  /// Neither option was given.
  var isEmpty: Bool { album == nil && artist == nil }

  /// The query terms the options stand for.
  var terms: [String] { PlayQueueSource.exactTerms(artist: artist, album: album) }
}
