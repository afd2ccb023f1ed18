// The terminal face of `tunes play`: a status line redrawn in place from the Player's status, and keys
// (read by KeyReader) turned into Player calls. The terminal is restored on every way out, Ctrl-C
// included (InterruptHandler).
import Foundation
import TunesLibrary
import TunesPlayer
import TunesTerminal

enum PlayerTerminalUI {
  static func statusInput(_ status: PlayerStatus) -> StatusLineInput {
    let state: StatusLineInput.State
    switch status.state {
    case .playing: state = .playing
    case .paused: state = .paused
    case .stopped: state = .stopped
    }
    // The names as `tunes status` reads them from the player (tagged values only), so both say the same.
    let song = status.song
    return StatusLineInput(
      state: state, title: TerminalText.safe(song.map { $0.knownTitle ?? "" } ?? "—"),
      artist: TerminalText.safe(song?.knownArtist ?? ""), album: TerminalText.safe(song?.knownAlbum ?? ""),
      file: TerminalText.safe(song?.path ?? ""), elapsedMs: status.elapsedMs,
      durationMs: status.durationMs, shuffle: status.random, repeatMode: status.repeatMode.rawValue, volume: status.volume)
  }

  /// The song as `tunes status` names it (NowPlayingText, from the tagged names only): the line a player
  /// prints per song when it is not on a terminal.
  static func name(of song: Song) -> String {
    NowPlayingText.name(title: song.knownTitle, artist: song.knownArtist, album: song.knownAlbum, file: song.path)
  }

  static func draw(_ status: PlayerStatus) {
    let line = StatusLine.render(statusInput(status), width: TerminalInfo.width() - 1)
    FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + line).utf8))
  }

  static func clearLine() {
    FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8))
  }

  /// Carries out one key; returns false when the user quits.
  static func handle(_ key: Key, player: Player) async -> Bool {
    switch key {
    case .space: await player.toggle()
    case .character("n"): await player.next()
    case .character("p"): await player.previous()
    case .right: await player.seek(by: 5_000)
    case .left: await player.seek(by: -5_000)
    case .character("+"), .character("="), .up: await player.changeVolume(by: 5)
    case .character("-"), .down: await player.changeVolume(by: -5)
    case .character("s"):
      let on = await player.status().random
      await player.setRandom(!on)
    case .character("r"):
      let mode = await player.status().repeatMode
      let all = RepeatMode.allCases
      await player.setRepeat(all[(all.firstIndex(of: mode)! + 1) % all.count])
    case .character("q"), .character("Q"): return false
    default: break
    }
    return true
  }
}
