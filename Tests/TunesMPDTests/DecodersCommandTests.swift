// The `decoders` answer: tunes' decoders under the names of the mpd 0.23 plugins that use the same
// libraries, with the suffixes and MIME types that mpd lists for them (read from a real mpd 0.23.12).
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct DecodersCommandTests {
  @Test func listsEachDecoderAsMpdListsItsPlugin() async throws {
    let reply = try await exchange(InMemoryMPDBackend(songs: fixtureSongs), "decoders")
    // mpd's blocks, verbatim, for the plugins tunes' decoders stand for; the same whatever the backend.
    #expect(
      reply == """
        plugin: mpg123
        suffix: mp3
        plugin: vorbis
        suffix: ogg
        suffix: oga
        mime_type: application/ogg
        mime_type: application/x-ogg
        mime_type: audio/ogg
        mime_type: audio/vorbis
        mime_type: audio/vorbis+ogg
        mime_type: audio/x-ogg
        mime_type: audio/x-vorbis
        mime_type: audio/x-vorbis+ogg
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
        mime_type: application/m4a
        mime_type: application/mp4
        mime_type: audio/m4a
        mime_type: audio/mp4
        OK

        """)
  }
}
