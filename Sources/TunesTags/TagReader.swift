// Entry point of the tag reader: reads one file's tags and audio properties.

public enum TagReader {
  /// Reads the ID3 tags and the audio properties of the MP3 file at `path`.
  /// Reads only the tag areas and frame headers, never decodes audio.
  public static func read(path: String) throws -> FileMetadata {
    throw TagError.unreadable(path: path, reason: "the tag reader is not implemented yet")
  }
}
