// swift-tools-version:6.1
// tunes: a music-library player, indexer and ListenBrainz scrobbler for the Linux terminal.
// The dependency direction is written in README.md ("Modules") and enforced here: a target may only
// name targets of a lower layer (inside layer 2, TunesLibrary uses TunesTags and TunesMPDTesting uses
// TunesMPD; inside layer 4, TunesMPRIS uses TunesControl's PlayerBackend). Docs/Tour.md follows `tunes play` through these targets.
import PackageDescription

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
  name: "tunes",
  products: [
    // What users run: the front (Embedded Swift, libc only), which answers `tunes` and `tunes status` and
    // execs the full program for everything else.
    .executable(name: "tunes", targets: ["TunesFront"]),
    // The full program, every command; found beside the front or in PREFIX/libexec/tunes.
    .executable(name: "tunes-core", targets: ["tunes"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    // MARK: C libraries (Debian -dev packages; see Scripts/setup-debian)
    .systemLibrary(name: "CMPG123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
    .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
    .systemLibrary(name: "CFLAC", pkgConfig: "flac", providers: [.apt(["libflac-dev"])]),
    .systemLibrary(name: "CVorbisFile", pkgConfig: "vorbisfile", providers: [.apt(["libvorbis-dev"])]),
    .systemLibrary(name: "COpusFile", pkgConfig: "opusfile", providers: [.apt(["libopusfile-dev"])]),
    // Headers only: the libraries are loaded on first use (see Sources/CFFmpeg/shim.h).
    .systemLibrary(name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev"])]),
    // libc's declarations for the front program, which cannot import Glibc (Sources/CFront/front.h).
    .systemLibrary(name: "CFront"),
    // sd-bus, for MPRIS on the session bus (Sources/CSDBus/shim.h says why sd-bus rather than libdbus-1).
    .systemLibrary(name: "CSDBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
    // SQLite's process-wide settings, which only the variadic sqlite3_config takes (Sources/CSQLiteSettings/shim.h).
    .systemLibrary(name: "CSQLiteSettings", providers: [.apt(["libsqlite3-dev"])]),
    // libchafa: cover pictures as Unicode blocks, sixel, kitty or iTerm2 images; loaded on first use
    // (Sources/CChafa/shim.h says why, and why it declares what it calls).
    .systemLibrary(name: "CChafa", providers: [.apt(["libchafa-dev"])]),
    // TurboJPEG and libpng: cover pictures decoded to pixels for libchafa; loaded on first use too.
    .systemLibrary(name: "CPictures", providers: [.apt(["libturbojpeg0-dev", "libpng-dev"])]),

    // MARK: Layer 1: shared vocabulary, and the files every command needs (config file, XDG paths)
    /// Errors and exit statuses, XDG paths, config.toml (read, and written 0600), audio format, decoder/sink protocols,
    /// clocks, and the one way durations, dates and JSON are written.
    .target(name: "TunesCore"),

    // MARK: Layer 2: library index, tags, decoder, audio output, terminal drawing, MPD protocol
    /// Pure Swift ID3v1/v2 reader and MPEG frame walker (exact durations without decoding, audio hash, pictures).
    .target(name: "TunesTags", dependencies: ["TunesCore"]),
    /// The SQLite database and the one owner of its songs: the schema areas other modules own tables in (Schema/),
    /// catalogue and filesystem indexer (Index/, Catalogue/), query language (Query/), songs packed for the queue,
    /// play counts, the measurements area (Measurements/: what `tunes loudness` measured, read with the songs'
    /// tagged gains), and a read-only glance for shell completions (Open/LibraryGlance).
    .target(
      name: "TunesLibrary",
      dependencies: [
        "TunesCore", "TunesTags", "CSQLiteSettings", grdb, .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]),
    /// libmpg123, libFLAC, libvorbisfile, libopusfile and FFmpeg (MP4) behind the AudioDecoder protocol, picked by
    /// the file's first bytes (DecoderFactory).
    .target(name: "TunesDecoder", dependencies: ["TunesCore", "CMPG123", "CFLAC", "CVorbisFile", "COpusFile", "CFFmpeg"]),
    /// libasound behind the AudioSink protocol (ALSASink), and PacedSink, which paces null/file devices.
    .target(name: "TunesOutput", dependencies: ["TunesCore", "CALSA"]),
    /// Terminal facts and drawing: raw mode, keys, the player's status line, safe text, width, colour, charts.
    .target(name: "TunesTerminal", dependencies: ["TunesCore"]),
    /// The MPD protocol without a player (TunesCore only): parser, session, command table and handlers, server on a
    /// Unix socket / loopback TCP, idle, filters, the MPDBackend protocol, client.
    .target(name: "TunesMPD", dependencies: ["TunesCore"]),
    /// A whole MPD backend in memory, with hooks for tests and the latency benchmark (a test double, in no product).
    .target(name: "TunesMPDTesting", dependencies: ["TunesMPD"]),

    // MARK: Layer 3: player, playlists, ListenBrainz
    /// The Player actor (the play-state machine) and its engine thread; queue, shuffle pass, next-song rule, listen
    /// rule, and the play-state area of the database. Decoder and sink come in through TunesCore's protocols,
    /// so the Player links neither TunesDecoder nor TunesOutput: the program wires the real ones in.
    /// ReplayGain: the gain stage, and the choice between a song's measured and tagged gain (SongGainReader).
    .target(name: "TunesPlayer", dependencies: ["TunesCore", "TunesLibrary"]),
    /// Loudness scanning (`tunes loudness`): EBU R128 with libebur128, true peak, album by album on every core,
    /// decoding through TunesDecoder's DecoderFactory itself so that no other decoder choice can reach a
    /// measurement; the values are kept in the library's measurements area.
    .target(name: "TunesLoudness", dependencies: ["TunesCore", "TunesLibrary", "TunesDecoder", "CEBUR128"]),
    /// Playlist editing, smart playlists, M3U8/XSPF/JSPF import and export, playlist files kept in step, and the
    /// playlists area of the database.
    .target(name: "TunesPlaylists", dependencies: ["TunesCore", "TunesLibrary"]),
    /// ListenBrainz HTTP client (libcurl), scrobbler, listen submission queue and submitter, dashboards data.
    .target(name: "TunesListenBrainz", dependencies: ["TunesCore", "TunesTags", "TunesLibrary", "CCurl"]),
    /// Every area sharing the library database, the one list every program (and test) opens a library with.
    .target(name: "TunesDatabase", dependencies: ["TunesLibrary", "TunesPlayer", "TunesPlaylists", "TunesListenBrainz"]),

    // MARK: Layer 4: remote control
    /// The adapter: PlayerBackend, TunesMPD's backend over the Player, the Library and the PlaylistStore; PlayerRemote,
    /// and PlayerReport, the one rendering of the player's state for `tunes status` (TunesTerminal draws its parts).
    .target(
      name: "TunesControl",
      dependencies: [
        "TunesMPD", "TunesTags", "TunesLibrary", "TunesDecoder", "TunesPlayer", "TunesPlaylists", "TunesTerminal",
      ]),

    /// MPRIS 2 on the session bus (sd-bus): the player's state as desktop widgets and `playerctl` see it,
    /// observed from the Player in one adapter file and driven through the PlayerBackend MPD clients use.
    .target(
      name: "TunesMPRIS",
      dependencies: ["TunesCore", "TunesTags", "TunesLibrary", "TunesPlayer", "TunesMPD", "TunesControl", "CSDBus"]),

    /// The full-screen terminal UI (`tunes ui`, `tunes play` on a terminal): an MPD client of the player drawn
    /// by its own cell renderer over TunesTerminal (TerminalUI.swift says why), reading library listings
    /// read-only (a song's details show the gain the player applies, worded by TunesPlayer's SongGainWords); the
    /// now-playing view draws the cover with libchafa and the lyrics from the song's tags or .lrc file.
    .target(
      name: "TunesUI",
      dependencies: [
        "TunesCore", "TunesTerminal", "TunesMPD", "TunesLibrary", "TunesTags", "TunesPlayer", "CChafa", "CPictures",
      ]),

    // MARK: Layer 5: executables (thin: argument parsing and wiring only)
    /// The CLI: Tunes.swift is the command tree, one command per file under Commands/{Library,Player,Remote,Playlist,
    /// ListenBrainz}; Commands/Player/Play.swift wires the real decoder and sink into the Player.
    .executableTarget(
      name: "tunes",
      dependencies: [
        "TunesCore", "TunesTags", "TunesLibrary", "TunesDecoder", "TunesOutput", "TunesTerminal",
        "TunesPlayer", "TunesLoudness", "TunesPlaylists", "TunesListenBrainz", "TunesDatabase", "TunesMPD",
        "TunesControl", "TunesMPRIS", "TunesUI", argumentParser,
      ]),
    /// The `tunes` users run (Front.swift says why it exists): `tunes` and `tunes status` from the player's
    /// rendered line, any other command by exec of tunes-core. Embedded Swift: no Swift runtime, linked to libc
    /// only; it needs whole-module builds, and `-parse-as-library` because its entry point takes argc/argv.
    .executableTarget(
      name: "TunesFront", dependencies: ["CFront"],
      swiftSettings: [.enableExperimentalFeature("Embedded"), .unsafeFlags(["-wmo", "-Osize", "-parse-as-library"])]),
    /// Development harness: decode audio files to raw PCM on stdout (like MPD's test/run_decoder).
    .executableTarget(name: "tunes-decode", dependencies: ["TunesCore", "TunesDecoder", "TunesOutput"]),
    /// Development harness: play raw S16LE from stdin through ALSA (like MPD's test/run_output).
    .executableTarget(name: "tunes-play-raw", dependencies: ["TunesCore", "TunesOutput"]),
    /// Development harness: time one library query in-process (the "query alone" of Benchmarks/index.sh).
    .executableTarget(
      name: "tunes-query",
      dependencies: ["TunesCore", "TunesLibrary", "TunesDatabase"]),

    // MARK: Tests (one target per library target but TunesMPDTesting, the test double; Tests/Fixtures holds shared
    // fixture files; TunesCLITests runs the built binary)
    /// Test-only helpers: child processes via posix_spawn (Foundation's Process crashes in 6.3.1), MP3 fixtures.
    .target(name: "TunesTestSupport", dependencies: ["TunesCore"], path: "Tests/TunesTestSupport"),
    /// Test-only helpers of the library: a temporary library opened with the areas a test target gives, and a
    /// fake tag reader (for TunesLibraryTests, which gives stand-ins, and TunesDatabaseTests, every area).
    .target(
      name: "TunesLibraryTestSupport", dependencies: ["TunesLibrary", "TunesTags", grdb],
      path: "Tests/TunesLibraryTestSupport"),
    .testTarget(name: "TunesCoreTests", dependencies: ["TunesCore"]),
    .testTarget(name: "TunesTagsTests", dependencies: ["TunesTestSupport", "TunesTags"]),
    // The library alone: its libraries are opened with stand-ins of the areas above it (DatabaseAreas.swift there).
    .testTarget(
      name: "TunesLibraryTests", dependencies: ["TunesTestSupport", "TunesLibraryTestSupport", "TunesLibrary", grdb]),
    // Every other target that opens a library opens it with every area of its database (TunesDatabase's list);
    // TunesDatabaseTests holds what holds across the areas (rows of every area kept over rescans and upgrades).
    .testTarget(
      name: "TunesDatabaseTests",
      dependencies: ["TunesTestSupport", "TunesLibraryTestSupport", "TunesLibrary", "TunesDatabase", grdb]),
    .testTarget(name: "TunesDecoderTests", dependencies: ["TunesTestSupport", "TunesDecoder"]),
    .testTarget(name: "TunesOutputTests", dependencies: ["TunesTestSupport", "TunesOutput", "TunesDecoder"]),
    .testTarget(
      name: "TunesPlayerTests",
      dependencies: [
        "TunesTestSupport", "TunesPlayer", "TunesDecoder", "TunesOutput", "TunesPlaylists", "TunesDatabase", grdb,
      ]),
    .testTarget(
      name: "TunesLoudnessTests",
      dependencies: ["TunesTestSupport", "TunesLoudness", "TunesPlayer", "TunesDecoder", "TunesDatabase", "CEBUR128"]),
    .testTarget(name: "TunesTerminalTests", dependencies: ["TunesTerminal"]),
    .testTarget(name: "TunesUITests", dependencies: ["TunesUI", "TunesTags", "TunesTestSupport"]),
    .testTarget(
      name: "TunesPlaylistsTests",
      dependencies: ["TunesTestSupport", "TunesPlaylists", "TunesPlayer", "TunesDatabase", grdb]),
    .testTarget(
      name: "TunesListenBrainzTests",
      dependencies: [
        "TunesTestSupport", "TunesListenBrainz", "TunesTerminal", "TunesPlayer", "TunesPlaylists", "TunesDatabase", grdb,
      ]),
    .testTarget(name: "TunesMPDTests", dependencies: ["TunesTestSupport", "TunesMPD", "TunesMPDTesting"]),
    .testTarget(
      name: "TunesControlTests",
      dependencies: ["TunesTestSupport", "TunesControl", "TunesMPDTesting", "TunesListenBrainz", "TunesDatabase", grdb]),
    .testTarget(name: "TunesMPRISTests", dependencies: ["TunesMPRIS", "TunesPlayer", "TunesLibrary"]),
    .testTarget(name: "TunesTestSupportTests", dependencies: ["TunesTestSupport"]),
    .testTarget(name: "TunesCLITests", dependencies: ["TunesTestSupport", "tunes", "TunesMPDTesting"]),
  ]
)
