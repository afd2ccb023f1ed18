// `readcomments` on the real backend: a song file's own tag pairs, as MPD's decoder plugins report them.
// MPD reads FLAC, Ogg Vorbis and Opus with its own plugins, which report every Vorbis comment as the file
// spells it, and MP4 through FFmpeg, which reports its demuxer's metadata; its MP3 plugin reports none.
import TunesDecoder
import TunesMPD
import TunesTags

extension PlayerBackend {
  /// The queue's songs carry MusicBrainz ids as the library stores them, so a filter's ids are brought to
  /// that spelling, as `find`'s are: `playlistfind` finds a song by the id as its file spells it.
  public func queueFilter(_ filter: MPDFilter) async -> MPDFilter { LibrarySongs.withStoredIDs(filter) }

  public func comments(uri: String) async throws -> [(name: String, value: String)] {
    let path = try await songFile(uri: uri)
    let metadata: FileMetadata
    do {
      metadata = try TagReader.read(path: path)
    } catch {
      throw MPDError.noExist("Failed to load file")
    }
    switch metadata.audio.codec {
    case "aac", "alac":
      do {
        return try FFmpegTags.pairs(path: path)
      } catch {
        throw MPDError.noExist("Failed to load file")
      }
    default:
      return metadata.comments.map { ($0.name, $0.value) }
    }
  }
}
