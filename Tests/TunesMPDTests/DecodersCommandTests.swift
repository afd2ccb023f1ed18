// The `decoders` answer: tunes' decoders under the names of the mpd 0.23 plugins that use the same
// libraries, with the suffixes and MIME types that mpd lists for them (read from a real mpd 0.23.12).
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct DecodersCommandTests {
  @Test func listsEachDecoderAsMpdListsItsPlugin() async throws {
    let reply = try await exchange(InMemoryMPDBackend(songs: fixtureSongs), "decoders")
    let plugins = reply.split(separator: "\n").filter { $0.hasPrefix("plugin: ") }
    #expect(plugins == ["plugin: mpg123", "plugin: vorbis", "plugin: flac", "plugin: opus", "plugin: ffmpeg"])
    // mpd's blocks, verbatim, for the plugins whose formats tunes plays whole.
    #expect(reply.hasPrefix("plugin: mpg123\nsuffix: mp3\nplugin: vorbis\nsuffix: ogg\nsuffix: oga\n"))
    #expect(
      reply.contains(
        """
        plugin: flac
        suffix: flac
        mime_type: application/flac
        mime_type: application/x-flac
        mime_type: audio/flac
        mime_type: audio/x-flac
        plugin: opus
        suffix: opus
        suffix: ogg
        suffix: oga
        mime_type: audio/ogg
        mime_type: application/ogg
        mime_type: audio/opus
        plugin: ffmpeg
        suffix: m4a
        suffix: m4b
        suffix: mp4

        """))
    #expect(reply.hasSuffix("mime_type: audio/mp4\nOK\n"))
  }
}
