// Every tag the readers fill is stored and read back as it was, catalogue names put in place, nothing
// invented. (A database made before tags were stored upgrading in place, keeping every area's rows, is
// in TunesDatabaseTests.)
import Foundation
import GRDB
import Testing
import TunesTags

@testable import TunesLibrary

@Suite struct TagStorageTests {
  /// A TagSet with every field set, several values where a field can hold several.
  static func everyTag() -> TagSet {
    var tags = TagSet()
    tags.title = "Ave Maria"
    tags.artist = "Anne Sofie von Otter feat. Elvis Costello"
    tags.artists = ["Anne Sofie von Otter", "Elvis Costello"]
    tags.album = "For the Stars"
    tags.albumArtist = "Anne Sofie von Otter & Elvis Costello"
    tags.albumArtists = ["Anne Sofie von Otter", "Elvis Costello"]
    tags.titleSort = "Ave Maria (sort)"
    tags.artistSort = "Otter, Anne Sofie von"
    tags.albumSort = "For the Stars (sort)"
    tags.albumArtistSort = "Otter & Costello"
    tags.composerSort = "Schubert, Franz"
    tags.composers = ["Franz Schubert", "Walter Scott"]
    tags.performers = ["Anne Sofie von Otter (vocals)", "Bengt Forsberg (piano)"]
    tags.conductors = ["Nobody Known"]
    tags.ensemble = "The Brodsky Quartet"
    tags.work = "Ellens dritter Gesang"
    tags.movement = "Ave Maria"
    tags.movementNumber = 3
    tags.movementTotal = 7
    tags.lyricists = ["Walter Scott", "Adam Storck"]
    tags.genres = ["Classical", "Lied"]
    tags.date = "2001-03-12"
    tags.originalDate = "1825-04"
    tags.trackNumber = 4
    tags.trackTotal = 18
    tags.discNumber = 1
    tags.discTotal = 2
    tags.discSubtitle = "Songs"
    tags.grouping = "Lieder"
    tags.labels = ["Deutsche Grammophon", "Universal"]
    tags.catalogNumber = "469 530-2"
    tags.barcode = "028946953026"
    tags.isrc = "DEF050130090"
    tags.comment = "a comment"
    tags.lyrics = "Ave Maria! Jungfrau mild"
    tags.isCompilation = true
    tags.bpm = 72
    tags.recordingMbid = "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"
    tags.releaseTrackMbid = "1d2e3f40-1111-4222-8333-944455566677"
    tags.releaseMbid = "d4fd9b8c-0f3a-4a59-9d9e-1f2e3c4b5a69"
    tags.releaseGroupMbid = "aa11bb22-cc33-4d44-8e55-ff6677889900"
    tags.artistMbids = ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "c2a6cc1c-4b2f-4bb0-bb3c-a8b4d1d2c3e4"]
    tags.albumArtistMbids = ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d"]
    tags.workMbids = ["0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d"]
    tags.replayGain = ReplayGainTags(trackGain: -6.5, trackPeak: 0.98, albumGain: -7.25, albumPeak: 1.01)
    tags.mixRampStart = "-17 0.5;-12 1.0"
    tags.mixRampEnd = "-20 180.0"
    tags.versions = ["ID3v2.4", "ID3v1.1"]
    return tags
  }

  /// Options whose reader returns `tags` for every file, with FLAC-like audio properties.
  static func options(_ tags: @escaping @Sendable (String) -> TagSet) -> IndexingOptions {
    var options = IndexingOptions()
    options.readMetadata = { path in
      var audio = AudioProperties(
        durationMs: 200_000, sampleRate: 96_000, channels: 2, bitrate: 2_400, lengthSource: "STREAMINFO",
        audioOffset: 0, audioLength: 100, audioHash: path)
      audio.codec = "flac"
      audio.bitsPerSample = 24
      return FileMetadata(tags: tags(path), audio: audio)
    }
    return options
  }

  func onlySong(_ temp: TempLibrary) throws -> Int64 {
    try #require(try temp.library.pool.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM song") })
  }

  @Test func everyTagIsStoredAndReadBackAsRead() throws {
    let temp = try TempLibrary()
    try temp.write("a.flac.mp3", [:])
    _ = try temp.library.index(paths: [temp.music], options: Self.options { _ in Self.everyTag() })
    let id = try onlySong(temp)
    let stored = try #require(try temp.library.tags(forSongs: [id, 999])[id])
    #expect(stored == Self.everyTag())
    #expect(try temp.library.tags(forSongs: [999]).isEmpty)
    let audio = try #require(try temp.library.audio(forSongs: [id])[id])
    #expect(audio.codec == "flac" && audio.bitrate == 2_400 && audio.sampleRate == 96_000)
    #expect(audio.bitsPerSample == 24 && audio.channels == 2 && audio.durationMs == 200_000)
    #expect(audio.fileSize != nil && audio.addedAt != nil && audio.lastPlayedAt == nil)
    // The columns the player and the old indexes read.
    let row = try #require(
      try temp.library.pool.read { db in
        try Row.fetchOne(db, sql: "SELECT year, genre, trackGain, albumPeak, albumArtist FROM song")
      })
    #expect(row[0] as Int? == 2001)
    #expect(row[1] as String? == "Classical; Lied")
    #expect(row[2] as Double? == -6.5 && row[3] as Double? == 1.01)
    #expect(row[4] as String? == "Anne Sofie von Otter & Elvis Costello")
  }

  @Test func fallbacksOfTheDisplayColumnsAreNotPresentedAsTags() throws {
    let temp = try TempLibrary()
    try temp.write("Some File Name.mp3", [:])
    _ = try temp.library.index(
      paths: [temp.music],
      options: Self.options { _ in
        var tags = TagSet()
        tags.artist = "Only An Artist"
        return tags
      })
    let id = try onlySong(temp)
    let song = try #require(try temp.library.song(id: id))
    // Listings still group and show the fallbacks…
    #expect(song.title == "Some File Name" && song.albumArtist == "Only An Artist")
    // …but the tags are what the file said.
    let tags = try #require(try temp.library.tags(forSongs: [id])[id])
    #expect(tags.title == nil && tags.albumArtist == nil && tags.album == nil)
    #expect(tags.artist == "Only An Artist" && tags.artists == ["Only An Artist"] && tags.albumArtists.isEmpty)
    #expect(tags.date == nil && tags.genres.isEmpty)
  }

  @Test func catalogueNamesReplaceTheTagsTheyName() throws {
    let temp = try TempLibrary()
    try temp.write("a.mp3", [:])
    try temp.writeText(
      "library.json",
      #"[{"artistName": "Catalogue Artist", "albums": [{"title": "Catalogue Album", "genre": "Jazz", "year": 1999, "#
        + #""songs": [{"title": "Catalogue Title", "fileName": "a"}]}]}]"#)
    _ = try temp.library.index(paths: [temp.music], options: Self.options { _ in Self.everyTag() })
    let id = try onlySong(temp)
    let tags = try #require(try temp.library.tags(forSongs: [id])[id])
    #expect(tags.title == "Catalogue Title")
    #expect(tags.artist == "Catalogue Artist" && tags.artists == ["Catalogue Artist"])
    #expect(tags.genres == ["Jazz"] && tags.date == "1999" && tags.album == "Catalogue Album")
    #expect(tags.albumArtist == "Catalogue Artist" && tags.albumArtists == ["Catalogue Artist"])
    // What the catalogue does not name stays as tagged.
    #expect(tags.composers == ["Franz Schubert", "Walter Scott"] && tags.isrc == "DEF050130090")
    let asRead = try #require(
      try temp.library.pool.read { db in try Row.fetchOne(db, sql: "SELECT tagTitle, tagArtist FROM song") })
    #expect(asRead[0] as String? == "Ave Maria")
    #expect(asRead[1] as String? == "Anne Sofie von Otter feat. Elvis Costello")
  }

  @Test func catalogueValuesWinButTheFilesOwnStayReadable() throws {
    let temp = try TempLibrary()
    try temp.write("a.mp3", [:])
    try temp.writeText(
      "library.json",
      #"[{"artistName": "Catalogue Artist", "albums": [{"title": "Catalogue Album", "genre": "Jazz", "year": 1999, "#
        + #""songs": [{"title": "Catalogue Title", "fileName": "a", "trackNumber": 9, "discNumber": 2, "#
        + #""recordingMbid": "11111111-2222-4333-8444-555555555555"}]}]}]"#)
    _ = try temp.library.index(paths: [temp.music], options: Self.options { _ in Self.everyTag() })
    let id = try onlySong(temp)
    // Everything the library shows is the catalogue's…
    let song = try #require(try temp.library.song(id: id))
    #expect(song.trackNumber == 9 && song.discNumber == 2 && song.year == 1999 && song.genre == "Jazz")
    #expect(song.recordingMbid == "11111111-2222-4333-8444-555555555555")
    let tags = try #require(try temp.library.tags(forSongs: [id])[id])
    #expect(tags.trackNumber == 9 && tags.discNumber == 2 && tags.date == "1999" && tags.genres == ["Jazz"])
    #expect(try temp.library.songs(matching: "genre:=Jazz").map(\.id) == [id])
    #expect(try temp.library.songs(matching: "genre:=Lied").isEmpty)
    // …and the file's own values are still there to read.
    let file = try #require(try temp.library.fileTags(forSongs: [id, 999])[id])
    let every = Self.everyTag()
    #expect(
      file
        == FileTags(
          title: every.title, artist: every.artist, album: every.album, albumArtist: every.albumArtist,
          trackNumber: every.trackNumber, discNumber: every.discNumber, date: every.date, genres: every.genres,
          recordingMbid: every.recordingMbid))
    #expect(try temp.library.fileTags(forSongs: [999]).isEmpty)
  }

  @Test func rowsFromBeforeTheFilesOwnValuesWereKeptGetThemCopiedOrReRead() throws {
    let temp = try TempLibrary()
    let scanned = try temp.write("a.mp3", [:])
    let named = try temp.write("b.mp3", [:])
    let databasePath = temp.root + "/upgrade.db"
    do {
      let pool = try DatabasePool(path: databasePath)
      try Schema.migrator(areas: everyDatabaseArea).migrate(pool, upTo: "listens-v3")
      try pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO song (id, path, title, artist, album, albumArtist, trackNumber, discNumber, date, genre,
              recordingMbid, artistMbids, source, tagsStored)
            VALUES (1, ?, 'A', 'X', 'Y', 'X', 3, 1, '2004-05', 'Pop; Rock', 'aaaa', '[]', 'scan', 1),
              (2, ?, 'B', 'X', 'Y', 'X', 4, 1, '2004', 'Jazz', 'bbbb', '[]', 'both', 1)
            """, arguments: [scanned, named])
      }
    }
    let library = try Library(path: databasePath, areas: everyDatabaseArea)
    // A row no catalogue named held the file's values: they are copied and the row is current…
    let file = try library.fileTags(forSongs: [1, 2])
    #expect(
      file[1]
        == FileTags(title: nil, trackNumber: 3, discNumber: 1, date: "2004-05", genres: ["Pop", "Rock"], recordingMbid: "aaaa"))
    // …one a catalogue named did not: the next index re-reads that file alone.
    #expect(file[2] == FileTags())
    let stored = try library.pool.read { db in try Int.fetchAll(db, sql: "SELECT tagsStored FROM song ORDER BY id") }
    // (The first row holds a recording id, so `library-mbid-spellings-v1` leaves it one version behind in
    // turn, to read how its file spells the id.)
    #expect(stored == [TagSchema.currentTags - 1, 1])
  }

  @Test func aRescanReplacesTheValuesOfAChangedFileAndDeletingASongDeletesThem() throws {
    let temp = try TempLibrary()
    let path = try temp.write("a.mp3", ["v": "1"])
    _ = try temp.library.index(paths: [temp.music], options: Self.options { _ in Self.everyTag() })
    try temp.write("a.mp3", ["v": "22"])
    _ = try temp.library.index(
      paths: [temp.music],
      options: Self.options { _ in
        var tags = Self.everyTag()
        tags.genres = ["Opera"]
        tags.composers = []
        return tags
      })
    let id = try onlySong(temp)
    let tags = try #require(try temp.library.tags(forSongs: [id])[id])
    #expect(tags.genres == ["Opera"] && tags.composers.isEmpty)
    try FileManager.default.removeItem(atPath: path)
    var options = Self.options { _ in Self.everyTag() }
    options.prune = true
    _ = try temp.library.index(paths: [temp.music], options: options)
    #expect(try temp.count("SELECT count(*) FROM songTag") == 0)
  }
}
