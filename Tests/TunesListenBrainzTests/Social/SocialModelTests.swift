// The social side's decoding and rules without a server: feed events of every kind from API-shaped
// answers (odd and missing fields, unknown types), similar users, the KIND/ID names, the review rules
// at their limits, and how the social routes' statuses are classified (a 401 that is not about the token).
import Foundation
import Testing

@testable import TunesListenBrainz

@Suite struct SocialModelTests {
  static func page(_ events: String) throws -> [FeedEvent] {
    try JSONDecoder().decode(
      FeedWire.self, from: Data(#"{"payload": {"count": 9, "user_id": "alice", "events": \#(events)}}"#.utf8)
    )
    .events
  }

  @Test func everyKindDecodes() throws {
    let events = try Self.page(
      """
      [{"event_type": "recording_pin", "id": "3", "user_name": "bob", "created": 1764000100.7, "hidden": true,
        "metadata": {"blurb_content": "so good", "track_metadata": {"artist_name": "Björk", "track_name": "Jóga",
        "mbid_mapping": {"recording_mbid": "8F3471B5-7E6A-48DA-86A9-C1C07A0F47AE"}}}},
       {"event_type": "follow", "user_name": "bob", "created": 5, "metadata": {"user_name_0": "bob", "user_name_1": "alice"}},
       {"event_type": "critiquebrainz_review", "id": 4, "user_name": "bob", "created": 6,
        "metadata": {"entity_name": "Homogenic", "entity_type": "release_group", "entity_id": "not-a-uuid", "rating": "4",
                     "text": "Ice.", "review_mbid": "1b2fa7d5-0000-4000-8000-000000000001"}},
       {"event_type": "thanks", "id": 9, "user_name": "alice", "created": 7,
        "metadata": {"thanker_username": "alice", "thankee_username": "bob", "original_event_type": "recording_pin",
                     "original_event_id": 3}},
       {"event_type": "listen", "user_name": "carol", "created": 8, "similarity": 0.5,
        "metadata": {"track_metadata": {"artist_name": "NEU!", "track_name": "Isi"}, "recording_msid": "m-1"}},
       {"event_type": "playlist_created", "id": 11, "user_name": "troi", "created": 9, "metadata": {}},
       {"user_name": "nobody", "created": 10},
       "not an event"]
      """)
    #expect(events.count == 6)
    let pin = events[0]
    #expect(pin.kind == .pin && pin.id == 3 && pin.created == 1_764_000_100 && pin.hidden && pin.blurb == "so good")
    #expect(pin.track?.recordingMbid == "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae")
    #expect(events[1].follower == "bob" && events[1].followed == "alice" && events[1].id == nil && !events[1].hidden)
    #expect(
      events[2].review
        == FeedReview(
          entityName: "Homogenic", entityType: "release_group", entityId: nil, rating: 4, text: "Ice.",
          reviewMbid: "1b2fa7d5-0000-4000-8000-000000000001"))
    #expect(events[3].thankee == "bob" && events[3].originalType == "recording_pin" && events[3].originalId == 3)
    #expect(events[4].similarity == 0.5 && events[4].track?.recordingMsid == "m-1")
    #expect(events[5].kind == .other && events[5].type == "playlist_created")
    #expect(FeedPage(user: "alice", view: .events, events: events).olderThan == 5)
  }

  @Test func similarUsersAreSortedAndOddItemsDropped() throws {
    let body =
      #"{"payload": [{"user_name": "carol", "similarity": 0.42}, {"user_name": "bob", "similarity": 0.81}, {"user_name": "x"}, {"similarity": 0.9}, 7]}"#
    let users = try JSONDecoder().decode(SimilarUsersWire.self, from: Data(body.utf8)).users
    #expect(users == [.init(user: "bob", similarity: 0.81), .init(user: "carol", similarity: 0.42)])
  }

  @Test func eventNames() throws {
    #expect(try FeedEventReference.parse("rec/12") == FeedEventReference(kind: .recommendation, id: 12))
    #expect(try FeedEventReference.parse("PIN/3") == FeedEventReference(kind: .pin, id: 3))
    #expect(try FeedEventReference.parse("personal_recording_recommendation/5").kind == .personalRecommendation)
    #expect(try FeedEventReference.parse("note/7").kind == .notification)
    for bad in ["12", "rec/", "rec/x", "follow/1", "listen/2", "review/3", "rec/1/2", "rec/-1", ""] {
      #expect(throws: SocialError.badEventReference(bad)) { try FeedEventReference.parse(bad) }
    }
    var listen = FeedEvent(kind: .listen, user: "bob", created: 1)
    #expect(FeedEventReference.name(of: listen) == nil)
    listen.kind = .thanks
    listen.id = 4
    #expect(FeedEventReference.name(of: listen) == "thanks/4")
  }

