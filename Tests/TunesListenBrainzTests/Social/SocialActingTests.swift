// `tunes lb follow|unfollow|recommend|review` end to end against the fake server: text and --json,
// the server's refusals (yourself, already following, unknown user, non-followers, CritiqueBrainz not
// linked), the review rules checked before sending, and writes queued while the server is down, sent
// in order by the next social command.
import Foundation
import GRDB
import Testing

@Suite(.serialized) struct SocialActingTests {
  @Test func followAndUnfollow() async throws {
    let f = try await SocialFixture.start()
    var r = try await f.run("lb", "follow", "carol")
    #expect(r.status == 0 && r.out == "following carol\n", "\(r.err)")
    #expect(try await f.run("lb", "following", "--json").json["names"] as? [String] == ["bob", "carol"])
    #expect(try await f.run("lb", "followers", "carol", "--json").json["names"] as? [String] == ["alice"])
    r = try await f.run("lb", "follow", "carol")
    #expect(r.status == 65 && r.err == "tunes: ListenBrainz refused the request: alice is already following user carol\n")
    r = try await f.run("lb", "follow", "alice")
    #expect(r.status == 65 && r.err == "tunes: ListenBrainz refused the request: Whoops, cannot follow yourself.\n")
    r = try await f.run("lb", "follow", "ghost")
    #expect(r.status == 66 && r.err == "tunes: no ListenBrainz user ghost\n")
    r = try await f.run("lb", "unfollow", "carol", "--json")
    #expect(r.status == 0 && r.json["sent"] as? Bool == true && r.json["label"] as? String == "unfollow carol", "\(r.out)")
    #expect(try await f.run("lb", "following", "--json").json["names"] as? [String] == ["bob"])
    r = try await f.run("lb", "unfollow", "ghost")
    #expect(r.status == 66)
    // The follow shows in the feed.
    r = try await f.run("lb", "follow", "carol", "--json")
    #expect(r.json["sent"] as? Bool == true && r.json["queued"] as? Bool == false)
    #expect(try await f.feed().contains { $0["type"] as? String == "follow" && $0["followed"] as? String == "carol" })
    #expect(try f.pending().isEmpty)
  }

