// Test support for the social commands: a world for the fake server's social routes (alice follows
// bob; bob and carol follow alice; a timeline with one event of each kind) and the songs to recommend
// and review, started as a CommandFixture.
import Foundation

@testable import TunesLibrary

enum SocialFixture {
  static let joga = "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"
  static let bjork = "87c5dedd-371d-4a53-9f7f-80522fb7f3cb"
  static let homogenic = "0b2fa7d5-1111-4000-8000-000000000001"
  static let halloMsid = "5b6c7d8e-0000-4000-8000-00000000abcd"
  /// Every event of the world happened before this (the feed's --max-ts in the tests).
  static let before = 1_764_100_000

  static func world(aliceServices: [String] = ["critiquebrainz"]) -> [String: Any] {
    let alice: [String: Any] = [
      "following": ["bob"], "followers": ["bob", "carol"], "services": aliceServices,
      "similar_users": [["user_name": "carol", "similarity": 0.42], ["user_name": "bob", "similarity": 0.81]],
      "listens": [
        [
          "listened_at": 1_763_800_000, "recording_msid": halloMsid,
          "track_metadata": [
            "artist_name": "NEU!", "track_name": "hallogallo", "additional_info": ["recording_msid": halloMsid],
          ],
        ]
      ],
    ]
    let bob: [String: Any] = [
      "followers": ["alice"], "following": ["alice"],
      "listens": [
        [
          "listened_at": 1_764_000_000,
          "track_metadata": ["artist_name": "Björk", "track_name": "Jóga", "release_name": "Homogenic"],
        ]
      ],
      "pins": [
        [
          "row_id": 3, "recording_mbid": joga, "blurb_content": "so good", "created": 1_764_000_100,
          "pinned_until": 1_764_600_000, "track_metadata": ["artist_name": "Björk", "track_name": "Jóga"],
        ]
      ],
    ]
    let carol: [String: Any] = [
      "following": ["alice"],
      "listens": [["listened_at": 1_764_000_200, "track_metadata": ["artist_name": "NEU!", "track_name": "Hallogallo"]]],
    ]
    let dave: [String: Any] = ["pins": [["row_id": 9, "recording_mbid": joga, "created": 1_764_000_150]]]
    let timeline: [[String: Any]] = [
      [
        "id": 1, "event_type": "recording_recommendation", "user_name": "bob", "created": 1_764_000_300,
        "metadata": ["track_metadata": ["artist_name": "Can", "track_name": "Vitamin C"]],
      ],
      [
        "id": 2, "event_type": "notification", "user_name": "troi-bot", "to": "alice", "created": 1_764_000_400,
        "metadata": ["message": "Your <a href=\"https://listenbrainz.org/p/1\">Weekly Jams</a> are &amp; ready"],
      ],
      [
        "id": 3, "event_type": "critiquebrainz_review", "user_name": "bob", "created": 1_764_000_500,
        "metadata": [
          "entity_name": "Homogenic", "entity_type": "release_group", "entity_id": homogenic, "rating": 4,
          "text": "Ice and fire, strings and beats.", "review_mbid": "1b2fa7d5-0000-4000-8000-000000000001",
        ],
      ],
      [
        "id": 4, "event_type": "personal_recording_recommendation", "user_name": "bob", "created": 1_764_000_600,
        "metadata": [
          "track_metadata": ["artist_name": "Can", "track_name": "Mushroom"], "users": ["alice"], "blurb_content": "for you",
        ],
      ],
      [
        "id": 5, "event_type": "recording_recommendation", "user_name": "alice", "created": 1_764_000_700,
        "metadata": ["track_metadata": ["artist_name": "NEU!", "track_name": "Isi"]],
      ],
      [
        "id": 6, "event_type": "recording_recommendation", "user_name": "dave", "created": 1_764_000_800,
        "metadata": ["track_metadata": ["artist_name": "Nobody", "track_name": "Unseen"]],
      ],
    ]
    return [
      "tokens": ["tok-alice": "alice", "tok-bob": "bob"],
      "users": ["alice": alice, "bob": bob, "carol": carol, "dave": dave],
      "timeline": timeline,
      "follow_events": [["user_name_0": "bob", "user_name_1": "alice", "created": 1_764_000_050]],
    ]
  }

  /// The songs of the library the commands recommend and review.
  static var songs: [Song] {
    var song = Song(path: "/music/joga.mp3", title: "Jóga", artist: "Björk", album: "Homogenic", recordingMbid: joga)
    song.artistMbids = [bjork]
    return [song, Song(path: "/music/hallo.mp3", title: "Hallogallo", artist: "Neu!", album: "Neu!")]
  }

  static func start(world: [String: Any] = SocialFixture.world()) async throws -> CommandFixture {
    try await CommandFixture.start(world: world, songs: songs)
  }
}

extension CommandFixture {
  /// The feed's events as --json gives them (before every event of the world and every new one).
  func feed(_ more: String...) async throws -> [[String: Any]] {
    let r = try await run(["lb", "feed", "--json", "--max-ts", String(Int(Date().timeIntervalSince1970) + 60)] + more)
    return (r.json["events"] as? [[String: Any]]) ?? []
  }
}
