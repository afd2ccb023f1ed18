// The final schema of a new library, made by StoredSchemaTests from a database built by replaying every
// migration of Schema.order: never edited by hand (StoredSchema.swift says how it is made again).

extension StoredSchema {
  /// The migrations whose end this is, in Schema.order's order.
  static let migrations = [
    #"library-v1"#,
    #"playlists-v1"#,
    #"playstate-v1"#,
    #"listens-v1"#,
    #"dashboard-v1"#,
    #"listens-v2"#,
    #"library-generation-v1"#,
    #"library-fulltext-v2"#,
    #"library-missing-v1"#,
    #"library-replaygain-v1"#,
    #"social-v1"#,
    #"playstate-priority-v1"#,
    #"stickers-v1"#,
    #"library-tags-v1"#,
    #"playstate-replaygain-v1"#,
    #"loudness-v1"#,
    #"listens-v3"#,
    #"playstate-crossfade-v1"#,
    #"library-file-tags-v1"#,
    #"playstate-mixramp-v1"#,
    #"library-query-v1"#,
    #"library-catalogue-state-v1"#,
    #"library-tag-rows-v2"#,
    #"library-sort-order-v1"#,
    #"loudness-v2"#,
    #"playstate-listen-v1"#,
    #"library-file-problems-v1"#,
    #"playlists-source-hash-v1"#,
    #"outbox-v1"#,
    #"library-credits-v1"#,
    #"playstate-told-listen-v1"#,
    #"outbox-v2"#,
    #"library-mbid-spellings-v1"#,
  ]

