// Dashboard endpoints against canned answers shaped as the API facts describe: decoding (including odd
// and missing fields), 204 → not calculated, 404 → no such user, network → one line with the host.
import Foundation
import Testing

@testable import TunesListenBrainz

@Suite struct DashboardModelTests {
  static func ok(_ json: String) -> WireReply { .response(status: 200, body: Data(json.utf8)) }

  func dashboard(_ replies: [String: WireReply]) -> Dashboard {
    Dashboard(wire: CannedWire(host: "lb.test", replies: replies))
  }

  @Test func listenCountAndMissingUser() async throws {
    let d = dashboard([
      "GET /1/user/alice/listen-count": Self.ok(#"{"payload":{"count":1234}}"#),
      "GET /1/user/ghost/listen-count": .response(
        status: 404, body: Data(#"{"code":404,"error":"Cannot find user: ghost"}"#.utf8)),
    ])
    #expect(try await d.listenCount(user: "alice") == ListenCount(user: "alice", count: 1234))
    await #expect(throws: DashboardError.noSuchUser("ghost")) { try await d.listenCount(user: "ghost") }
    #expect(DashboardError.noSuchUser("ghost").description == "no ListenBrainz user ghost")
  }

  @Test func numbersWrittenAsStringsAreRead() async throws {
    let d = dashboard(["GET /1/user/alice/listen-count": Self.ok(#"{"payload":{"count":"42"}}"#)])
    #expect(try await d.listenCount(user: "alice").count == 42)
  }

  @Test func networkFailureIsOneLineNamingTheHost() async {
    let d = dashboard(["GET /1/user/alice/listen-count": .unreachable(cause: "Couldn't connect to server")])
    do {
      _ = try await d.listenCount(user: "alice")
      Issue.record("no error")
    } catch {
      #expect(error == .network(host: "lb.test", cause: "Couldn't connect to server"))
      #expect(error.description == "cannot reach lb.test: Couldn't connect to server")
      #expect(!error.description.contains("\n"))
      #expect(error.exitStatus == .unavailable)
    }
  }

  @Test func listensPageDecodesMappingAndPagesBack() async throws {
    let body = """
      {"payload":{"count":2,"user_id":"alice","latest_listen_ts":1700000300,"oldest_listen_ts":1600000000,"listens":[
      {"listened_at":1700000300,"inserted_at":1700000301,"recording_msid":"m-1","user_name":"Alice",
       "track_metadata":{"artist_name":"Björk","track_name":"Joga","release_name":"Homogenic",
         "additional_info":{"recording_msid":"m-1","duration_ms":"305000"},
         "mbid_mapping":{"recording_mbid":"8F3471B5-7E6A-48DA-86A9-C1C07A0F47AE","artist_mbids":["87c5dedd-371d-4a53-9f7f-80522fb7f3cb"]}}},
      {"listened_at":1700000000,"inserted_at":1700000001,"recording_msid":"m-2","user_name":"Alice",
       "track_metadata":{"artist_name":"Can","track_name":"Vitamin C","additional_info":{"duration":200,"recording_mbid":"not-a-uuid"}}},
      {"listened_at":"garbage-but-an-object-is-still-a-listen"},
      17
      ]}}
      """
    let d = dashboard(["GET /1/user/alice/listens?count=3&max_ts=1700000400": Self.ok(body)])
    let page = try await d.listens(user: "alice", count: 3, olderThan: 1_700_000_400)
    // The number 17 is not a listen and is dropped; the odd object decodes with empty names.
    #expect(page.listens.count == 3)
    let first = page.listens[0]
    #expect(first.listenedAt == 1_700_000_300)
    #expect(first.track.artistName == "Björk")
    #expect(first.track.recordingMbid == "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae")
    #expect(first.track.recordingMsid == "m-1")
    #expect(first.track.durationMs == 305_000)
    #expect(first.track.artistMbids == ["87c5dedd-371d-4a53-9f7f-80522fb7f3cb"])
    let second = page.listens[1]
    #expect(second.track.recordingMbid == nil)  // "not-a-uuid" is not an MBID
    #expect(second.track.durationMs == 200_000)
    #expect(second.track.recordingMsid == "m-2")
    #expect(page.listens[2].listenedAt == nil)
    // The last listen has no timestamp, so there is no next page from it.
    #expect(page.olderThan == nil)
  }

  @Test func pagingStopsAtTheOldestListen() {
    let track = TrackInfo(artistName: "a", trackName: "t")
    var page = ListensPage(
      user: "u", listens: [Listen(listenedAt: 300, track: track), Listen(listenedAt: 200, track: track)], latestListenAt: 300,
      oldestListenAt: 100)
    #expect(page.olderThan == 200)
    page.oldestListenAt = 200
    #expect(page.olderThan == nil)
    page.listens = []
    #expect(page.olderThan == nil)
  }

  @Test func playingNowOrNothing() async throws {
    let d = dashboard([
      "GET /1/user/alice/playing-now": Self.ok(
        #"{"payload":{"count":1,"user_id":"alice","playing_now":true,"listens":[{"track_metadata":{"artist_name":"Can","track_name":"Halleluhwah","additional_info":{}},"user_name":"alice","playing_now":true}]}}"#
      ),
      "GET /1/user/bob/playing-now": Self.ok(#"{"payload":{"count":0,"user_id":"bob","playing_now":true,"listens":[]}}"#),
    ])
    let alice = try await d.playingNow(user: "alice")
    #expect(alice.listen?.track.trackName == "Halleluhwah")
    #expect(alice.listen?.playingNow == true)
    #expect(alice.listen?.listenedAt == nil)
    #expect(try await d.playingNow(user: "bob").listen == nil)
  }

  @Test func topListsOfEachEntity() async throws {
    let artists = """
      {"payload":{"user_id":"alice","artists":[
        {"artist_mbid":null,"artist_name":"Can","listen_count":30},
        {"artist_mbid":"87c5dedd-371d-4a53-9f7f-80522fb7f3cb","artist_name":"Björk","listen_count":"12"},
        {"listen_count":3}],
       "count":3,"total_artist_count":57,"offset":0,"range":"this_month","from_ts":1,"to_ts":2,"last_updated":3}}
      """
    let recordings = """
      {"payload":{"user_id":"alice","recordings":[
        {"artist_name":"Can","artist_mbids":[],"recording_mbid":null,"release_name":null,"release_mbid":null,"caa_id":null,
         "caa_release_mbid":null,"artists":null,"track_name":"Vitamin C","listen_count":9}],
       "count":1,"total_recording_count":1,"offset":5,"range":"year","from_ts":1,"to_ts":2,"last_updated":3}}
      """
    let releases = """
      {"payload":{"user_id":"alice","releases":[{"artist_mbids":[],"release_mbid":"A4864E94-6D75-4ADE-BC93-0DABF3521453",
        "release_name":"Ege Bamyasi","listen_count":20,"artist_name":"Can","artists":null,"caa_id":null,"caa_release_mbid":null}],
       "count":1,"total_release_count":8,"offset":0,"range":"all_time","from_ts":1,"to_ts":2,"last_updated":3}}
      """
    let d = dashboard([
      "GET /1/stats/user/alice/artists?range=this_month&count=10&offset=0": Self.ok(artists),
      "GET /1/stats/user/alice/recordings?range=year&count=1&offset=5": Self.ok(recordings),
      "GET /1/stats/user/alice/releases?range=all_time&count=10&offset=0": Self.ok(releases),
    ])
    let a = try #require(try await d.top(.artists, user: "alice", range: .thisMonth).value)
    // The item without a name is dropped, the string count is read.
    #expect(
      a.entries == [
        TopEntry(name: "Can", listenCount: 30),
        TopEntry(name: "Björk", mbid: "87c5dedd-371d-4a53-9f7f-80522fb7f3cb", listenCount: 12),
      ])
    #expect(a.totalCount == 57)
    #expect(a.range == "this_month")
    let r = try #require(try await d.top(.recordings, user: "alice", range: .year, count: 1, offset: 5).value)
    #expect(r.entries == [TopEntry(name: "Vitamin C", artistName: "Can", listenCount: 9)])
    #expect(r.offset == 5)
    let rel = try #require(try await d.top(.releases, user: "alice").value)
    #expect(
      rel.entries == [
        TopEntry(name: "Ege Bamyasi", artistName: "Can", mbid: "a4864e94-6d75-4ade-bc93-0dabf3521453", listenCount: 20)
      ])
  }

  @Test func statsNotCalculatedYetIsATypedAnswer() async throws {
    let empty = WireReply.response(status: 204, body: Data())
    let d = dashboard([
      "GET /1/stats/user/newbie/artists?range=all_time&count=10&offset=0": empty,
      "GET /1/stats/user/newbie/listening-activity?range=week": empty,
      "GET /1/stats/user/newbie/daily-activity?range=all_time": empty,
      "GET /1/stats/user/newbie/artist-map?range=all_time": empty,
    ])
    #expect(try await d.top(.artists, user: "newbie") == .notCalculated(user: "newbie"))
    #expect(try await d.listeningActivity(user: "newbie", range: .week) == .notCalculated(user: "newbie"))
    #expect(try await d.dailyActivity(user: "newbie") == .notCalculated(user: "newbie"))
    #expect(try await d.artistMap(user: "newbie") == .notCalculated(user: "newbie"))
    // Stats of an unknown user: 404, not "not calculated".
    await #expect(throws: DashboardError.noSuchUser("ghost")) { try await d.top(.artists, user: "ghost") }
  }

  @Test func listeningActivityIsOldestFirst() async throws {
    let body = """
      {"payload":{"user_id":"alice","range":"year","from_ts":0,"to_ts":9,"last_updated":9,"listening_activity":[
        {"from_ts":200,"to_ts":299,"time_range":"March 2026","listen_count":7},
        {"from_ts":100,"to_ts":199,"time_range":"February 2026","listen_count":"3"},
        {"time_range":"no stamps","listen_count":1}]}}
      """
    let d = dashboard(["GET /1/stats/user/alice/listening-activity?range=year": Self.ok(body)])
    let activity = try #require(try await d.listeningActivity(user: "alice", range: .year).value)
    // Sorted by from_ts; a bucket without one sorts by its position (2), so before 100 and 200.
    #expect(activity.buckets.map(\.label) == ["no stamps", "February 2026", "March 2026"])
    #expect(activity.buckets.map(\.listenCount) == [1, 3, 7])
  }

  @Test func dailyActivityBecomesA7x24Grid() async throws {
    let body = """
      {"payload":{"user_id":"alice","range":"all_time","from_ts":0,"to_ts":9,"last_updated":9,"daily_activity":{
        "Monday":[{"hour":0,"listen_count":5},{"hour":23,"listen_count":2}],
        "sunday":[{"hour":12,"listen_count":"9"},{"hour":24,"listen_count":100},{"hour":-1,"listen_count":100}],
        "Caturday":[{"hour":1,"listen_count":50}]}}}
      """
    let d = dashboard(["GET /1/stats/user/alice/daily-activity?range=all_time": Self.ok(body)])
    let daily = try #require(try await d.dailyActivity(user: "alice").value)
    #expect(daily.counts.count == 7)
    #expect(daily.counts.allSatisfy { $0.count == 24 })
    #expect(daily.counts[0][0] == 5)
    #expect(daily.counts[0][23] == 2)
    #expect(daily.counts[6][12] == 9)
    // Hours 24 and -1 and the unknown day are ignored.
    #expect(daily.total == 16)
  }

  @Test func artistMapMostListenedFirst() async throws {
    let body = """
      {"payload":{"user_id":"alice","range":"all_time","from_ts":0,"to_ts":9,"last_updated":9,"artist_map":[
        {"country":"ISL","artist_count":1,"listen_count":12,"artists":[{"artist_name":"Björk","artist_mbid":"x","listen_count":12}]},
        {"country":"DEU","artist_count":2,"listen_count":40,"artists":null},
        {"artist_count":9,"listen_count":999},
        {"country":"ZZZ","artist_count":1,"listen_count":1e300},
        {"country":"FRA","artist_count":1}]}}
      """
    let d = dashboard(["GET /1/stats/user/alice/artist-map?range=all_time": Self.ok(body)])
    let map = try #require(try await d.artistMap(user: "alice").value)
    #expect(map.countries.map(\.country) == ["DEU", "ISL"])
    #expect(map.countries[1].artists == ["Björk"])
    #expect(map.countries[0].artists == [])
  }

  @Test func followersFollowingAndTheirErrors() async throws {
    let d = dashboard([
      "GET /1/user/alice/followers": Self.ok(#"{"followers":["bob","carol"],"user":"Alice"}"#),
      "GET /1/user/alice/following": Self.ok(#"{"following":[],"user":"Alice"}"#),
      "GET /1/user/ghost/followers": .response(status: 404, body: Data(#"{"code":404,"error":"User ghost not found"}"#.utf8)),
    ])
    #expect(
      try await d.follows(.followers, user: "alice") == FollowList(user: "Alice", direction: .followers, names: ["bob", "carol"]))
    #expect(try await d.follows(.following, user: "alice").names == [])
    await #expect(throws: DashboardError.noSuchUser("ghost")) { try await d.follows(.followers, user: "ghost") }
  }

  @Test func lovedAndHatedFeedback() async throws {
    let body = """
      {"feedback":[
        {"user_id":"alice","recording_msid":null,"recording_mbid":"8f3471b5-7e6a-48da-86a9-c1c07a0f47ae","score":1,"created":1700000000,
         "track_metadata":{"artist_name":"Can","track_name":"Vitamin C","additional_info":{}}},
        {"user_id":"alice","recording_msid":"b1e4a3c5-0000-4000-8000-000000000001","recording_mbid":null,"score":1,"created":1690000000,"track_metadata":null},
        {"user_id":"alice","recording_mbid":null,"score":-1,"created":1}],
       "count":3,"total_count":77,"offset":0}
      """
    let d = dashboard(["GET /1/feedback/user/alice/get-feedback?score=1&count=25&offset=0&metadata=true": Self.ok(body)])
    let page = try await d.feedback(user: "alice", score: .love)
    // The -1 item the server should not have mixed in is dropped.
    #expect(page.items.count == 2)
    #expect(page.items[0].track?.trackName == "Vitamin C")
    #expect(page.items[1].track == nil)
    #expect(page.totalCount == 77)
  }

  @Test func pinsAndCurrentPin() async throws {
    let d = dashboard([
      "GET /1/alice/pins?count=25&offset=0": Self.ok(
        #"{"pinned_recordings":[{"row_id":2,"recording_msid":null,"recording_mbid":"8f3471b5-7e6a-48da-86a9-c1c07a0f47ae","blurb_content":"so good","created":5,"pinned_until":9,"track_metadata":null}],"total_count":4,"count":1,"offset":0,"user_name":"alice"}"#
      ),
      "GET /1/alice/pins/current": Self.ok(#"{"pinned_recording":null,"user_name":"alice"}"#),
    ])
    let pins = try await d.pins(user: "alice")
    #expect(pins.pins.map(\.blurb) == ["so good"])
    #expect(pins.totalCount == 4)
    #expect(try await d.currentPin(user: "alice") == nil)
  }

  @Test func playlistsAndOnePlaylist() async throws {
    let list = """
      {"playlists":[{"playlist":{"creator":"troi-bot","title":"Weekly Jams for alice","identifier":"https://listenbrainz.org/playlist/0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e",
        "date":"2026-11-16T00:00:00+00:00","extension":{"https://musicbrainz.org/doc/jspf#playlist":{"public":true,"creator":"troi-bot",
        "last_modified_at":"2026-11-16T00:00:00+00:00","created_for":"alice","additional_metadata":{"algorithm_metadata":{}}}},"track":[]}},
        {"not-a-playlist":1}],
       "playlist_count":12,"count":25,"offset":0}
      """
    let one = """
      {"playlist":{"creator":"troi-bot","title":"Weekly Jams","identifier":"https://listenbrainz.org/playlist/0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e",
        "track":[{"identifier":["https://musicbrainz.org/recording/8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"],"title":"Joga","creator":"Björk"},
                 {"identifier":"https://musicbrainz.org/recording/nonsense","title":"Odd","creator":"Someone"}]}}
      """
    let d = dashboard([
      "GET /1/user/alice/playlists/createdfor?count=25&offset=0": Self.ok(list),
      "GET /1/playlist/0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e": Self.ok(one),
    ])
    let playlists = try await d.playlists(user: "alice", kind: .createdFor)
    #expect(playlists.playlists.count == 1)
    #expect(playlists.playlists[0].createdFor == "alice")
    #expect(playlists.playlists[0].mbid == "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e")
    #expect(playlists.playlists[0].isPublic == true)
    #expect(playlists.totalCount == 12)
    let playlist = try await d.playlist(mbid: "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e")
    #expect(playlist.tracks.map(\.recordingMbid) == ["8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", nil])
    await #expect(throws: DashboardError.noSuchPlaylist("11111111-2222-3333-4444-555555555555")) {
      try await d.playlist(mbid: "11111111-2222-3333-4444-555555555555")
    }
  }

  @Test func playlistIdentifiersFromURLs() {
    #expect(
      PlaylistWire.playlistMbid(fromIdentifier: "https://listenbrainz.org/playlist/0B0E5E8A-9B5B-4B2D-9A1E-3F4A5B6C7D8E/")
        == "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e")
    #expect(
      PlaylistWire.playlistMbid(fromIdentifier: "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e") == "0b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e")
    #expect(PlaylistWire.playlistMbid(fromIdentifier: "https://listenbrainz.org/playlist/") == nil)
  }

  @Test func userSearchAndPathEncoding() async throws {
    let d = dashboard([
      "GET /1/search/users/?search_term=al": Self.ok(#"{"users":[{"user_name":"alice"},{"user_name":"alan"},{}]}"#),
      "GET /1/user/a%20b%2Fc%C3%A9/listen-count": Self.ok(#"{"payload":{"count":1}}"#),
    ])
    #expect(try await d.searchUsers("al").users == ["alice", "alan"])
    #expect(try await d.listenCount(user: "a b/cé").count == 1)
  }

  @Test func brokenJSONIsABadResponseNotACrash() async {
    let d = dashboard(["GET /1/user/alice/listen-count": Self.ok("<html>oops</html>")])
    do {
      _ = try await d.listenCount(user: "alice")
      Issue.record("no error")
    } catch {
      guard case .badResponse(let endpoint, _) = error else { Issue.record("\(error)"); return }
      #expect(endpoint == "/1/user/alice/listen-count")
    }
  }

  @Test func statusesBecomeErrors() async {
    func reply(_ status: Int, _ message: String) -> WireReply {
      .response(status: status, body: Data(#"{"code":\#(status),"error":"\#(message)"}"#.utf8))
    }
    let cases: [(WireReply, DashboardError)] = [
      (reply(400, "Invalid range: x"), .refused(message: "Invalid range: x")),
      (reply(401, "Invalid authorization token."), .unauthorized(message: "Invalid authorization token.")),
      (reply(429, "slow down"), .rateLimited(resetIn: 10)),
      (
        reply(503, "Cannot fetch user listen count right now."),
        .server(status: 503, message: "Cannot fetch user listen count right now.")
      ),
      (
        .response(status: 415, body: Data("<html>".utf8)),
        .unexpectedStatus(status: 415, endpoint: "/1/user/alice/listen-count", message: nil)
      ),
    ]
    for (answer, expected) in cases {
      let d = dashboard(["GET /1/user/alice/listen-count": answer])
      await #expect(throws: expected) { try await d.listenCount(user: "alice") }
    }
  }

  /// The server counts a pin's words in Unicode code points (Python's len), not in what a reader
  /// sees as characters: 280 letters with a combining accent are 560 code points, and refused.
  @Test func pinWordsAreCountedInCodePoints() throws {
    #expect(SocialWrite.blurbProblem(String(repeating: "x", count: 280)) == nil)
    let combined = String(repeating: "e\u{301}", count: 280)
    #expect(combined.count == 280)
    let problem = try #require(SocialWrite.blurbProblem(combined))
    #expect(problem.contains("560 Unicode code points"))
    #expect(SocialWrite.blurbProblem(String(repeating: "é", count: 280)) == nil)
  }
}

/// The dashboards over the shared client: statuses, rate-limit headers and transport failures as the
/// client's classifier reports them come out as the same DashboardErrors.
@Suite struct DashboardClientWireTests {
  struct Stub: HTTPTransport {
    /// Answers by URL; a URL not listed is a refused connection.
    let answers: [String: HTTPResponse]
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
      guard request.headers["Authorization"] == "Token t0k" else { return HTTPResponse(status: 401, headers: [:], body: Data()) }
      guard let answer = answers[request.url] else { throw .couldNotConnect(cause: "Couldn't connect to server") }
      return answer
    }
  }

  func dashboard(_ answers: [String: HTTPResponse]) throws -> Dashboard {
    let client = ListenBrainzClient(root: try APIRoot("http://127.0.0.1:9"), token: "t0k", transport: Stub(answers: answers))
    return Dashboard(wire: ClientWire(client: client))
  }

  @Test func answersThroughTheSharedClient() async throws {
    let root = "http://127.0.0.1:9"
    let d = try dashboard([
      root + "/1/user/alice/listen-count": HTTPResponse(status: 200, headers: [:], body: Data(#"{"payload":{"count":3}}"#.utf8)),
      root + "/1/stats/user/alice/artist-map?range=all_time": HTTPResponse(status: 204, headers: [:], body: Data()),
      root + "/1/user/ghost/listen-count": HTTPResponse(
        status: 404, headers: [:], body: Data(#"{"code":404,"error":"Cannot find user: ghost"}"#.utf8)),
      root + "/1/user/busy/listen-count": HTTPResponse(
        status: 429, headers: ["X-RateLimit-Reset-In": "7"],
        body: Data(#"{"code":429,"error":"You have exceeded your rate limit."}"#.utf8)),
    ])
    #expect(try await d.listenCount(user: "alice").count == 3)
    #expect(try await d.artistMap(user: "alice") == .notCalculated(user: "alice"))
    await #expect(throws: DashboardError.noSuchUser("ghost")) { try await d.listenCount(user: "ghost") }
    await #expect(throws: DashboardError.rateLimited(resetIn: 7)) { try await d.listenCount(user: "busy") }
    await #expect(throws: DashboardError.network(host: "127.0.0.1", cause: "Couldn't connect to server")) {
      try await d.listenCount(user: "nobody-listed")
    }
  }
}
