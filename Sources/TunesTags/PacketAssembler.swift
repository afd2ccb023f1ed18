// Joins the segments of an Ogg logical stream's pages into packets: a packet ends after a lacing value
// below 255 and may run over several pages (a comment header with a cover picture does).

/// Joins the segments of one logical stream's pages into packets.
struct PacketAssembler {
  let serial: UInt32
  var packets: [[UInt8]] = []
  private var partial: [UInt8] = []

  init(serial: UInt32) { self.serial = serial }

  mutating func add(_ page: OggPage, _ buffer: UnsafeRawBufferPointer) {
    var p = page.body.lowerBound
    for s in page.segments {
      let n = Int(buffer[s])
      partial.append(contentsOf: buffer[p..<p + n])
      p += n
      if n < 255 {
        packets.append(partial)
        partial = []
      }
    }
  }
}
