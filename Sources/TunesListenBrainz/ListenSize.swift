// The size rule for one listen, applied before anything is sent. ListenBrainz checks size per request
// only: the body may not exceed 10 240 bytes (MAX_LISTEN_SIZE) times the number of listens in it, nor
// 10 240 000 bytes in all. So a listen over the limit is refused when it goes alone but passes inside
// a batch of small ones: whether it counted would depend on what else was queued. tunes takes the
// limit as the server states it, per listen: a listen whose request of its own would be over it is
// never sent, whatever the batch, and `tunes lb queue` says why.
import Foundation

public enum ListenSize {
  /// The bytes of a request holding only this listen (what the server would measure for it alone).
  public static func bytesAlone(_ payload: String) -> Int {
    SubmissionBody.make(type: .single, listens: [Data(payload.utf8)]).count
  }

  public static func isTooLarge(_ payload: String) -> Bool { bytesAlone(payload) > ListenBrainzLimits.maxListenSize }

  /// The reason a listen is parked, or nil when its size is fine.
  public static func problem(_ payload: String) -> String? {
    let bytes = bytesAlone(payload)
    guard bytes > ListenBrainzLimits.maxListenSize else { return nil }
    return "not sent: \(bytes) bytes, over ListenBrainz's limit of \(ListenBrainzLimits.maxListenSize) bytes per listen"
  }
}
