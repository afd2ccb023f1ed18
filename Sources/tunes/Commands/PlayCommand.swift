// `tunes play [QUERY…]`: builds the queue from the library and plays it until it ends (or `q`), with a
// status line and keys on a terminal and one line per song otherwise.
import ArgumentParser
import Foundation
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesOutput
import TunesPlayer
import TunesTerminal

extension RepeatMode: ExpressibleByArgument {}
extension PaceMode: ExpressibleByArgument {}

struct Play: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Play songs of the library: a query, an album, an artist or a playlist (no argument: everything).")

  @OptionGroup var global: GlobalOptions

  @Argument(parsing: .allUnrecognized, help: "A library query (words, artist:…, album:…, year:…).")
  var query: [String] = []

  @Option(name: .long, help: "Play a stored playlist.")
  var playlist: String?
  @Option(name: .long, help: "Only songs of this album.")
  var album: String?
  @Option(name: .long, help: "Only songs of this artist.")
  var artist: String?
  @Flag(name: .long, help: "Shuffle without repeats: every song once per pass, artists spread apart.")
  var shuffle = false
  @Option(name: .long, help: "Seed of the shuffle, to reproduce a pass.")
  var seed: UInt64?
  @Option(name: .long, help: "off, all or one.")
  var `repeat`: RepeatMode = .off
  @Option(name: .long, help: "ALSA device (default: $TUNES_ALSA_DEVICE, else \"default\").")
  var device: String?
  @Option(name: .long, help: "realtime, or max to play as fast as the device takes it.")
  var pace: PaceMode = .realtime
  @Flag(name: .long, help: "Continue the last session where it stopped.")
  var resume = false

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary()
      let deviceName = device ?? ProcessInfo.processInfo.environment["TUNES_ALSA_DEVICE"] ?? "default"
      let sink = PacedSink(ALSASink(device: deviceName), mode: pace)
      let player = Player(sink: sink, decoders: MPG123DecoderFactory(), library: library, seed: seed)

      if resume {
        guard try await player.restore() else { throw PlayCLIError.nothingToResume }
      } else {
        let songs: [Song]
        if let playlist {
          songs = try PlayQueueSource.playlist(library: library, name: playlist)
        } else {
          songs = try PlayQueueSource.songs(library: library, words: query, artist: artist, album: album)
        }
        let described = (query + [artist.map { "artist:\($0)" }, album.map { "album:\($0)" }, playlist.map { "playlist \($0)" }].compactMap { $0 }).joined(separator: " ")
        guard !songs.isEmpty else { throw PlayCLIError.nothingMatched(described) }
        await player.replaceQueue(with: songs)
        await player.setRandom(shuffle)
        await player.setRepeat(`repeat`)
      }

      let interactive = TerminalInfo.isTerminal(STDOUT_FILENO) && TerminalInfo.isTerminal(STDIN_FILENO)
      let rawMode = interactive ? RawMode() : nil
      let interrupt = InterruptHandler.install(restoring: rawMode)
      defer {
        rawMode?.restore()
        interrupt.cancel()
      }

      let events = await player.events()
      try await player.play()
      let outcome = await withTaskGroup(of: Bool.self) { group -> Bool in
        group.addTask {
          // Ends when the queue does.
          for await event in events {
            switch event {
            case .songStarted(let song, _):
              if !interactive { FileHandle.standardOutput.write(Data("\(song.title) — \(song.artist)\n".utf8)) }
            case .message(let text):
              if interactive { PlayerTerminalUI.clearLine() }
              Terminal.printError("tunes: \(text)")
            case .finished:
              return true
            default:
              break
            }
          }
          return true
        }
        if interactive {
          group.addTask {
            for await key in KeyReader.keys() {
              if !(await PlayerTerminalUI.handle(key, player: player)) { return false }
            }
            return true
          }
          group.addTask {
            while !Task.isCancelled {
              PlayerTerminalUI.draw(await player.status())
              try? await Task.sleep(nanoseconds: 200_000_000)
            }
            return true
          }
        }
        let first = await group.next() ?? true
        group.cancelAll()
        return first
      }
      _ = outcome
      if interactive { PlayerTerminalUI.clearLine() }
      await player.stop()
      await player.shutdown()
      if let failure = await player.failure() { throw failure }
    }
  }
}
