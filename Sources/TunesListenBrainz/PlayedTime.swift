// `duration_played` of a queued listen, set when the play ends. A listen is queued (durably) the moment
// it counts, halfway through the song, when only that half has been heard; the time actually listened
// is known when the song ends or is left, so the stored JSON is rewritten then, before it is first sent.
import Foundation

public enum PlayedTime {
  /// `payload` (a listen's JSON) with `additional_info.duration_played` set to `playedMs` in whole
  /// seconds, rounded (removed below half a second); nil when it is not a listen. Rounded, not cut:
  /// the player measures what was heard by the output buffer (tens of ms, the first of which comes
  /// before the play's first position report), so a 7 s song played through measures 6.98 s and is 7.
  /// Keys stay sorted, so the row keeps one byte form for every resend.
  public static func rewrite(_ payload: String, playedMs: Int) -> String? {
    guard var listen = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any],
      var metadata = listen["track_metadata"] as? [String: Any]
    else { return nil }
    var info = metadata["additional_info"] as? [String: Any] ?? [:]
    let seconds = (playedMs + 500) / 1000
    info["duration_played"] = seconds >= 1 ? seconds : nil
    metadata["additional_info"] = info
    listen["track_metadata"] = metadata
    guard let data = try? JSONSerialization.data(withJSONObject: listen, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
