// A reply being written: MPD's text lines, and the raw chunks of binary responses (album art), as the
// bytes sent to the client. It also carries the connection's `tagtypes`, which every song block written
// into it obeys and which `tagtypes` changes for the rest of a command list.

public struct MPDReply: Sendable {
  public private(set) var bytes: [UInt8] = []
  /// The tag types song blocks show (`tagtypes`); nil: all of them, as a new connection has it.
  public var tagTypes: Set<MPDTag>?

  public init() {}

  public static func += (reply: inout MPDReply, text: String) { reply.bytes.append(contentsOf: text.utf8) }

  /// A binary response's chunk: `binary: COUNT`, the bytes, and a newline.
  public mutating func appendBinary(_ chunk: some Collection<UInt8>) {
    self += "binary: \(chunk.count)\n"
    bytes.append(contentsOf: chunk)
    bytes.append(UInt8(ascii: "\n"))
  }
}
