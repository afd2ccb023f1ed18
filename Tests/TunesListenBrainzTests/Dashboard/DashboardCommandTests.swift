// `tunes lb …` read commands end to end: the built binary against the fake server, checking --json,
// charts when piped (plain) and forced to colour, 204/404/network answers and the offline cache.
import Foundation
import Testing

// Serialized (as are the other suites that run the binary): a few processes at a time leave the
// machine to the timing-sensitive tests of the same target.
@Suite(.serialized) struct DashboardCommandTests {
  static let joga = "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"

  /// alice: `listenCount` listens one minute apart (newest at 1763800000 + (listenCount - 1) × 60), stats for this_month,
  /// one follower, two followed, one loved and one hated recording, one pin, playlists.
  /// bob: exists with nothing computed.
  static func world(listenCount: Int = 5) -> [String: Any] {
    let listens: [[String: Any]] = (0..<listenCount).map { i in
      ["listened_at": 1_763_800_000 + i * 60, "track_metadata": ["artist_name": "Artist \(i % 7)", "track_name": "Track \(i)"]]
    }
    let alice: [String: Any] = [
      "listens": listens,
      "playing_now": ["artist_name": "Can", "track_name": "Mushroom"],
      "stats": [
        "artists": [
          "this_month": [
            ["artist_mbid": NSNull(), "artist_name": "Can", "listen_count": 40],
            ["artist_mbid": NSNull(), "artist_name": "Björk", "listen_count": 20],
            ["artist_mbid": NSNull(), "artist_name": "Neu!", "listen_count": 10],
          ]
        ],
        // The server's buckets for both periods: this_month on 25 November is 31 days of October, then
        // 1–24 November; week is Monday 9 to Sunday 15 November, then 16–22 November.
        "listening-activity": [
          "this_month": ["latest": "2026-11-25", "counts": Array(repeating: 10, count: 31) + [4, 8]],
          "week": ["latest": "2026-11-25", "counts": [30, 30, 30, 30, 30, 30, 45, 20, 20, 20, 20, 20, 20, 17]],
        ],
        "daily-activity": [
          "this_month": ["Monday": [["hour": 8, "listen_count": 10]], "Sunday": [["hour": 23, "listen_count": 5]]]
        ],
        "artist-map": [
          "this_month": [
            ["country": "ISL", "artist_count": 1, "listen_count": 20, "artists": NSNull()],
            [
              "country": "DEU", "artist_count": 2, "listen_count": 50,
              "artists": [["artist_name": "Can", "artist_mbid": NSNull(), "listen_count": 40]],
            ],
          ]
        ],
      ],
      "followers": ["bob"], "following": ["bob", "carol"],
      "feedback": [
        [
          "recording_mbid": joga, "recording_msid": NSNull(), "score": 1, "created": 1_763_700_000,
          "track_metadata": ["artist_name": "Björk", "track_name": "Joga"],
        ],
        [
          "recording_mbid": "a4864e94-6d75-4ade-bc93-0dabf3521453", "score": -1, "created": 1_763_600_000,
          "track_metadata": ["artist_name": "Nickelback", "track_name": "Photograph"],
        ],
      ],
      "pins": [
        [
          "row_id": 1, "recording_mbid": joga, "blurb_content": "so good", "created": 1_763_000_000,
          "pinned_until": 1_763_100_000,
        ]
      ],
      "playlists": [
        [
          "mbid": "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e", "title": "Road trip", "public": true,
          "date": "2026-11-01T10:00:00+00:00", "tracks": [],
        ]
      ],
    ]
    let troi: [String: Any] = [
      "playlists": [
        [
          "mbid": "1b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e", "title": "Weekly Jams for alice", "created_for": "alice",
          "public": true,
          "date": "2026-11-16T00:00:00+00:00", "tracks": [["recording_mbid": joga, "title": "Joga", "creator": "Björk"]],
        ]
      ]
    ]
    return [
      "tokens": ["tok-alice": "alice"],
      "users": ["alice": alice, "bob": [String: Any](), "troi-bot": troi, "alicia": [String: Any]()],
    ]
  }

  struct Fixture {
    let server: FakeListenBrainz
    let db: String
    /// One server for the tests that only read (it leaves when the test process does); a database each.
    static let shared = Task { try await FakeListenBrainz.start(world: DashboardCommandTests.world()) }

    static func reading() async throws -> Fixture {
      let server = try await shared.value
      return Fixture(server: server, db: server.folder + "/library-\(UUID().uuidString).db")
    }

