// `tunes lb feed` end to end against the fake server's social routes: every event kind drawn and in
// --json, paging, the listens views, similar users, whose feed may be read, and acting on events
// (hide, unhide, delete, thank) with the server's refusals.
import Foundation
import Testing

@Suite(.serialized) struct SocialFeedTests {
  @Test func everyEventKindAsTextAndJSON() async throws {
    let f = try await SocialFixture.start()
    var r = try await f.run("lb", "feed", "--max-ts", String(SocialFixture.before), extra: ["COLUMNS": "120"])
    #expect(r.status == 0, "\(r.err)")
    let expected = """
      Feed of alice (7 events)
      2025-11-24 16:11  ★ alice recommends NEU! – Isi  [rec/5]
      2025-11-24 16:10  ✉ bob recommends Can – Mushroom to alice: “for you”  [personal/4]
      2025-11-24 16:08  ✎ bob reviewed Homogenic (release group) ★★★★☆
                          Ice and fire, strings and beats.
      2025-11-24 16:06  ! Your Weekly Jams (https://listenbrainz.org/p/1) are & ready  [note/2]
      2025-11-24 16:05  ★ bob recommends Can – Vitamin C  [rec/1]
      2025-11-24 16:01  ● bob pinned Björk – Jóga: “so good”  [pin/3]
      2025-11-24 16:00  → bob now follows alice
      older: --max-ts 1764000050

      """
    #expect(r.out == expected, "\(r.out)")

    r = try await f.run("lb", "feed", "--json", "--max-ts", String(SocialFixture.before))
    let events = try #require(r.json["events"] as? [[String: Any]])
    #expect(
      events.map { $0["type"] as? String } == [
        "recording_recommendation", "personal_recording_recommendation", "critiquebrainz_review", "notification",
        "recording_recommendation", "recording_pin", "follow",
      ])
    #expect(events.map { $0["id"] as? Int } == [5, 4, 3, 2, 1, 3, nil])
    #expect(r.json["olderThan"] as? Int == 1_764_000_050)
    #expect(r.json["count"] as? Int == 7)
    let review = try #require(events[2]["review"] as? [String: Any])
    #expect(review["rating"] as? Int == 4 && review["entityId"] as? String == SocialFixture.homogenic)
    #expect(events[1]["users"] as? [String] == ["alice"] && events[1]["blurb"] as? String == "for you")
    #expect(events[6]["follower"] as? String == "bob" && events[6]["followed"] as? String == "alice")
    #expect((events[5]["track"] as? [String: Any])?["trackName"] as? String == "Jóga")
  }

  @Test func pagingWithCountMaxAndMinTs() async throws {
    let f = try await SocialFixture.start()
    let before = String(SocialFixture.before)
    var r = try await f.run("lb", "feed", "--json", "--max-ts", before, "--count", "2")
    #expect((r.json["events"] as? [[String: Any]])?.map { $0["id"] as? Int } == [5, 4])
    let older = try #require(r.json["olderThan"] as? Int)
    #expect(older == 1_764_000_600)
    // The page before: strictly older than the oldest event shown.
    r = try await f.run("lb", "feed", "--json", "--max-ts", String(older), "--count", "2")
    #expect((r.json["events"] as? [[String: Any]])?.map { $0["created"] as? Int } == [1_764_000_500, 1_764_000_400])
    // min_ts: only what came after.
    r = try await f.run("lb", "feed", "--json", "--max-ts", before, "--min-ts", "1764000400")
    #expect(
      (r.json["events"] as? [[String: Any]])?.map { $0["created"] as? Int } == [1_764_000_700, 1_764_000_600, 1_764_000_500])
    r = try await f.run("lb", "feed", "--max-ts", "5", "--min-ts", "9")
    #expect(r.status == 64 && r.err.contains("--max-ts must not be before --min-ts"))
    r = try await f.run("lb", "feed", "--following", "--similar")
    #expect(r.status == 64)
  }

  @Test func listensOfFollowedAndSimilarUsers() async throws {
    let f = try await SocialFixture.start()
    let before = String(SocialFixture.before)
    var r = try await f.run("lb", "feed", "--following", "--max-ts", before)
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out
        == "Listens of the users alice follows (1 event)\n2025-11-24 16:00  ♫ bob listened to Björk – Jóga (Homogenic)\nolder: --max-ts 1764000000\n",
      "\(r.out)")
    r = try await f.run("lb", "feed", "--similar", "--json", "--max-ts", before)
    let events = try #require(r.json["events"] as? [[String: Any]])
    #expect(events.map { $0["user"] as? String } == ["carol", "bob"])
    #expect(events.map { $0["similarity"] as? Double } == [0.42, 0.81])
    #expect(r.json["view"] as? String == "similar")
    // Outside the server's 7-day window before max_ts: nothing.
    r = try await f.run("lb", "feed", "--following", "--json", "--max-ts", String(1_764_000_000 + 8 * 86400))
    #expect((r.json["events"] as? [Any])?.isEmpty == true)
  }

  @Test func similarUsersInUsersAndOnTheDashboard() async throws {
    let f = try await SocialFixture.start()
    var r = try await f.run("lb", "users", "--similar", extra: ["COLUMNS": "40"])
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Users with a taste like alice's (simi") == true && lines.first?.hasSuffix("…") == true)
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines.count == 3 && lines[1].hasPrefix("bob ") && lines[1].hasSuffix(" 81") && lines[2].hasSuffix(" 42"))
    // The longest bar fills the room; carol's is 42/81 of it, to an eighth of a column.
    let full = lines[1].filter { $0 == "█" }.count
    #expect(full > 10 && abs(Double(lines[2].filter { $0 == "█" }.count) - Double(full) * 42 / 81) <= 1)
    r = try await f.run("lb", "users", "--similar", "bob", "--json")
    #expect(r.json["user"] as? String == "bob" && (r.json["users"] as? [Any])?.isEmpty == true)
    r = try await f.run("lb", "users", "--similar", "ghost")
    #expect(r.status == 66 && r.err == "tunes: no ListenBrainz user ghost\n")
    r = try await f.run("lb", "users")
    #expect(r.status == 64)
    r = try await f.run("lb", "dashboard", "--json")
    #expect(
      (r.json["similarUsers"] as? [[String: Any]])?.map { $0["user"] as? String } == ["bob", "carol"], "\(r.out) \(r.err)")
    r = try await f.run("lb", "dashboard", extra: ["COLUMNS": "80"])
    #expect(r.out.contains("Users with a taste like alice's (similarity, %)\nbob "), "\(r.out)")
  }

  @Test func offlineShowsTheLastFeedFetched() async throws {
    let f = try await SocialFixture.start()
    let before = String(SocialFixture.before)
    let online = try await f.run("lb", "feed", "--max-ts", before)
    f.server.stop()
    var r = try await f.run("lb", "feed", "--max-ts", before, "--offline")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("offline: cached "))
    #expect(r.out.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n" == online.out)
    r = try await f.run("lb", "feed", "--following", "--offline")
    #expect(r.status == 66 && r.err.contains("run it once without --offline"))
  }

  @Test func onlyTheOwnerReadsAFeed() async throws {
    let f = try await SocialFixture.start()
    var r = try await f.run("lb", "feed", "bob")
    #expect(r.status == 77)
    #expect(r.err == "tunes: ListenBrainz does not allow it: You don't have permissions to view this user's timeline.\n")
    r = try await f.run("lb", "feed", extra: ["TUNES_LISTENBRAINZ_TOKEN": "wrong"])
    #expect(r.status == 77 && r.err.contains("run `tunes lb login` again"), "\(r.err)")
  }

  @Test func hideUnhideThankAndDelete() async throws {
    let f = try await SocialFixture.start()
    var r = try await f.run("lb", "feed", "hide", "rec/1")
    #expect(r.status == 0 && r.out == "hid rec/1\n", "\(r.err)")
    #expect(try await f.feed().first { $0["id"] as? Int == 1 }?["hidden"] as? Bool == true)
    r = try await f.run("lb", "feed", "hide", "pin/3", "--json")
    #expect(r.json["sent"] as? Bool == true && r.json["action"] as? String == "hide" && r.json["event"] as? String == "pin/3")
    r = try await f.run("lb", "feed", "unhide", "rec/1")
    #expect(r.out == "unhid rec/1\n")
    let feed = try await f.feed()
    #expect(feed.first { $0["id"] as? Int == 1 }?["hidden"] as? Bool == false)
    #expect(feed.first { $0["type"] as? String == "recording_pin" }?["hidden"] as? Bool == true)

    r = try await f.run("lb", "feed", "thank", "personal/4", "--blurb", "lovely")
    #expect(r.status == 0 && r.out == "thanked for personal/4\n", "\(r.err)")
    let thanks = try #require(try await f.feed().first { $0["type"] as? String == "thanks" })
    #expect(thanks["thanker"] as? String == "alice" && thanks["thankee"] as? String == "bob")
    #expect(thanks["originalType"] as? String == "personal_recording_recommendation" && thanks["originalId"] as? Int == 4)
    #expect(thanks["blurb"] as? String == "lovely")

    r = try await f.run("lb", "feed", "delete", "rec/5")
    #expect(r.out == "deleted rec/5\n")
    #expect(try await f.feed().contains { $0["id"] as? Int == 5 && $0["type"] as? String == "recording_recommendation" } == false)
    // The server's refusals, each one line with its words and nothing left queued.
    r = try await f.run("lb", "feed", "delete", "rec/1")
    #expect(r.status == 66)
    #expect(
      r.err == "tunes: ListenBrainz has no such event: Cannot find 'recording_recommendation' event with id '1' for user '1'\n")
    r = try await f.run("lb", "feed", "hide", "pin/9")
    #expect(r.status == 77 && r.err == "tunes: ListenBrainz does not allow it: You cannot hide events of this user\n")
    r = try await f.run("lb", "feed", "thank", "rec/99")
    #expect(r.status == 65)
    #expect(r.err == "tunes: ListenBrainz refused the request: recording_recommendation event with id 99 not found\n")
    r = try await f.run("lb", "feed", "delete", "pin/3")
    #expect(r.status == 65)
    #expect(r.err.contains("This event type is not supported for deletion via this method"))
    r = try await f.run("lb", "feed", "hide", "3")
    #expect(r.status == 64 && r.err.contains("'3' is not an event; write KIND/ID"))
    #expect(try f.pending().isEmpty)
  }
}
