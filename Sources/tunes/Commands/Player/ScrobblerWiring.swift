// Connects the player to ListenBrainz, as two observers of its facts: the listen recorder hands each
// `counted` to `Scrobbler.listened` (play count and queued listen in one transaction; counted even when
// no account is configured) and each `listenEnded` to `Scrobbler.listenEnded`; the forwarder sends
// playing_now on song starts and on resumes after a long pause, from the values the facts carry. The
// submitter runs inside the player process (daemon included). A player whose plays do not count
// (`--pace max`) tells no listens and sends no playing_now either: nobody is listening to it.
import Foundation
import TunesLibrary
import TunesListenBrainz
import TunesPlayer

struct ScrobblerWiring {
  let scrobbler: Scrobbler
  let submitter: Submitter?
  let recorder: ListenRecorder
  let forwarding: Task<Void, Never>

  static func start(player: Player, library: Library, log: @escaping @Sendable (String) -> Void) async -> ScrobblerWiring {
    let (scrobbler, submitter) = await Scrobbler.start(library: library, log: log)
    let writer = ListenRecorder.Writer(
      counted: { song, listen in
        try scrobbler.listened(song: song, listenedAt: listen.listenedAt, playedMs: listen.playedMs, untilEnd: true)
      },
      ended: { listen in try scrobbler.listenEnded(listenedAt: listen.listenedAt, playedMs: listen.playedMs) })
    let recorder = await ListenRecorder.start(player: player, writer: writer, told: log)
    guard player.countsPlays else {
      return ScrobblerWiring(scrobbler: scrobbler, submitter: submitter, recorder: recorder, forwarding: Task {})
    }
    let facts = await player.facts()
    let forwarding = Task {
      for await fact in facts {
        switch fact {
        case .songStarted(let song, _):
          scrobbler.songStarted(song: song)
        case .resumed(let seconds, let status):
          guard let song = status.song else { continue }
          let remaining = Double(max((status.durationMs ?? song.durationMs ?? 0) - status.elapsedMs, 0)) / 1000
          scrobbler.songResumed(song: song, afterPause: seconds, remainingSeconds: remaining)
        default:
          continue
        }
      }
    }
    return ScrobblerWiring(scrobbler: scrobbler, submitter: submitter, recorder: recorder, forwarding: forwarding)
  }

  /// After the player's shutdown: the listens it told last are written before the submitter stops.
  func stop() async {
    forwarding.cancel()
    await recorder.finished()
    await submitter?.stop()
  }
}
