// The metadata FFmpeg's demuxer reads from a file: the container's dictionary, then its audio stream's,
// each in FFmpeg's order and spelling (`major_brand`, `title`, `handler_name`…). This is what MPD lists
// for `readcomments` of the files it decodes through FFmpeg (MP4), so the MPD server asks FFmpeg too
// rather than re-deriving FFmpeg's names from the atoms.
import CFFmpeg

public enum FFmpegTags {
  /// The file's metadata pairs; throws a DecoderError when FFmpeg cannot be loaded or cannot read the file.
  public static func pairs(path: String) throws -> [(name: String, value: String)] {
    guard let api = tunes_ffmpeg() else {
      throw DecoderError.noHandle(library: "FFmpeg", reason: tunes_ffmpeg_error().map { String(cString: $0) } ?? "cannot load")
    }
    let ff = api.pointee
    ff.av_log_set_level!(AV_LOG_QUIET)
    var container: UnsafeMutablePointer<AVFormatContext>?
    var status = ff.avformat_open_input!(&container, path, nil, nil)
    guard status >= 0, let opened = container else {
      throw DecoderError.cannotOpen(path: path, reason: "FFmpeg error \(status)")
    }
    defer { ff.avformat_close_input!(&container) }
    status = ff.avformat_find_stream_info!(opened, nil)
    guard status >= 0 else { throw DecoderError.invalid(path: path, format: "MP4", reason: "FFmpeg error \(status)") }
    func entries(_ dictionary: OpaquePointer?) -> [(name: String, value: String)] {
      var result: [(name: String, value: String)] = []
      var entry: UnsafeMutablePointer<AVDictionaryEntry>?
      while let next = ff.av_dict_get!(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
        if let key = next.pointee.key, let value = next.pointee.value {
          result.append((String(cString: key), String(cString: value)))
        }
        entry = next
      }
      return result
    }
    var pairs = entries(opened.pointee.metadata)
    let stream = ff.av_find_best_stream!(opened, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    if stream >= 0, let audio = opened.pointee.streams[Int(stream)] { pairs += entries(audio.pointee.metadata) }
    return pairs
  }
}
