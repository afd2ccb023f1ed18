// Connects the player to ListenBrainz: the listen rule's verdict goes to `Scrobbler.listened` (play count
// and queued listen in one transaction; counted even when no account is configured), song starts and
// resumes go to playing_now. The submitter runs inside the player process (daemon included). A player
// whose plays do not count (`--pace max`) sends no playing_now either: nobody is listening to it.
import Foundation
import TunesLibrary
import TunesListenBrainz
import TunesPlayer

struct ScrobblerWiring {
  let scrobbler: Scrobbler
  let submitter: Submitter?
  let forwarding: Task<Void, Never>

  static func start(player: Player, library: Library, log: @escaping @Sendable (String) -> Void) async -> ScrobblerWiring {
    let (scrobbler, submitter) = await Scrobbler.start(library: library, log: log)
    await player.setListenHook { song, listen in
      try scrobbler.listened(song: song, listenedAt: listen.listenedAt, playedMs: listen.playedMs, untilEnd: true)
    }
    await player.setListenEndHook { listen in try scrobbler.listenEnded(listenedAt: listen.listenedAt, playedMs: listen.playedMs)
    }
    guard player.countsPlays else {
      return ScrobblerWiring(scrobbler: scrobbler, submitter: submitter, forwarding: Task {})
    }
    let events = await player.events()
    let forwarding = Task {
      for await event in events {
        switch event {
        case .songStarted(let song, _):
          scrobbler.songStarted(song: song)
        case .resumed(let seconds):
          let status = await player.status()
          guard let song = status.song else { continue }
          let remaining = Double(max((status.durationMs ?? song.durationMs ?? 0) - status.elapsedMs, 0)) / 1000
          scrobbler.songResumed(song: song, afterPause: seconds, remainingSeconds: remaining)
        default:
          continue
        }
      }
    }
    return ScrobblerWiring(scrobbler: scrobbler, submitter: submitter, forwarding: forwarding)
  }

  func stop() async {
    forwarding.cancel()
    await submitter?.stop()
  }
}
