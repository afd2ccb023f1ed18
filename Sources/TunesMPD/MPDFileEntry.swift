// One entry of `listfiles`: a file or folder as the music folder on disk holds it, indexed or not.
import Foundation

public struct MPDFileEntry: Sendable, Hashable {
  /// The name inside the listed folder.
  public var name: String
  public var isDirectory: Bool
  /// Bytes; nil for folders, and where the size is unknown.
  public var size: Int?
  public var lastModified: Date?

  public init(name: String, isDirectory: Bool, size: Int? = nil, lastModified: Date? = nil) {
    self.name = name
    self.isDirectory = isDirectory
    self.size = size
    self.lastModified = lastModified
  }
}
