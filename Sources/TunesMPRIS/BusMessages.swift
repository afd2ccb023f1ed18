// Writing and reading the values of sd-bus messages from Swift: sd-bus's variadic `append`/`read`
// cannot be called from Swift, so each D-Bus type is appended or read by itself, and the container
// types (arrays, dict entries, variants) are opened and closed around them.
import CSDBus
import Foundation

/// Appends values to one message; `result` is the first sd-bus failure (negative errno), else 0.
struct BusWriter {
  let message: OpaquePointer
  private(set) var result: Int32 = 0

  init(_ message: OpaquePointer) {
    self.message = message
  }

  static func code(_ type: Character) -> CChar {
    CChar(truncatingIfNeeded: type.asciiValue ?? 0)
  }

  private mutating func check(_ r: Int32) {
    if r < 0 && result >= 0 { result = r }
  }

  mutating func string(_ text: String) {
    check(text.withCString { sd_bus_message_append_basic(message, Self.code("s"), $0) })
  }

  mutating func objectPath(_ path: String) {
    check(path.withCString { sd_bus_message_append_basic(message, Self.code("o"), $0) })
  }

  mutating func bool(_ value: Bool) {
    var flag: Int32 = value ? 1 : 0
    check(sd_bus_message_append_basic(message, Self.code("b"), &flag))
  }

  mutating func double(_ value: Double) {
    var number = value
    check(sd_bus_message_append_basic(message, Self.code("d"), &number))
  }

  mutating func int64(_ value: Int64) {
    var number = value
    check(sd_bus_message_append_basic(message, Self.code("x"), &number))
  }

  mutating func int32(_ value: Int32) {
    var number = value
    check(sd_bus_message_append_basic(message, Self.code("i"), &number))
  }

  mutating func strings(_ values: [String]) {
    container("a", "s") { writer in
      for value in values { writer.string(value) }
    }
  }

  /// `kind`: "a" (array), "e" (dict entry), "v" (variant) or "r" (struct); `contents`: the signature inside.
  mutating func container(_ kind: Character, _ contents: String, _ body: (inout BusWriter) -> Void) {
    check(contents.withCString { sd_bus_message_open_container(message, Self.code(kind), $0) })
    body(&self)
    check(sd_bus_message_close_container(message))
  }

  /// One `{sv}` entry of a vardict.
  mutating func entry(_ key: String, _ signature: String, _ value: (inout BusWriter) -> Void) {
    container("e", "sv") { writer in
      writer.string(key)
      writer.container("v", signature, value)
    }
  }

  /// Metadata as MPRIS names its keys; with no current track, only the reserved "no track" id.
  mutating func metadata(_ track: MPRISMetadata?) {
    container("a", "{sv}") { w in
      guard let track else {
        w.entry("mpris:trackid", "o") { $0.objectPath(MPRISMetadata.noTrack) }
        return
      }
      w.entry("mpris:trackid", "o") { $0.objectPath(track.trackID) }
      if let length = track.lengthUs { w.entry("mpris:length", "x") { $0.int64(length) } }
      w.entry("xesam:title", "s") { $0.string(track.title) }
      if !track.artist.isEmpty { w.entry("xesam:artist", "as") { $0.strings(track.artist) } }
      if let album = track.album { w.entry("xesam:album", "s") { $0.string(album) } }
      if !track.albumArtist.isEmpty { w.entry("xesam:albumArtist", "as") { $0.strings(track.albumArtist) } }
      if let number = track.trackNumber, let value = Int32(exactly: number) {
        w.entry("xesam:trackNumber", "i") { $0.int32(value) }
      }
      if let number = track.discNumber, let value = Int32(exactly: number) {
        w.entry("xesam:discNumber", "i") { $0.int32(value) }
      }
      w.entry("xesam:url", "s") { $0.string(track.url) }
      if let art = track.artURL { w.entry("mpris:artUrl", "s") { $0.string(art) } }
    }
  }
}

/// Reads the basic values of one message in order; nil when the next value is not of the type asked.
struct BusReader {
  let message: OpaquePointer

  init(_ message: OpaquePointer) {
    self.message = message
  }

  func string(_ type: Character = "s") -> String? {
    var text: UnsafePointer<CChar>?
    guard sd_bus_message_read_basic(message, BusWriter.code(type), &text) > 0, let text else { return nil }
    return String(cString: text)
  }

  func bool() -> Bool? {
    var flag: Int32 = 0
    guard sd_bus_message_read_basic(message, BusWriter.code("b"), &flag) > 0 else { return nil }
    return flag != 0
  }

  func double() -> Double? {
    var number = 0.0
    guard sd_bus_message_read_basic(message, BusWriter.code("d"), &number) > 0 else { return nil }
    return number
  }

  func int64() -> Int64? {
    var number: Int64 = 0
    guard sd_bus_message_read_basic(message, BusWriter.code("x"), &number) > 0 else { return nil }
    return number
  }
}

/// Replies to method calls, now or later (a call kept with sd_bus_message_ref until then).
enum BusReply {
  static func success(_ call: OpaquePointer) {
    var reply: OpaquePointer?
    guard sd_bus_message_new_method_return(call, &reply) >= 0, let reply else { return }
    _ = sd_bus_send(nil, reply, nil)
    sd_bus_message_unref(reply)
  }

  static func failure(_ call: OpaquePointer, _ error: any Error) {
    let refusal = error as? MPRISRefusal ?? .failed("\(error)")
    var busError = sd_bus_error()
    _ = sd_bus_error_set(&busError, refusal.name, refusal.message)
    _ = sd_bus_reply_method_error(call, &busError)
    sd_bus_error_free(&busError)
  }

  /// Sets the error a synchronous handler returns; the result is what the handler returns.
  static func refuse(_ error: UnsafeMutablePointer<sd_bus_error>?, _ refusal: MPRISRefusal) -> Int32 {
    sd_bus_error_set(error, refusal.name, refusal.message)
  }
}
