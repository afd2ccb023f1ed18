// The one way songs are listed for people (ls songs, search, info's candidates).
import TunesCore
import TunesLibrary

enum SongTable {
  static func print(_ songs: [Song], empty: String = "no songs match") {
    TableOutput.print(
      header: ["ID", "TITLE", "ARTIST", "ALBUM", "#", "YEAR", "TIME", "PLAYS"],
      rows: songs.map { song in
        [
          song.id.map(String.init) ?? "", song.title, song.artist, song.album,
          song.trackNumber.map(String.init) ?? "", song.year.map(String.init) ?? "",
          DurationText.cell(ms: song.durationMs), String(song.playCount),
        ]
      },
      rightAligned: [0, 4, 6, 7], empty: empty)
  }
}