  @Test func reviewRulesAtTheirLimits() throws {
    func check(_ text: String, rating: Int? = 3, language: String = "en") -> SocialError? {
      do {
        try ReviewRules.check(
          Review(
            entityType: .recording, entityId: "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", entityName: "x", text: text, rating: rating,
            language: language))
        return nil
      } catch { return error }
    }
    #expect(check(String(repeating: "a", count: 25)) == nil)
    #expect(check(String(repeating: "a", count: 24)) != nil)
    #expect(check(String(repeating: "a", count: 100_000)) == nil)
    #expect(check(String(repeating: "a", count: 100_001)) != nil)
    // Counted in code points, as CritiqueBrainz (Python) counts: "e" + combining accent is two.
    #expect(check(String(repeating: "e\u{301}", count: 12) + "a") == nil)
    #expect(check(String(repeating: "é", count: 24)) != nil)
    #expect(check(String(repeating: " ", count: 30)) != nil)
    #expect(check(String(repeating: "a", count: 30), rating: nil) == nil)
    for rating in [0, 6, -1] { #expect(check(String(repeating: "a", count: 30), rating: rating) != nil) }
    for rating in 1...5 { #expect(check(String(repeating: "a", count: 30), rating: rating) == nil) }
    #expect(check(String(repeating: "a", count: 30), language: "EN") != nil)
    #expect(throws: SocialError.self) {
      try ReviewRules.check(
        Review(entityType: .artist, entityId: "nope", entityName: "x", text: String(repeating: "a", count: 30), rating: 1))
    }
  }

  @Test func statusesOfTheSocialRoutes() async throws {
    func reply(_ status: Int, _ message: String) -> WireReply {
      .response(status: status, body: Data(#"{"code": \#(status), "error": "\#(message)"}"#.utf8))
    }
    let path = "/1/user/alice/feed/events/hide"
    let write = SocialWrite(action: .hide, path: path, body: Data("{}".utf8), label: "hide rec/1")
    func send(_ r: WireReply) async -> SocialError? {
      do {
        try await Social(wire: CannedWire(replies: ["POST " + path: r])).send(write)
        return nil
      } catch { return error }
    }
    #expect(
      await send(reply(401, "You cannot hide events of this user")) == .forbidden(message: "You cannot hide events of this user"))
    #expect(
      await send(reply(401, "Invalid authorization token.")) == .dashboard(.unauthorized(message: "Invalid authorization token."))
    )
    #expect(await send(reply(401, "Invalid authorization token."))?.isTokenRefusal == true)
    #expect(await send(reply(403, "nope")) == .forbidden(message: "nope"))
    #expect(await send(reply(404, "Cannot find it")) == .noSuchEvent(message: "Cannot find it"))
    #expect(await send(reply(400, "bad")) == .refused(message: "bad"))
    #expect(await send(.unreachable(cause: "down"))?.isTransient == true)
    #expect(await send(reply(503, "busy"))?.isTransient == true)
    #expect(await send(.response(status: 200, body: Data(#"{"status": "ok"}"#.utf8))) == nil)
    // A follow's 404 is about the user followed.
    let follow = SocialWrite.follow("g h")
    #expect(follow.path == "/1/user/g%20h/follow")
    do {
      try await Social(wire: CannedWire(replies: [:])).send(follow)
      Issue.record("a 404 must throw")
    } catch {
      #expect(error == .dashboard(.noSuchUser("g h")))
    }
  }

  @Test func writesAreTheServersShapes() throws {
    func object(_ w: SocialWrite) -> [String: Any] { (try? JSONSerialization.jsonObject(with: w.body)) as? [String: Any] ?? [:] }
    let pin = FeedEventReference(kind: .pin, id: 3)
    #expect(object(.hide(pin, user: "alice")) as NSDictionary == ["event_type": "recording_pin", "event_id": 3])
    #expect(
      object(.delete(FeedEventReference(kind: .recommendation, id: 5), user: "alice")) as NSDictionary == [
        "event_type": "recording_recommendation", "id": 5,
      ])
    #expect(
      object(.thank(pin, user: "alice", blurb: "ta")) as NSDictionary
        == ["metadata": ["original_event_type": "recording_pin", "original_event_id": 3, "blurb_content": "ta"]])
    let personal = SocialWrite.recommend(
      recordingMbid: "m", recordingMsid: nil, to: ["bob"], blurb: nil, user: "alice", label: "x")
    #expect(personal.path == "/1/user/alice/timeline-event/create/recommend-personal")
    #expect(object(personal) as NSDictionary == ["metadata": ["recording_mbid": "m", "users": ["bob"]]])
    let review = SocialWrite.review(
      Review(entityType: .releaseGroup, entityId: "id", entityName: "n", text: "t", rating: nil, language: "de"), user: "alice")
    #expect(
      object(review) as NSDictionary == [
        "metadata": ["entity_name": "n", "entity_id": "id", "entity_type": "release_group", "text": "t", "language": "de"]
      ])
    // The same write is always the same bytes (keys sorted): a queued write goes out unchanged.
    #expect(SocialWrite.hide(pin, user: "alice").body == SocialWrite.hide(pin, user: "alice").body)
  }
}
