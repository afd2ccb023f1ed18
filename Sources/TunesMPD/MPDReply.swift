// A reply being written: MPD's text lines, and the raw chunks of binary responses (album art), as the
// bytes sent to the client.

public struct MPDReply: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public static func += (reply: inout MPDReply, text: String) { reply.bytes.append(contentsOf: text.utf8) }

  /// A binary response's chunk: `binary: COUNT`, the bytes, and a newline.
  public mutating func appendBinary(_ chunk: some Collection<UInt8>) {
    self += "binary: \(chunk.count)\n"
    bytes.append(contentsOf: chunk)
    bytes.append(UInt8(ascii: "\n"))
  }
}
