// swift-tools-version:6.1
// tunes: a music-library player, indexer and ListenBrainz scrobbler for the Linux terminal.
// The dependency direction is written in README.md ("Modules") and enforced here: a target may only
// name targets of a lower layer.
import PackageDescription

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
  name: "tunes",
  products: [
    .executable(name: "tunes", targets: ["tunes"])
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

    // MARK: Layer 1: shared vocabulary, and the files every command needs (config file, XDG paths)
    /// Errors and exit statuses, XDG paths, config.toml (read, and written 0600), audio format, decoder/sink protocols, clocks.
    .target(name: "TunesCore"),

    // MARK: Layer 2: library index, tags, decoder, audio output, terminal drawing, MPD protocol
    /// Pure Swift ID3v1/v2 reader and MPEG frame walker (exact durations without decoding).
    .target(name: "TunesTags", dependencies: ["TunesCore"]),
    /// The SQLite database: migrations, catalogue and filesystem indexer, query language, play counts.
    .target(
      name: "TunesLibrary",
      dependencies: ["TunesCore", "TunesTags", grdb, .product(name: "GRDBSQLite", package: "GRDB.swift")]),
    /// libmpg123 behind the AudioDecoder protocol.
    .target(name: "TunesDecoder", dependencies: ["TunesCore", "CMPG123"]),
    /// libasound behind the AudioSink protocol.
    .target(name: "TunesOutput", dependencies: ["TunesCore", "CALSA"]),
    /// Terminal facts and drawing: raw mode, width, colour, bars and charts.
    .target(name: "TunesTerminal", dependencies: ["TunesCore"]),
    /// The MPD protocol without a player: parser, command table, server on a Unix socket / loopback TCP, idle, client.
    .target(name: "TunesMPD", dependencies: ["TunesCore"]),
    /// A whole MPD backend in memory, with hooks for tests and the latency benchmark (a test double, in no product).
    .target(name: "TunesMPDTesting", dependencies: ["TunesMPD"]),

    // MARK: Layer 3: player, playlists, ListenBrainz
    /// Queue, shuffle pass, next-song rule, listen rule, the play-state actor and the engine.
    .target(name: "TunesPlayer", dependencies: ["TunesCore", "TunesLibrary"]),
    /// Playlist editing, smart playlists, M3U8/XSPF/JSPF import and export.
    .target(name: "TunesPlaylists", dependencies: ["TunesCore", "TunesLibrary"]),
    /// ListenBrainz HTTP client (libcurl), listen submission queue, dashboards data.
    .target(name: "TunesListenBrainz", dependencies: ["TunesCore", "TunesLibrary", "CCurl"]),

    // MARK: Layer 4: remote control
    /// The MPD backend of the real player: protocol calls onto the Player, the Library and the PlaylistStore.
    .target(name: "TunesControl", dependencies: ["TunesMPD", "TunesTags", "TunesLibrary", "TunesPlayer", "TunesPlaylists"]),

    // MARK: Layer 5: executables (thin: argument parsing and wiring only)
    .executableTarget(
      name: "tunes",
      dependencies: [
        "TunesCore", "TunesTags", "TunesLibrary", "TunesDecoder", "TunesOutput", "TunesTerminal",
        "TunesPlayer", "TunesPlaylists", "TunesListenBrainz", "TunesMPD", "TunesControl", argumentParser,
      ]),
    /// Development harness: decode an MP3 to raw S16LE on stdout (like MPD's test/run_decoder).
    .executableTarget(name: "tunes-decode", dependencies: ["TunesCore", "TunesDecoder", "TunesOutput"]),
    /// Development harness: play raw S16LE from stdin through ALSA (like MPD's test/run_output).
    .executableTarget(name: "tunes-play-raw", dependencies: ["TunesCore", "TunesOutput"]),
    /// Development harness: time one library query in-process (the "query alone" of Benchmarks/index.sh).
    .executableTarget(
      name: "tunes-query",
      dependencies: ["TunesCore", "TunesLibrary", "TunesPlayer", "TunesPlaylists", "TunesListenBrainz"]),

    // MARK: Tests (one target per library target; Tests/Fixtures holds shared fixture files)
    /// Test-only helpers: child processes via posix_spawn (Foundation's Process crashes in 6.3.1), MP3 fixtures.
    .target(name: "TunesTestSupport", dependencies: ["TunesCore"], path: "Tests/TunesTestSupport"),
    .testTarget(name: "TunesCoreTests", dependencies: ["TunesCore"]),
    .testTarget(name: "TunesTagsTests", dependencies: ["TunesTestSupport", "TunesTags"]),
    // Every target that opens a library sees every area of its database (Library.init takes them all).
    .testTarget(
      name: "TunesLibraryTests",
      dependencies: ["TunesTestSupport", "TunesLibrary", "TunesPlayer", "TunesPlaylists", "TunesListenBrainz", grdb]),
    .testTarget(name: "TunesDecoderTests", dependencies: ["TunesTestSupport", "TunesDecoder"]),
    .testTarget(name: "TunesOutputTests", dependencies: ["TunesTestSupport", "TunesOutput", "TunesDecoder"]),
    .testTarget(
      name: "TunesPlayerTests",
      dependencies: [
        "TunesTestSupport", "TunesPlayer", "TunesDecoder", "TunesOutput", "TunesPlaylists", "TunesListenBrainz", grdb,
      ]),
    .testTarget(name: "TunesTerminalTests", dependencies: ["TunesTerminal"]),
    .testTarget(
      name: "TunesPlaylistsTests",
      dependencies: ["TunesTestSupport", "TunesPlaylists", "TunesPlayer", "TunesListenBrainz", grdb]),
    .testTarget(
      name: "TunesListenBrainzTests",
      dependencies: ["TunesTestSupport", "TunesListenBrainz", "TunesTerminal", "TunesPlayer", "TunesPlaylists", grdb]),
    .testTarget(name: "TunesMPDTests", dependencies: ["TunesTestSupport", "TunesMPD", "TunesMPDTesting"]),
    .testTarget(
      name: "TunesControlTests",
      dependencies: ["TunesTestSupport", "TunesControl", "TunesMPDTesting", "TunesListenBrainz", grdb]),
    .testTarget(name: "TunesTestSupportTests", dependencies: ["TunesTestSupport"]),
    .testTarget(name: "TunesCLITests", dependencies: ["TunesTestSupport", "tunes"]),
  ]
)
