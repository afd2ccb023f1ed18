// End to end in tmux: the full-screen UI's ListenBrainz view and its love, hate and pin, on a real player
// and the strict fake ListenBrainz server. Checked both as a person sees it (the sections, a top list and
// its range, the feed, what the message line says) and as the server saw it (each write sent once, by
// the recording ids of the user's listens; a write refused for a moment waits in the outbox and goes out
// with the next read of the feed, once).
import Foundation
import Testing
import TunesTestSupport

@Suite(
  .enabled(if: playerToolsPresent && tmuxInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")),
  .serialized)
struct ListenBrainzViewUITests {
  static let morningMsid = "5b6c7d8e-0000-4000-8000-000000000001"
  static let noonMsid = "5b6c7d8e-0000-4000-8000-000000000002"
  static let nightMsid = "5b6c7d8e-0000-4000-8000-000000000003"

  static func world() -> [String: Any] {
    func listen(_ artist: String, _ title: String, _ msid: String, at time: Int) -> [String: Any] {
      [
        "listened_at": time, "recording_msid": msid,
        "track_metadata": ["artist_name": artist, "track_name": title, "additional_info": ["recording_msid": msid]],
      ]
    }
    let alice: [String: Any] = [
      "following": ["bob"],
      "listens": [
        listen("Anna", "Morning", morningMsid, at: 1_763_800_000), listen("Anna", "Noon", noonMsid, at: 1_763_800_100),
        listen("Bert", "Night", nightMsid, at: 1_763_800_200),
      ],
      "stats": [
        "artists": [
          "all_time": [
            ["artist_mbid": NSNull(), "artist_name": "Can", "listen_count": 40],
            ["artist_mbid": NSNull(), "artist_name": "Björk", "listen_count": 20],
          ],
          "this_week": [["artist_mbid": NSNull(), "artist_name": "Neu!", "listen_count": 7]],
        ],
        // The server fails on this one: the view says so in place of the list.
        "releases": ["this_week": ["__status": 500, "__message": "stats are down"]],
        // Years 2002 to 2026 (the buckets of all time), listened in the last two only.
        "listening-activity": ["all_time": ["latest": "2026-11-25", "counts": Array(repeating: 0, count: 23) + [120, 300]]],
        "daily-activity": [
          "all_time": ["Monday": [["hour": 8, "listen_count": 10]], "Sunday": [["hour": 23, "listen_count": 5]]]
        ],
        "artist-map": [
          "all_time": [
            ["country": "ISL", "artist_count": 1, "listen_count": 20, "artists": NSNull()],
            ["country": "DEU", "artist_count": 2, "listen_count": 50, "artists": NSNull()],
          ]
        ],
      ],
    ]
    let timeline: [[String: Any]] = [
      [
        "id": 1, "event_type": "recording_recommendation", "user_name": "bob", "created": 1_764_000_300,
        "metadata": ["track_metadata": ["artist_name": "Can", "track_name": "Vitamin C"]],
      ]
    ]
    return [
      "tokens": ["tok-alice": "alice"], "users": ["alice": alice, "bob": ["followers": ["alice"]]], "timeline": timeline,
      "follow_events": [],
    ]
  }

  /// The fake server with `world()`, a player of the three-song library with no account (so the server
  /// sees the UI's requests alone), and `tunes ui` open on it as alice, in a pane `height` rows high.
  static func openView(height: Int) async throws -> (FakeDashboard, PlayerHome, TmuxPane) {
    let server = try await offPool { try FakeDashboard(world: Self.world()) }
    let home = try await FullScreenUITests.library()
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    home.extraEnvironment = [
      "TUNES_LISTENBRAINZ_URL": server.url, "TUNES_LISTENBRAINZ_TOKEN": "tok-alice", "TUNES_LISTENBRAINZ_USER": "alice",
      "TZ": "UTC",
    ]
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 120, height: height)
    try await pane.expectShows("Morning — Anna")
    return (server, home, pane)
  }

  /// The Activity section draws the activity charts of `tunes lb stats` for the range; in the feed, the
  /// motions select an event, and Y thanks for it and X hides it, as `tunes lb feed thank|hide` do: the
  /// server is sent each write once, and the feed read again shows the event hidden.
  @Test func activityChartsAndHidingAndThankingFeedEventsFromTheUI() async throws {
    let (server, home, pane) = try await Self.openView(height: 50)

    try pane.send("7", "Tab", "Tab", "Tab", "Tab")
    try await pane.expectShows(
      "[Activity]", "· all time", "Listening activity, all time (420 listens)", "2025", "Daily activity, all time",
      "Artist origins, all time", "Germany", "Iceland")
    let read = try await offPool { try server.requests() }
    for part in ["listening-activity", "daily-activity", "artist-map"] {
      #expect(read.filter { $0 == "GET /1/stats/user/alice/\(part)" }.count == 1, "\(read)")
    }
    // t reads the activity of the next range: none computed this week, said so.
    try pane.send("t")
    try await pane.expectShows("[Activity]", "· this week")
    // The heading turns before the read is answered: wait for the server to see it.
    let readAgain = try await eventually {
      try await offPool { try server.requests() }.filter { $0 == "GET /1/stats/user/alice/artist-map" }.count == 2
    }
    #expect(readAgain)

    // The feed opens on its heading: no event is selected, and X says how to select one.
    try pane.send("Tab")
    try await pane.expectShows("[Feed]", "Feed of alice (1 event)", "Vitamin C  [rec/1]")
    try pane.send("X")
    try await pane.expectShows("select an event of the feed")
    try pane.send("j", "Y")
    try await pane.expectShows("thanked for rec/1")
    // The selection stays on the recommendation when the feed is read again, wherever the new thanks
    // (listed by the server from the second after it was made) comes: X hides the recommendation.
    try pane.send("X")
    try await pane.expectShows("hid rec/1", "Vitamin C  [rec/1] (hidden)")
    let written = try await offPool { try server.requests() }.filter { $0.hasPrefix("POST") }
    #expect(
      written == ["POST /1/user/alice/timeline-event/create/thanks", "POST /1/user/alice/feed/events/hide"], "\(written)")
    #expect(try pane.text().contains("[exited") == false)
    try pane.send("q")
    // The player lives in `home`: kept until the pane is done with it.
    withExtendedLifetime(home) {}
  }

  func feedback(_ home: PlayerHome, _ kind: String) async throws -> [String] {
    let result = try await home.tunes("lb", kind, "--json")
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    return ((object?["items"] as? [[String: Any]]) ?? []).compactMap { $0["recordingMsid"] as? String }
  }

  @Test func chartsFeedLoveHateAndPinFromTheUI() async throws {
    let (server, home, pane) = try await Self.openView(height: 30)
    // Paused, so that the playing song stays Morning however slow the machine is.
    try pane.send("c")
    try await pane.expectShows("‖")

    // The view opens on the submission status; Tab goes to the top artists, t to the next range.
    try pane.send("7")
    try await pane.expectShows("[Status] Top artists", "7 ListenBrainz")
    try pane.send("Tab")
    try await pane.expectShows("[Top artists]", "· all time", "Top artists of alice, all time", "Can", "Björk", "40")
    try pane.send("t")
    try await pane.expectShows("· this week", "Top artists of alice, this week", "Neu!")
    #expect(try await offPool { try server.requests() }.filter { $0.contains("/stats/user/alice/artists") }.count == 2)

    // A read that fails shows why under the heading.
    try pane.send("Tab")
    try await pane.expectShows("[Top releases]", "· this week", "stats are down")

    // Shift-Tab wraps round to the feed, which the view keeps when shown again.
    try pane.send("BTab", "BTab", "BTab")
    try await pane.expectShows("[Feed]", "Feed of alice", "Vitamin C")

    // f loves the playing song (Morning), found among alice's listens by its MSID.
    try pane.send("f")
    try await pane.expectShows("loved Anna – Morning")
    #expect(try await feedback(home, "loved") == [Self.morningMsid])

    // In the songs view the selection is acted on: * pins the last song, H hates the one above.
    try pane.send("2", "G", "*")
    try await pane.expectShows("pinned Bert – Night until")
    let pins = try await home.tunes("lb", "pins", "--json")
    let pinList = (try JSONSerialization.jsonObject(with: Data(pins.out.utf8)) as? [String: Any])?["pins"] as? [[String: Any]]
    #expect(pinList?.first?["recordingMsid"] as? String == Self.nightMsid, "\(pins.out)")
    try pane.send("k", "H")
    try await pane.expectShows("hated Anna – Noon")
    #expect(try await feedback(home, "hated") == [Self.noonMsid])

    // ListenBrainz refuses the next feedback for a moment: it waits in the outbox, said so, and is sent
    // once by the next read of the feed.
    _ = try await offPool {
      _ = try server.call("/_dashboard/fault", body: #"{"path": "POST /1/feedback", "status": 503}"#)
      return true
    }
    try pane.send("1", "Tab", "Tab", "f")
    try await pane.expectShows("loved Anna – Morning: queued")
    #expect(try await feedback(home, "loved") == [Self.morningMsid])
    try pane.send("7")
    try await pane.expectShows("[Feed]", "sent the queued loved Anna – Morning", "Vitamin C")
    let posts = try await offPool { try server.requests() }.filter { $0 == "POST /1/feedback/recording-feedback" }
    // Morning loved, Noon hated, the refused love and the love sent from the outbox: never one more.
    #expect(posts.count == 4, "\(posts)")
    #expect(try pane.text().contains("[exited") == false)
    try pane.send("q")
  }
}