    /// A server of its own, for tests that stop it or change its data.
    static func start(listenCount: Int = 5) async throws -> Fixture {
      try await start(world: DashboardCommandTests.world(listenCount: listenCount))
    }

    static func start(world: [String: Any]) async throws -> Fixture {
      let server = try await FakeListenBrainz.start(world: world)
      return Fixture(server: server, db: server.folder + "/library.db")
    }
    func run(_ arguments: String..., extra: [String: String] = [:]) async throws -> TunesRun {
      try await TunesBinary.run(arguments, server: server.url, db: db, extra: extra)
    }
  }

  @Test func listensPageBackAcrossTheThousandLimit() async throws {
    let f = try await Fixture.start(listenCount: 1005)
    let r = try await f.run("lb", "listens", "--count", "1003", "--json")
    #expect(r.status == 0, "\(r.err)")
    let listens = try #require(r.json["listens"] as? [[String: Any]])
    // 1000 from the first page, 3 from the next (max_ts = one past the oldest shown, that listen
    // dropped as already shown), newest first, no repeats.
    #expect(listens.count == 1003)
    let stamps = listens.compactMap { $0["listenedAt"] as? Int }
    #expect(stamps.first == 1_763_800_000 + 1004 * 60)
    #expect(stamps.last == 1_763_800_000 + 2 * 60)
    #expect(stamps == stamps.sorted(by: >))
    #expect(Set(stamps).count == 1003)
    #expect(r.json["user"] as? String == "alice")
  }

  /// Three listens a second, so the first 1000-listen page ends inside a second: the listens of that
  /// second it left out come with the next page, and none is shown twice.
  @Test func listensSharingASecondAcrossThePageBoundary() async throws {
    let base = 1_763_800_000
    var listens: [[String: Any]] = (0..<2500).map { i in
      ["listened_at": base + i / 3, "track_metadata": ["artist_name": "A", "track_name": "T\(i)"]]
    }
    listens.append(["listened_at": base + 5000, "track_metadata": ["artist_name": "A", "track_name": "Newest"]])
    var world = Self.world()
    var users = try #require(world["users"] as? [String: Any])
    users["alice"] = ["listens": listens]
    world["users"] = users
    let f = try await Fixture.start(world: world)
    let r = try await f.run("lb", "listens", "--count", "1500", "--json")
    #expect(r.status == 0, "\(r.err)")
    let got = try #require(r.json["listens"] as? [[String: Any]])
    let names = got.compactMap { ($0["track"] as? [String: Any])?["trackName"] as? String }
    let stamps = got.compactMap { $0["listenedAt"] as? Int }
    #expect(names.count == 1500)
    #expect(Set(names).count == 1500)
    #expect(stamps == stamps.sorted(by: >))
    // Every listen newer than the oldest one shown is there: none was skipped at a page boundary.
    let oldest = try #require(stamps.last)
    let newer = Set((0..<2500).filter { base + $0 / 3 > oldest }.map { "T\($0)" })
    #expect(newer.subtracting(names).isEmpty, "missing \(newer.subtracting(names).sorted())")
  }