  /// The schema's statements in the order they run, each in pieces that fit a line.
  static let statements: [String] = [
    [
      #"CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"#
    ].joined(),
    [
      #"CREATE TABLE "artist" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL UNIQUE"#,
      #" ON CONFLICT IGNORE COLLATE NOCASE, "mbid" TEXT)"#,
    ].joined(),
    [
      #"CREATE TABLE "album" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "albu"#,
      #"mArtistId" INTEGER REFERENCES "artist"("id") ON DELETE SET NULL, "albumArtistName" TEXT NO"#,
      #"T NULL, "year" INTEGER, "coverPath" TEXT, "releaseMbid" TEXT, "isCompilation" BOOLEAN NOT "#,
      #"NULL DEFAULT 0, UNIQUE ("title", "albumArtistName"))"#,
    ].joined(),
    [
      #"CREATE INDEX "album_on_albumArtistId" ON "album"("albumArtistId")"#
    ].joined(),
    [
      #"CREATE TABLE "song" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "path" TEXT NOT NULL UNIQUE, "#,
      #""title" TEXT NOT NULL, "artist" TEXT NOT NULL, "album" TEXT NOT NULL, "albumArtist" TEXT N"#,
      #"OT NULL, "artistId" INTEGER REFERENCES "artist"("id") ON DELETE SET NULL, "albumId" INTEGE"#,
      #"R REFERENCES "album"("id") ON DELETE SET NULL, "trackNumber" INTEGER, "trackTotal" INTEGER"#,
      #", "discNumber" INTEGER, "discTotal" INTEGER, "year" INTEGER, "genre" TEXT, "durationMs" IN"#,
      #"TEGER, "recordingMbid" TEXT, "releaseMbid" TEXT, "artistMbids" TEXT NOT NULL DEFAULT '[]',"#,
      #" "isCompilation" BOOLEAN NOT NULL DEFAULT 0, "fileSize" INTEGER, "fileMtime" DOUBLE, "audi"#,
      #"oHash" TEXT, "source" TEXT NOT NULL DEFAULT 'scan', "catalogueFingerprint" TEXT, "playCoun"#,
      #"t" INTEGER NOT NULL DEFAULT 0, "lastPlayedAt" DATETIME, "addedAt" DATETIME NOT NULL DEFAUL"#,
      #"T CURRENT_TIMESTAMP, missingSince TEXT, trackGain REAL, trackPeak REAL, albumGain REAL, al"#,
      #"bumPeak REAL, date TEXT, originalDate TEXT, titleSort TEXT, artistSort TEXT, albumSort TEX"#,
      #"T, albumArtistSort TEXT, composerSort TEXT, ensemble TEXT, work TEXT, movement TEXT, discS"#,
      #"ubtitle TEXT, grouping TEXT, catalogNumber TEXT, barcode TEXT, isrc TEXT, comment TEXT, ly"#,
      #"rics TEXT, releaseTrackMbid TEXT, releaseGroupMbid TEXT, mixRampStart TEXT, mixRampEnd TEX"#,
      #"T, tagVersions TEXT, tagTitle TEXT, tagArtist TEXT, tagAlbum TEXT, tagAlbumArtist TEXT, co"#,
      #"dec TEXT, movementNumber INTEGER, movementTotal INTEGER, bpm INTEGER, bitrate INTEGER, sam"#,
      #"pleRate INTEGER, bitsPerSample INTEGER, channels INTEGER, derivedFields INTEGER NOT NULL D"#,
      #"EFAULT 0, tagsStored INTEGER NOT NULL DEFAULT 0, tagTrackNumber INTEGER, tagDiscNumber INT"#,
      #"EGER, tagDate TEXT, tagGenre TEXT, tagRecordingMbid TEXT, creditApart INTEGER NOT NULL DEF"#,
      #"AULT 0, mbidSpellings TEXT)"#,
    ].joined(),
    [
      #"CREATE INDEX "song_on_artistId" ON "song"("artistId")"#
    ].joined(),
    [
      #"CREATE INDEX "song_on_albumId" ON "song"("albumId")"#
    ].joined(),
    [
      #"CREATE INDEX "song_on_recordingMbid" ON "song"("recordingMbid")"#
    ].joined(),
    [
      #"CREATE INDEX "song_on_audioHash" ON "song"("audioHash")"#
    ].joined(),
    [
      #"CREATE INDEX "song_on_playCount" ON "song"("playCount")"#
    ].joined(),
    [
      #"CREATE INDEX "song_on_lastPlayedAt" ON "song"("lastPlayedAt")"#
    ].joined(),
    [
      #"CREATE INDEX song_defaultOrder ON song(\#n  albumArtist COLLATE NOCASE, album COLLATE NOCASE"#,
      #", discNumber, trackNumber, path)"#,
    ].joined(),
    [
      #"CREATE INDEX song_year ON song(year)"#
    ].joined(),
    [
      #"CREATE INDEX song_genre ON song(genre COLLATE NOCASE)"#
    ].joined(),
    [
      #"CREATE TABLE "playlist" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL UNIQ"#,
      #"UE COLLATE NOCASE, "smartQuery" TEXT, "sourcePath" TEXT, "sourceMtime" DOUBLE, "createdAt""#,
      #" DATETIME NOT NULL, "modifiedAt" DATETIME NOT NULL, "syncedAt" DATETIME, "sourceHash" TEXT"#,
      #")"#,
    ].joined(),
    [
      #"CREATE TABLE "playlistItem" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "playlistId" INTEGER "#,
      #"NOT NULL REFERENCES "playlist"("id") ON DELETE CASCADE, "position" INTEGER NOT NULL, "song"#,
      #"Id" INTEGER REFERENCES "song"("id") ON DELETE SET NULL, "path" TEXT NOT NULL, "title" TEXT"#,
      #", "artist" TEXT, "album" TEXT, "durationMs" INTEGER, "recordingMbid" TEXT, UNIQUE ("playli"#,
      #"stId", "position"))"#,
    ].joined(),
    [
      #"CREATE INDEX "playlistItem_on_playlistId" ON "playlistItem"("playlistId")"#
    ].joined(),
    [
      #"CREATE INDEX "playlistItem_on_songId" ON "playlistItem"("songId")"#
    ].joined(),
    [
      #"CREATE TABLE "queueItem" ("id" INTEGER PRIMARY KEY, "position" INTEGER NOT NULL UNIQUE, "s"#,
      #"ongId" INTEGER REFERENCES "song"("id") ON DELETE SET NULL, "path" TEXT NOT NULL, "title" T"#,
      #"EXT NOT NULL, "artist" TEXT NOT NULL, "album" TEXT NOT NULL, "durationMs" INTEGER, "versio"#,
      #"n" INTEGER NOT NULL, "shuffleIndex" INTEGER, "priority" INTEGER NOT NULL DEFAULT 0)"#,
    ].joined(),
    [
      #"CREATE INDEX "queueItem_on_songId" ON "queueItem"("songId")"#
    ].joined(),
    [
      #"CREATE TABLE "playerState" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "state" TEXT NOT NU"#,
      #"LL DEFAULT 'stopped', "currentItemId" INTEGER, "positionMs" INTEGER NOT NULL DEFAULT 0, "v"#,
      #"olume" INTEGER NOT NULL DEFAULT 100, "repeat" TEXT NOT NULL DEFAULT 'off', "random" BOOLEA"#,
      #"N NOT NULL DEFAULT 0, "single" BOOLEAN NOT NULL DEFAULT 0, "consume" BOOLEAN NOT NULL DEFA"#,
      #"ULT 0, "queueVersion" INTEGER NOT NULL DEFAULT 0, "nextItemId" INTEGER NOT NULL DEFAULT 1,"#,
      #" "passNumber" INTEGER NOT NULL DEFAULT 0, "passCursor" INTEGER NOT NULL DEFAULT -1, "histo"#,
      #"ry" TEXT NOT NULL DEFAULT '[]', "historyIndex" INTEGER NOT NULL DEFAULT -1, "rngState" TEX"#,
      #"T, "version" INTEGER NOT NULL DEFAULT 0, "savedAt" DATETIME, "replayGainMode" TEXT NOT NUL"#,
      #"L DEFAULT 'off', "replayGainPreamp" DOUBLE NOT NULL DEFAULT 0, "replayGainMissingPreamp" D"#,
      #"OUBLE NOT NULL DEFAULT 0, "replayGainLimit" BOOLEAN NOT NULL DEFAULT 1, "crossfadeSeconds""#,
      #" INTEGER NOT NULL DEFAULT 0, "mixRampDb" DOUBLE NOT NULL DEFAULT 0, "mixRampDelay" DOUBLE "#,
      #"DEFAULT -1, "listenStartedAt" TEXT, "listenHeard" TEXT, "listenFired" BOOLEAN NOT NULL DEF"#,
      #"AULT 0, "toldListenSongId" INTEGER, "toldListenAt" TEXT, "toldListenPlayedMs" INTEGER)"#,
    ].joined(),
    [
      #"CREATE TABLE "listenBrainzState" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)"#
    ].joined(),
    [
      #"CREATE TABLE "dashboardCache" ("requestKey" TEXT PRIMARY KEY NOT NULL, "status" INTEGER NO"#,
      #"T NULL, "body" BLOB NOT NULL, "fetchedAt" DATETIME NOT NULL)"#,
    ].joined(),
    [
      #"CREATE TABLE libraryGeneration (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER "#,
      #"NOT NULL)"#,
    ].joined(),
    [
      #"CREATE VIEW songFullText AS SELECT song.id AS id, (CASE WHEN replace(replace(replace(repla"#,
      #"ce(replace(song.title, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = song.title THEN"#,
      #" song.title ELSE replace(replace(replace(replace(replace(song.title, '''', ''), '’', ''), "#,
      #"'‘', ''), 'ʼ', ''), '`', '') || ' ' || song.title END) AS title, (CASE WHEN replace(replac"#,
      #"e(replace(replace(replace(song.artist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') ="#,
      #" song.artist THEN song.artist ELSE replace(replace(replace(replace(replace(song.artist, ''"#,
      #"'', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || song.artist END) AS artist, (CAS"#,
      #"E WHEN replace(replace(replace(replace(replace(song.album, '''', ''), '’', ''), '‘', ''), "#,
      #"'ʼ', ''), '`', '') = song.album THEN song.album ELSE replace(replace(replace(replace(repla"#,
      #"ce(song.album, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || song.album END)"#,
      #" AS album, (CASE WHEN replace(replace(replace(replace(replace(song.albumArtist, '''', ''),"#,
      #" '’', ''), '‘', ''), 'ʼ', ''), '`', '') = song.albumArtist THEN song.albumArtist ELSE repl"#,
      #"ace(replace(replace(replace(replace(song.albumArtist, '''', ''), '’', ''), '‘', ''), 'ʼ', "#,
      #"''), '`', '') || ' ' || song.albumArtist END) AS albumArtist, (CASE WHEN replace(replace(r"#,
      #"eplace(replace(replace(song.genre, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = son"#,
      #"g.genre THEN song.genre ELSE replace(replace(replace(replace(replace(song.genre, '''', '')"#,
      #", '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || song.genre END) AS genre FROM song"#,
    ].joined(),
    [
      #"CREATE VIRTUAL TABLE song_ft USING fts5(\#n  title, artist, album, albumArtist, genre, conte"#,
      #"nt = 'songFullText', content_rowid = 'id', tokenize = 'unicode61')"#,
    ].joined(),
    [
      #"INSERT INTO song_ft(song_ft) VALUES ('rebuild')"#
    ].joined(),
    [
      #"CREATE TRIGGER song_ft_delete AFTER DELETE ON song BEGIN\#n  INSERT INTO song_ft(song_ft, ro"#,
      #"wid, title, artist, album, albumArtist, genre)\#n  VALUES ('delete', old.id, (CASE WHEN repl"#,
      #"ace(replace(replace(replace(replace(old.title, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`"#,
      #"', '') = old.title THEN old.title ELSE replace(replace(replace(replace(replace(old.title, "#,
      #"'''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || old.title END), (CASE WHEN rep"#,
      #"lace(replace(replace(replace(replace(old.artist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), "#,
      #"'`', '') = old.artist THEN old.artist ELSE replace(replace(replace(replace(replace(old.art"#,
      #"ist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || old.artist END), (CASE WH"#,
      #"EN replace(replace(replace(replace(replace(old.album, '''', ''), '’', ''), '‘', ''), 'ʼ', "#,
      #"''), '`', '') = old.album THEN old.album ELSE replace(replace(replace(replace(replace(old."#,
      #"album, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || old.album END), (CASE W"#,
      #"HEN replace(replace(replace(replace(replace(old.albumArtist, '''', ''), '’', ''), '‘', '')"#,
      #", 'ʼ', ''), '`', '') = old.albumArtist THEN old.albumArtist ELSE replace(replace(replace(r"#,
      #"eplace(replace(old.albumArtist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' |"#,
      #"| old.albumArtist END), (CASE WHEN replace(replace(replace(replace(replace(old.genre, ''''"#,
      #", ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = old.genre THEN old.genre ELSE replace(repl"#,
      #"ace(replace(replace(replace(old.genre, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') |"#,
      #"| ' ' || old.genre END));\#nEND"#,
    ].joined(),
    [
      #"CREATE TRIGGER song_ft_update AFTER UPDATE OF title, artist, album, albumArtist, genre ON "#,
      #"song BEGIN\#n  INSERT INTO song_ft(song_ft, rowid, title, artist, album, albumArtist, genre)"#,
      #"\#n  VALUES ('delete', old.id, (CASE WHEN replace(replace(replace(replace(replace(old.title,"#,
      #" '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = old.title THEN old.title ELSE replace"#,
      #"(replace(replace(replace(replace(old.title, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', "#,
      #"'') || ' ' || old.title END), (CASE WHEN replace(replace(replace(replace(replace(old.artis"#,
      #"t, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = old.artist THEN old.artist ELSE rep"#,
      #"lace(replace(replace(replace(replace(old.artist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), "#,
      #"'`', '') || ' ' || old.artist END), (CASE WHEN replace(replace(replace(replace(replace(old"#,
      #".album, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = old.album THEN old.album ELSE "#,
      #"replace(replace(replace(replace(replace(old.album, '''', ''), '’', ''), '‘', ''), 'ʼ', '')"#,
      #", '`', '') || ' ' || old.album END), (CASE WHEN replace(replace(replace(replace(replace(ol"#,
      #"d.albumArtist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') = old.albumArtist THEN ol"#,
      #"d.albumArtist ELSE replace(replace(replace(replace(replace(old.albumArtist, '''', ''), '’'"#,
      #", ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || old.albumArtist END), (CASE WHEN replace(rep"#,
      #"lace(replace(replace(replace(old.genre, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') "#,
      #"= old.genre THEN old.genre ELSE replace(replace(replace(replace(replace(old.genre, '''', '"#,
      #"'), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || old.genre END));\#n  INSERT INTO song_f"#,
      #"t(rowid, title, artist, album, albumArtist, genre)\#n  VALUES (new.id, (CASE WHEN replace(re"#,
      #"place(replace(replace(replace(new.title, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '')"#,
      #" = new.title THEN new.title ELSE replace(replace(replace(replace(replace(new.title, '''', "#,
      #"''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || new.title END), (CASE WHEN replace(r"#,
      #"eplace(replace(replace(replace(new.artist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '"#,
      #"') = new.artist THEN new.artist ELSE replace(replace(replace(replace(replace(new.artist, '"#,
      #"''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || new.artist END), (CASE WHEN rep"#,
      #"lace(replace(replace(replace(replace(new.album, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '"#,
      #"`', '') = new.album THEN new.album ELSE replace(replace(replace(replace(replace(new.album,"#,
      #" '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || new.album END), (CASE WHEN re"#,
      #"place(replace(replace(replace(replace(new.albumArtist, '''', ''), '’', ''), '‘', ''), 'ʼ',"#,
      #" ''), '`', '') = new.albumArtist THEN new.albumArtist ELSE replace(replace(replace(replace"#,
      #"(replace(new.albumArtist, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' || new."#,
      #"albumArtist END), (CASE WHEN replace(replace(replace(replace(replace(new.genre, '''', ''),"#,
      #" '’', ''), '‘', ''), 'ʼ', ''), '`', '') = new.genre THEN new.genre ELSE replace(replace(re"#,
      #"place(replace(replace(new.genre, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', '') || ' ' "#,
      #"|| new.genre END));\#nEND"#,
    ].joined(),
    [
      #"CREATE INDEX song_missing ON song(missingSince) WHERE missingSince IS NOT NULL"#
    ].joined(),
    [
      #"CREATE UNIQUE INDEX song_presentPath ON song(path) WHERE missingSince IS NULL"#
    ].joined(),
    [
      #"CREATE TABLE "outbox" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "action" TEXT NOT NULL, "pa"#,
      #"th" TEXT NOT NULL, "body" BLOB NOT NULL, "label" TEXT NOT NULL, "account" TEXT, "attempts""#,
      #" INTEGER NOT NULL DEFAULT 0, "lastError" TEXT, "createdAt" DATETIME NOT NULL, "sendingSinc"#,
      #"e" DATETIME, "target" TEXT NOT NULL DEFAULT 'listenbrainz', "state" TEXT NOT NULL DEFAULT "#,
      #"'pending', "songId" INTEGER REFERENCES "song"("id") ON DELETE SET NULL, "listenedAt" INTEG"#,
      #"ER)"#,
    ].joined(),
    [
      #"CREATE TABLE "sticker" ("type" TEXT NOT NULL, "path" TEXT NOT NULL, "name" TEXT NOT NULL, "#,
      #""value" TEXT NOT NULL, PRIMARY KEY ("type", "path", "name"))"#,
    ].joined(),
    [
      #"CREATE INDEX song_date ON song(date)"#
    ].joined(),
    [
      #"CREATE TABLE "loudness" ("songId" INTEGER PRIMARY KEY REFERENCES "song"("id") ON DELETE CA"#,
      #"SCADE, "fileMtime" DOUBLE, "integratedLufs" DOUBLE NOT NULL, "truePeak" DOUBLE NOT NULL, ""#,
      #"trackGain" DOUBLE NOT NULL, "albumLufs" DOUBLE, "albumGain" DOUBLE, "albumPeak" DOUBLE, "m"#,
      #"easuredAt" DATETIME NOT NULL)"#,
    ].joined(),
    [
      #"CREATE INDEX song_artist ON song(artist COLLATE NOCASE)"#
    ].joined(),
    [
      #"CREATE INDEX song_tagsUnstored ON song(tagsStored) WHERE tagsStored = 0"#
    ].joined(),
    [
      #"CREATE TABLE catalogueState (path TEXT PRIMARY KEY NOT NULL, file TEXT NOT NULL, folders T"#,
      #"EXT NOT NULL)"#,
    ].joined(),
    [
      #"CREATE TABLE "songTag" (\#n  songId INTEGER NOT NULL REFERENCES song(id) ON DELETE CASCADE,\#n"#,
      #"  name TEXT NOT NULL,\#n  position INTEGER NOT NULL,\#n  value TEXT NOT NULL,\#n  lookalike INTE"#,
      #"GER,\#n  PRIMARY KEY (songId, name, position)\#n) WITHOUT ROWID"#,
    ].joined(),
    [
      #"CREATE INDEX songTag_value ON songTag(name, value COLLATE NOCASE, songId)"#
    ].joined(),
    [
      #"CREATE INDEX songTag_lookalike ON songTag(name, songId) WHERE lookalike = 1"#
    ].joined(),
    [
      #"CREATE INDEX song_sortOrder ON song(\#n  coalesce(albumArtistSort, CASE WHEN derivedFields &"#,
      #" 2 <> 0 THEN artistSort END, albumArtist) COLLATE NOCASE,\#n  coalesce(albumSort, album) COL"#,
      #"LATE NOCASE, discNumber, trackNumber, path)"#,
    ].joined(),
    [
      #"CREATE TABLE fileProblem (\#n  path TEXT NOT NULL, problem TEXT NOT NULL, stamp TEXT NOT NUL"#,
      #"L, PRIMARY KEY (path, problem)\#n) WITHOUT ROWID"#,
    ].joined(),
    [
      #"CREATE INDEX song_creditApart ON song(creditApart) WHERE creditApart <> 0"#
    ].joined(),
    [
      #"CREATE INDEX "outbox_action_state" ON "outbox"("action", "state", "target", "listenedAt", "#,
      #""id")"#,
    ].joined(),
    [
      #"INSERT INTO "libraryGeneration" VALUES (1, 0)"#
    ].joined(),
    [
      #"INSERT INTO "sqlite_sequence" VALUES ('outbox', 0)"#
    ].joined(),
  ]
}
