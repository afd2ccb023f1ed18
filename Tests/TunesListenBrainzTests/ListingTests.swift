// What `tunes lb queue` and `tunes lb status` show, built from a real queue.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesListenBrainz

@Suite struct ListingTests {
  func queueWithOneOfEach() throws -> (ListenQueue, [PendingListen]) {
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Tune", artist: "Band")
    try queueListens(library, count: 2, song: song, start: Date(timeIntervalSince1970: 1_700_000_000))
    let queue = ListenQueue(library: library)
    let rows = try queue.all()
    try queue.reject(id: rows[1].id!, message: "Value for key listened_at is too high.")
    return (queue, try queue.all())
  }

  @Test func textLines() throws {
    let (_, rows) = try queueWithOneOfEach()
    let lines = QueueListing.lines(rows)
    #expect(
      lines == [
        "\(rows[0].id!)\tpending\t2023-11-14T22:13:20Z\t-\tBand – Tune",
        "\(rows[1].id!)\trejected\t2023-11-14T22:13:21Z\t-\tBand – Tune\tValue for key listened_at is too high.",
      ])
  }

  @Test func jsonCarriesTheListenAsSent() throws {
    let (_, rows) = try queueWithOneOfEach()
    let array = try #require(try JSONSerialization.jsonObject(with: QueueListing.json(rows)) as? [[String: Any]])
    #expect(array.count == 2)
    #expect(array[1]["state"] as? String == "rejected")
    #expect(array[1]["rejection"] as? String == "Value for key listened_at is too high.")
    #expect(array[1]["attempts"] as? Int == 1)
    #expect(array[0]["rejection"] == nil)
    let listen = try #require(array[0]["listen"] as? [String: Any])
    #expect(listen["listened_at"] as? Int == 1_700_000_000)
  }

  @Test func statusCountsAndFacts() throws {
    let (queue, _) = try queueWithOneOfEach()
    let folder = try temporaryFolder()
    let path = folder + "/config.toml"
    var config = Config()
    config["listenbrainz", "token"] = .string("t0k")
    config["listenbrainz", "user"] = .string("me")
    try ConfigFile(path: path).save(config)
    try queue.recordError("cannot reach h: refused", at: Date(timeIntervalSince1970: 1_700_000_100))
    var status = try SubmissionStatus.read(queue: queue, account: Account(configFile: path, environment: [:]))
    #expect(status.user == "me")
    #expect(status.loggedIn)
    #expect(status.pending == 1)
    #expect(status.rejected == 1)
    #expect(status.lastSubmissionAt == nil)
    #expect(
      status.lines == [
        "user: me", "pending: 1", "rejected: 1 (see `tunes lb queue`)", "last submission: never",
        "last error: cannot reach h: refused at 2023-11-14T22:15:00Z",
      ])
    let decoded = try JSONDecoder().decode(SubmissionStatus.self, from: status.json())
    #expect(decoded == status)
    // One listen sent is "1 listen".
    let sent = try #require(try queue.all().first { $0.state == .pending }?.id)
    try queue.accepted(ids: [sent], at: Date(timeIntervalSince1970: 1_700_000_200))
    status = try SubmissionStatus.read(queue: queue, account: Account(configFile: path, environment: [:]))
    #expect(status.lines.contains("last submission: 2023-11-14T22:16:40Z (1 listen)"), "\(status.lines)")
    // A config file others can read: the status says so, and how to fix it, without the token.
    chmod(path, 0o644)
    status = try SubmissionStatus.read(queue: queue, account: Account(configFile: path, environment: [:]))
    #expect(!status.loggedIn)
    #expect(
      status.lines[1]
        == "token: unusable: \(path) holds a token but others can read it (mode 644); fix it with: chmod 600 \(path)")
    #expect(!String(decoding: status.json(), as: UTF8.self).contains("t0k"))
  }
}