  @Test func listensForPeopleAndUnknownUsers() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "listens", "--count", "2")
    #expect(r.status == 0)
    // 1763800000 = 2025-11-22 08:26:40 UTC; the newest is 4 minutes later.
    #expect(r.out == "Listens of alice\n2025-11-22 08:30  Artist 4 – Track 4\n2025-11-22 08:29  Artist 3 – Track 3\n")
    r = try await f.run("lb", "listens", "ghost")
    #expect(r.status == 66)
    #expect(r.err == "tunes: no ListenBrainz user ghost\n")
    #expect(r.out == "")
  }

  @Test func topArtistsAsJSONAndAsBars() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "stats", "artists", "--range", "this_month", "--json")
    #expect(r.status == 0, "\(r.err)")
    let entries = try #require(r.json["entries"] as? [[String: Any]])
    #expect(entries.map { $0["name"] as? String } == ["Can", "Björk", "Neu!"])
    #expect(entries.map { $0["listenCount"] as? Int } == [40, 20, 10])
    #expect(r.json["range"] as? String == "this_month")
    #expect(r.json["totalCount"] as? Int == 3)

    // 40 columns, piped: labels 5 wide, values 2, bars 40 - 5 - 2 - 2 = 31: 31, 15.5 and 7.75 columns.
    r = try await f.run("lb", "stats", "artists", "--range", "this_month", extra: ["COLUMNS": "40"])
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The 43-column title is cut to the 40 columns too.
    #expect(lines[0] == "Top artists of alice, this month (3 in …")
    #expect(lines[1] == "Can   " + String(repeating: "█", count: 31) + " 40")
    #expect(lines[2] == "Björk " + String(repeating: "█", count: 15) + "▌" + String(repeating: " ", count: 15) + " 20")
    #expect(lines[3] == "Neu!  " + String(repeating: "█", count: 7) + "▊" + String(repeating: " ", count: 23) + " 10")
    #expect(!r.out.contains("\u{1B}"))
  }

  /// The heatmap is drawn in local time, as the website draws it, and says which zone: in Tokyo
  /// (UTC+9) Monday 08:00 UTC is Monday 17:00, and Sunday 23:00 UTC is Monday 08:00.
  @Test func theHeatmapIsInLocalTime() async throws {
    let f = try await Fixture.reading()
    let r = try await f.run("lb", "stats", "daily", "--range", "this_month", extra: ["COLUMNS": "60", "TZ": "Asia/Tokyo"])
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix("(hours in Asia/Tokyo, UTC+9)"), "\(lines[0])")
    #expect(lines[1] == "Mon " + String(repeating: " ", count: 16) + "▒▒" + String(repeating: " ", count: 16) + "██")
    #expect(lines[7].trimmingCharacters(in: .whitespaces) == "Sun")
  }

  @Test func colourOnlyWhenForcedAndNeverWithNoColor() async throws {
    let f = try await Fixture.reading()
    let forced = try await f.run(
      "lb", "stats", "daily", "--range", "this_month", extra: ["COLUMNS": "60", "CLICOLOR_FORCE": "1"])
    #expect(forced.out.contains("\u{1B}[38;5;46m"))
    let refused = try await f.run(
      "lb", "stats", "daily", "--range", "this_month", extra: ["COLUMNS": "60", "CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
    #expect(!refused.out.contains("\u{1B}"))
    // Monday 08:00 is the peak (level 4, two-column cells at 60 columns), Sunday 23:00 half of it (level 2).
    let lines = refused.out.split(separator: "\n").map(String.init)
    #expect(lines[1] == "Mon " + String(repeating: " ", count: 16) + "██")
    #expect(lines[7] == "Sun " + String(repeating: " ", count: 46) + "▒▒")
  }

  @Test func activityAndCountries() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "stats", "activity", "--range", "this_month", "--json")
    let buckets = try #require(r.json["buckets"] as? [[String: Any]])
    // October is the period before, sent for comparison; November so far is the month asked for.
    #expect(buckets.count == 31 + 24)
    #expect(buckets.prefix(31).allSatisfy { $0["period"] as? String == "previous" })
    #expect(buckets.dropFirst(31).allSatisfy { $0["period"] as? String == "current" })
    #expect(buckets[31]["label"] as? String == "01 November 2026")
    #expect(buckets.dropFirst(31).prefix(3).map { $0["listenCount"] as? Int } == [4, 8, 0])
    #expect(r.json["listenCount"] as? Int == 12)
    #expect(r.json["previousListenCount"] as? Int == 310)
    r = try await f.run("lb", "stats", "countries", "--range", "this_month", "--json")
    let countries = try #require(r.json["countries"] as? [[String: Any]])
    #expect(countries.map { $0["country"] as? String } == ["DEU", "ISL"])
    r = try await f.run("lb", "stats", "countries", "--range", "this_month", extra: ["COLUMNS": "40"])
    // Names, not codes; bars get 40 - 7 - 2 - 2 = 29 columns: Germany (50) all of them, Iceland (20)
    // two fifths = 11.6 columns = 93 eighths = 11 full + ▋.
    #expect(r.out.contains("Germany " + String(repeating: "█", count: 29) + " 50"))
    #expect(r.out.contains("Iceland " + String(repeating: "█", count: 11) + "▋ "))
  }

  /// Last week as the website counts it: 137 listens, not the 362 of both weeks the server sends.
  @Test func activityCountsTheRangeAskedForOnly() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "stats", "activity", "--range", "week", extra: ["COLUMNS": "60"])
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "Listening activity, last week (137 listens)")
    #expect(lines.dropLast().last == "the week before: 225 listens")
    // Seven columns drawn (16–22 November), not fourteen.
    #expect(r.out.contains("Mon"))
    #expect(!r.out.contains("362"))
    r = try await f.run("lb", "stats", "activity", "--range", "week", "--json")
    let buckets = try #require(r.json["buckets"] as? [[String: Any]])
    #expect(
      buckets.map { $0["period"] as? String } == Array(repeating: "previous", count: 7) + Array(repeating: "current", count: 7))
    #expect(buckets[7]["label"] as? String == "Monday 16 November 2026")
    #expect(r.json["listenCount"] as? Int == 137)
    #expect(r.json["previousListenCount"] as? Int == 225)
    // The dashboard's activity part (this month by default) counts November only.
    r = try await f.run("lb", "dashboard", extra: ["COLUMNS": "60"])
    #expect(r.out.contains("Listening activity, this month (12 listens)"))
    #expect(r.out.contains("last month: 310 listens"))
  }

  @Test func statsNotCalculatedYet() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "stats", "recordings", "bob")
    #expect(r.status == 0)
    #expect(r.out == "Top recordings of bob\nstatistics for bob are not calculated yet\n")
    r = try await f.run("lb", "stats", "daily", "bob", "--json")
    #expect(r.status == 0)
    #expect(r.json["calculated"] as? Bool == false)
    #expect(r.json["user"] as? String == "bob")
  }

  @Test func badRangeIsAUsageError() async throws {
    let f = try await Fixture.reading()
    let r = try await f.run("lb", "stats", "artists", "--range", "decade")
    #expect(r.status == 64)
  }

  @Test func networkFailureIsOneLine() async throws {
    let f = try await Fixture.start()
    f.server.stop()
    let r = try await f.run("lb", "stats", "artists")
    #expect(r.status == 69)
    #expect(r.err.hasPrefix("tunes: cannot reach 127.0.0.1: "))
    #expect(r.err.filter { $0 == "\n" }.count == 1)
  }

  @Test func socialFeedbackPinsPlaylistsUsers() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "followers", "--json")
    #expect(r.json["names"] as? [String] == ["bob"])
    r = try await f.run("lb", "following")
    #expect(r.out == "alice follows 2 users\nbob\ncarol\n")
    r = try await f.run("lb", "followers", "ghost")
    #expect(r.status == 66)
    r = try await f.run("lb", "loved", "--json")
    let loved = try #require(r.json["items"] as? [[String: Any]])
    #expect(loved.map { $0["recordingMbid"] as? String } == [Self.joga])
    r = try await f.run("lb", "hated")
    #expect(r.out.contains("Nickelback – Photograph"))
    #expect(!r.out.contains("Joga"))
    r = try await f.run("lb", "pins", "--json")
    #expect((r.json["pins"] as? [[String: Any]])?.first?["blurb"] as? String == "so good")
    r = try await f.run("lb", "playlists", "--created-for", "--json")
    let made = try #require(r.json["playlists"] as? [[String: Any]])
    #expect(made.map { $0["title"] as? String } == ["Weekly Jams for alice"])
    r = try await f.run("lb", "playlists", "--json")
    #expect((r.json["playlists"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Road trip"])
    r = try await f.run("lb", "playlists", "--created-for", "--collaborator")
    #expect(r.status == 64)
    r = try await f.run("lb", "users", "ali", "--json")
    #expect(r.json["users"] as? [String] == ["alice", "alicia"])
  }

  /// Other users' text (follower names, artists, blurbs, playlist titles) cannot reach the terminal as
  /// control characters: no escape sequence, no line split, no right-to-left override. JSON keeps it exact.
  @Test func serverTextIsShownSafely() async throws {
    let evilName = "evil\u{1B}]0;pwned\u{7}"
    let world: [String: Any] = [
      "tokens": ["tok-alice": "alice"],
      "users": [
        "alice": [
          "followers": [evilName, "two\nlines"],
          "stats": [
            "artists": ["this_month": [["artist_mbid": NSNull(), "artist_name": "Red\u{1B}[31m\u{1B}[2J", "listen_count": 4]]]
          ],
          "pins": [
            [
              "row_id": 1, "recording_mbid": Self.joga, "blurb_content": "so\ngood\u{9B}", "created": 1_763_000_000,
              "track_metadata": ["artist_name": "Björk", "track_name": "Joga"],
            ]
          ],
          "playlists": [
            ["mbid": "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e", "title": "\u{202E}pirt daor", "public": true, "tracks": []]
          ],
        ] as [String: Any]
      ],
    ]
    let f = try await Fixture.start(world: world)
    func clean(_ text: String) -> Bool {
      !text.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) || (0x202A...0x202E).contains($0.value)
      }
    }
    var r = try await f.run("lb", "followers")
    #expect(
      r.out == "alice has 2 followers\nevil\u{FFFD}]0;pwned\u{FFFD}\ntwo lines\n" && clean(r.out),
      "\(r.out.unicodeScalars.map(\.value))")
    r = try await f.run("lb", "stats", "artists", "--range", "this_month")
    #expect(r.status == 0 && clean(r.out) && r.out.contains("Red\u{FFFD}[31m"), "\(r.out.unicodeScalars.map(\.value))")
    r = try await f.run("lb", "pins")
    #expect(r.status == 0 && clean(r.out) && r.out.split(separator: "\n").count == 2, "\(r.out)")
    r = try await f.run("lb", "playlists")
    #expect(r.status == 0 && clean(r.out) && r.out.contains("\u{FFFD}pirt daor"), "\(r.out)")
    r = try await f.run("lb", "followers", "--json")
    #expect(r.json["names"] as? [String] == [evilName, "two\nlines"])
  }

  @Test func dashboardOnOneScreen() async throws {
    let f = try await Fixture.reading()
    var r = try await f.run("lb", "dashboard", "--json")
    #expect(r.status == 0, "\(r.err)")
    let j = r.json
    #expect(j["listenCount"] as? Int == 5)
    #expect(j["followers"] as? Int == 1)
    #expect(j["following"] as? Int == 2)
    #expect(j["lovedCount"] as? Int == 1)
    #expect((j["playingNow"] as? [String: Any]).flatMap { $0["track"] as? [String: Any] }?["trackName"] as? String == "Mushroom")
    #expect((j["recentListens"] as? [Any])?.count == 5)
    #expect((j["topReleases"] as? [String: Any])?["calculated"] as? Bool == false)
    #expect(((j["topArtists"] as? [String: Any])?["entries"] as? [Any])?.count == 3)
    #expect((j["errors"] as? [String: Any])?.isEmpty == true)

    r = try await f.run("lb", "dashboard", extra: ["COLUMNS": "50"])
    #expect(r.out.hasPrefix("alice on ListenBrainz: 5 listens\n1 follower · following 2 · 1 loved\n▶ Can – Mushroom\n"))
    #expect(r.out.contains("Daily activity"))
    #expect(r.out.split(separator: "\n").allSatisfy { $0.count <= 50 })

    r = try await f.run("lb", "dashboard", "ghost")
    #expect(r.status == 66)
    #expect(r.err == "tunes: no ListenBrainz user ghost\n")
  }

  /// A part that fails leaves the rest of the dashboard on screen, and the exit status says so (1).
  @Test func aDashboardWithAFailedPartExitsOne() async throws {
    var world = Self.world()
    var users = world["users"] as! [String: Any]
    var alice = users["alice"] as! [String: Any]
    var stats = alice["stats"] as! [String: Any]
    stats["artist-map"] = ["this_month": ["__status": 500, "__message": "stats are being rebuilt"]]
    alice["stats"] = stats
    users["alice"] = alice
    world["users"] = users
    let f = try await Fixture.start(world: world)
    var r = try await f.run("lb", "dashboard", "--json")
    #expect(r.status == 1, "\(r.err)")
    #expect((r.json["errors"] as? [String: Any])?.keys.sorted() == ["artistMap"], "\(r.out)")
    #expect(((r.json["topArtists"] as? [String: Any])?["entries"] as? [Any])?.count == 3)
    r = try await f.run("lb", "dashboard")
    #expect(r.status == 1 && r.out.contains("Top artists") && r.out.contains("Artist origins"), "\(r.out)")
  }

  @Test func offlineShowsTheLastAnswerWithItsTime() async throws {
    let f = try await Fixture.start()
    var r = try await f.run("lb", "stats", "artists", "--range", "this_month", "--json")
    let online = r.json
    f.server.stop()
    r = try await f.run("lb", "stats", "artists", "--range", "this_month", "--json", "--offline")
    #expect(r.status == 0, "\(r.err)")
    var offline = r.json
    let cachedAt = try #require(offline.removeValue(forKey: "cachedAt") as? String)
    #expect(ISO8601DateFormatter().date(from: cachedAt).map { abs($0.timeIntervalSinceNow) < 120 } == true)
    #expect(NSDictionary(dictionary: offline).isEqual(to: online))
    r = try await f.run("lb", "stats", "artists", "--range", "this_month", "--offline")
    #expect(r.out.hasPrefix("offline: cached "))
    // Never fetched: a different range.
    r = try await f.run("lb", "stats", "artists", "--range", "year", "--offline")
    #expect(r.status == 66)
    #expect(r.err.contains("nothing cached for /1/stats/user/alice/artists"))
  }

  @Test func noUserAndNoLogin() async throws {
    let f = try await Fixture.reading()
    let r = try await f.run("lb", "listens", extra: ["TUNES_LISTENBRAINZ_USER": ""])
    #expect(r.status == 78)
    #expect(r.err.contains("needs a ListenBrainz user"))
  }
}
