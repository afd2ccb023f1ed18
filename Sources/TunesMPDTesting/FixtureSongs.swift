// The five songs the protocol tests serve, on the in-memory backend and (written into a library) on the
// real one: two albums of one artist, a song of another, and a loose file with quotes in its title.
import TunesMPD

public let fixtureSongs: [MPDSong] = [
  MPDSong(
    file: "Beatles/Abbey Road/01 Come Together.mp3",
    tags: [.artist: "The Beatles", .album: "Abbey Road", .title: "Come Together", .track: "1", .date: "1969", .genre: "Rock"],
    duration: 259.5),
  MPDSong(
    file: "Beatles/Abbey Road/02 Something.mp3",
    tags: [.artist: "The Beatles", .album: "Abbey Road", .title: "Something", .track: "2", .date: "1969", .genre: "Rock"],
    duration: 182.25),
  MPDSong(
    file: "Beatles/Help/01 Help.mp3",
    tags: [.artist: "The Beatles", .album: "Help!", .title: "Help!", .track: "1", .genre: "Rock"], duration: 138),
  MPDSong(
    file: "Nina Simone/Feeling Good.mp3",
    tags: [.artist: "Nina Simone", .album: "I Put a Spell on You", .title: "Feeling Good", .genre: "Jazz"], duration: 177.0),
  MPDSong(file: "loose.mp3", tags: [.title: "Loose \"Quoted\" Song"], duration: 10),
]