  @Test func recommendToFollowersAndPersonally() async throws {
    let f = try await SocialFixture.start()
    var r = try await f.run("lb", "recommend", "jóga")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "recommended Björk – Jóga to your followers [rec/7]\n")
    var mine = try #require(try await f.feed().first { $0["id"] as? Int == 7 })
    #expect(mine["type"] as? String == "recording_recommendation" && mine["user"] as? String == "alice")
    // Without an MBID, the MSID of the same track among alice's listens.
    r = try await f.run("lb", "recommend", "hallogallo", "--to", "bob", "carol", "--blurb", "loud", "--json")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.json["sent"] as? Bool == true && r.json["eventId"] as? Int == 8 && r.json["to"] as? [String] == ["bob", "carol"])
    mine = try #require(try await f.feed().first { $0["id"] as? Int == 8 })
    #expect(mine["type"] as? String == "personal_recording_recommendation" && mine["users"] as? [String] == ["bob", "carol"])
    #expect(mine["blurb"] as? String == "loud")
    #expect((mine["track"] as? [String: Any])?["recordingMsid"] as? String == SocialFixture.halloMsid)
    r = try await f.run("lb", "recommend", "jóga", "--to", "dave")
    #expect(r.status == 65)
    #expect(
      r.err
        == "tunes: ListenBrainz refused the request: You cannot recommend tracks to non-followers! These people don't follow you ['dave']\n"
    )
    r = try await f.run("lb", "recommend", "jóga", "--blurb", "x")
    #expect(r.status == 64 && r.err.contains("--blurb goes with a personal recommendation"))
    r = try await f.run("lb", "recommend")
    #expect(r.status == 64 && r.err.contains("no player is running"))
    #expect(try f.pending().isEmpty)
  }

  @Test func reviewsOfARecordingAnAlbumAndAnArtist() async throws {
    let f = try await SocialFixture.start()
    let text = "Strings, beats and Icelandic rock."
    var r = try await f.run("lb", "review", "jóga", "--rating", "5", "--text", text)
    #expect(r.status == 0, "\(r.err)")
    // Named as the website names it: the recording's title.
    #expect(r.out == "reviewed Jóga (recording) ★★★★★\n")
    var review = try #require(
      try await f.feed().first { $0["type"] as? String == "critiquebrainz_review" && $0["user"] as? String == "alice" })
    var body = try #require(review["review"] as? [String: Any])
    #expect(body["entityType"] as? String == "recording" && body["entityId"] as? String == SocialFixture.joga)
    #expect(body["rating"] as? Int == 5 && body["text"] as? String == text)

    r = try await f.run("lb", "review", "jóga", "--artist", "--rating", "3", "--text", text, "--json")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.json["entityType"] as? String == "artist" && r.json["entityId"] as? String == SocialFixture.bjork)
    #expect(r.json["entityName"] as? String == "Björk" && r.json["sent"] as? Bool == true)

    r = try await f.run("lb", "review", "jóga", "--album", "--rating", "4", "--text", text)
    #expect(r.status == 64 && r.err.contains("give the release group's MBID with --mbid"), "\(r.err)")
    r = try await f.run("lb", "review", "jóga", "--album", "--mbid", SocialFixture.homogenic, "--rating", "4", "--text", text)
    #expect(r.status == 0 && r.out == "reviewed Homogenic (release group) ★★★★☆\n", "\(r.err)")
    review = try #require(
      try await f.feed().first {
        ($0["review"] as? [String: Any])?["entityType"] as? String == "release_group" && $0["user"] as? String == "alice"
      })
    body = try #require(review["review"] as? [String: Any])
    #expect(body["entityId"] as? String == SocialFixture.homogenic && body["entityName"] as? String == "Homogenic")
    // Only an MSID: CritiqueBrainz needs an MBID.
    r = try await f.run("lb", "review", "hallogallo", "--rating", "4", "--text", text)
    #expect(r.status == 64 && r.err.contains("CritiqueBrainz reviews need a recording MBID"), "\(r.err)")
  }

  @Test func reviewRulesAreCheckedBeforeSending() async throws {
    let f = try await SocialFixture.start()
    let reviewsBefore = try await Self.reviewCount(f)
    // 24 code points ("é" as one), one short of CritiqueBrainz's minimum; 25 passes.
    let short = "Ce disque est très beau."
    #expect(short.unicodeScalars.count == 24)
    var r = try await f.run("lb", "review", "jóga", "--rating", "4", "--text", short)
    #expect(r.status == 64 && r.err == "tunes: the review has 24 characters; CritiqueBrainz wants at least 25\n", "\(r.err)")
    r = try await f.run("lb", "review", "jóga", "--rating", "4", "--text", short + "!")
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run("lb", "review", "jóga", "--rating", "4", "--text", String(repeating: "a", count: 100_001))
    #expect(r.status == 64 && r.err == "tunes: the review has 100001 characters; CritiqueBrainz allows at most 100000\n")
    for rating in ["0", "6"] {
      r = try await f.run("lb", "review", "jóga", "--rating", rating, "--text", short + "!")
      #expect(r.status == 64 && r.err == "tunes: --rating must be 1 to 5 (stars), not \(rating)\n", "\(r.err)")
    }
    r = try await f.run("lb", "review", "jóga", "--rating", "4", "--text", short + "!", "--language", "english")
    #expect(r.status == 64 && r.err.contains("two-letter ISO 639-1 code"))
    // No stars: a text-only review, which ListenBrainz and CritiqueBrainz take.
    r = try await f.run("lb", "review", "jóga", "--text", short + "!")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "reviewed Jóga (recording)\n")
    // Two reviews went out: the valid ones.
    #expect(try await Self.reviewCount(f) == reviewsBefore + 2)
    #expect(try f.pending().isEmpty)
  }

  @Test func aReviewNeedsCritiqueBrainzLinked() async throws {
    let f = try await SocialFixture.start(world: SocialFixture.world(aliceServices: ["spotify"]))
    let r = try await f.run("lb", "review", "jóga", "--rating", "4", "--text", "Twenty-five characters at least.")
    #expect(r.status == 78)
    #expect(r.err.hasPrefix("tunes: alice has not linked ListenBrainz to CritiqueBrainz"))
    #expect(r.err.contains("https://listenbrainz.org/settings/music-services/details/"))
    #expect(try await Self.reviewCount(f) == 1)
    #expect(try f.pending().isEmpty)
  }

  @Test func writesWaitOfflineAndGoInOrder() async throws {
    var f = try await SocialFixture.start()
    f.server.stop()
    var r = try await f.run("lb", "follow", "carol")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("follow carol: queued (cannot reach 127.0.0.1: "), "\(r.out)")
    r = try await f.run("lb", "recommend", "jóga", "--json")
    #expect(r.status == 0 && r.json["queued"] as? Bool == true && r.json["waiting"] as? Int == 2, "\(r.out) \(r.err)")
    r = try await f.run("lb", "unfollow", "carol")
    #expect(r.out.contains("3 waiting"))
    r = try await f.run("lb", "review", "jóga", "--rating", "4", "--text", "Twenty-five characters at least.")
    #expect(r.status == 0 && r.out.contains("4 waiting"), "\(r.err)")
    r = try await f.run("lb", "follow", "alice")
    #expect(r.out.contains("5 waiting"))
    let rows = try f.pending()
    #expect(rows.map { $0["action"] as String } == ["follow", "recommend", "unfollow", "review", "follow"])
    #expect(rows.allSatisfy { ($0["account"] as String?) == "alice" })
    // Each command tried the oldest write and stopped at its failure: the later ones were never sent ahead of it.
    #expect(rows.map { $0["attempts"] as Int } == [5, 0, 0, 0, 0])
    #expect(rows.map { $0["path"] as String }.first == "/1/user/carol/follow")

    // Back (on a new port): the next social command sends all, oldest first; follow-then-unfollow ends not following.
    f.server = try await FakeListenBrainz.start(world: SocialFixture.world())
    r = try await f.run("lb", "feed", "--json", "--max-ts", String(Int(Date().timeIntervalSince1970) + 60))
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.err.split(separator: "\n").map(String.init) == [
        "tunes: sent the queued follow carol", "tunes: sent the queued recommend Björk – Jóga",
        "tunes: sent the queued unfollow carol", "tunes: sent the queued review of Jóga",
        "tunes: ListenBrainz refused the queued follow alice: ListenBrainz refused the request: Whoops, cannot follow yourself.",
      ], "\(r.err)")
    #expect(try f.pending().isEmpty)
    #expect(try await f.run("lb", "following", "--json").json["names"] as? [String] == ["bob"])
    let events = (r.json["events"] as? [[String: Any]]) ?? []
    #expect(
      events.contains {
        $0["type"] as? String == "recording_recommendation" && $0["user"] as? String == "alice" && $0["id"] as? Int == 7
      })
    #expect(events.contains { $0["type"] as? String == "critiquebrainz_review" && $0["user"] as? String == "alice" })
  }

  @Test func flushSendsQueuedSocialWrites() async throws {
    var f = try await SocialFixture.start()
    f.server.stop()
    #expect(try await f.run("lb", "follow", "carol").out.contains("queued"))
    #expect(try f.pending().count == 1)
    f.server = try await FakeListenBrainz.start(world: SocialFixture.world())
    let r = try await f.run("lb", "flush")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("sent the queued follow carol"), "\(r.out)")
    #expect(try f.pending().isEmpty)
  }

  /// Logged in as alice (config file) while TUNES_LISTENBRAINZ_USER shows bob's dashboards: writes and
  /// the feed are still alice's, the token's owner.
  @Test func theLoginsUserActsNotTheUserShown() async throws {
    let f = try await SocialFixture.start()
    let folder = (f.db as NSString).deletingLastPathComponent + "/config/tunes"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let config = folder + "/config.toml"
    try Data("[listenbrainz]\ntoken = \"tok-alice\"\nuser = \"alice\"\n".utf8).write(to: URL(fileURLWithPath: config))
    chmod(config, 0o600)
    let env = ["TUNES_LISTENBRAINZ_TOKEN": "", "TUNES_LISTENBRAINZ_USER": "bob"]
    var r = try await f.run("lb", "follow", "carol", extra: env)
    #expect(r.status == 0 && r.out == "following carol\n", "\(r.err)")
    #expect(try await f.run("lb", "following", "alice", "--json").json["names"] as? [String] == ["bob", "carol"])
    r = try await f.run("lb", "feed", "--json", extra: env)
    #expect(r.status == 0 && r.json["user"] as? String == "alice", "\(r.err)")
    // What the user shown means is unchanged for the reads: bob's followers.
    #expect(try await f.run("lb", "followers", "--json", extra: env).json["user"] as? String == "bob")
  }

  static func reviewCount(_ f: CommandFixture) async throws -> Int {
    try await f.feed().filter { $0["type"] as? String == "critiquebrainz_review" }.count
  }
}
