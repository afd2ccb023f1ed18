// The size rule for one listen, applied before anything is sent. ListenBrainz checks size per request
// only: the body may not exceed 10 240 bytes (MAX_LISTEN_SIZE) times the number of listens in it, nor
// 10 240 000 bytes in all. So a listen over the limit is refused when it goes alone but passes inside
// a batch of small ones: whether it counted would depend on what else was queued. tunes takes the
// limit as the server states it, per listen: a listen whose request of its own would be over it is
// never sent, whatever the batch, and `tunes lb queue` says why.
import Foundation

public enum ListenSize {
  /// The bytes of a request holding only this listen (what the server would measure for it alone).
  public static func bytesAlone(_ body: Data) -> Int {
    SubmissionBody.overhead(type: .single) + body.count
  }

  public static func isTooLarge(_ body: Data) -> Bool { bytesAlone(body) > ListenBrainzLimits.maxListenSize }

  /// The reason a listen is parked, or nil when its size is fine.
  public static func problem(_ body: Data) -> String? {
    let bytes = bytesAlone(body)
    guard bytes > ListenBrainzLimits.maxListenSize else { return nil }
    return "not sent: \(bytes) bytes, over ListenBrainz's limit of \(ListenBrainzLimits.maxListenSize) bytes per listen"
  }
}
