// One write to ListenBrainz made by a command (follow, unfollow, hide, unhide, delete, thank, recommend,
// review, love/hate, pin, unpin, deleting a pin) as a value: the POST's path and JSON body exactly as they will be sent, and a label for messages.
// Built whole before anything is sent, so the same bytes can wait in the database while ListenBrainz
// cannot be reached (SocialQueue, the one outbox of writes) and go out unchanged later.
import Foundation

public struct SocialWrite: Codable, Sendable, Equatable {
  public enum Action: String, Codable, Sendable, CaseIterable {
    case follow, unfollow, hide, unhide, delete, thank, recommend, recommendPersonal = "recommend-personal", review
    case feedback, pin, unpin, deletePin = "delete-pin"
  }

  public var action: Action
  /// From `/1/…`; user names already percent-encoded.
  public var path: String
  /// The JSON body (keys sorted, so a write is always the same bytes).
  public var body: Data
  /// "follow bob", "recommend Björk – Jóga", for messages.
  public var label: String

  public init(action: Action, path: String, body: Data, label: String) {
    self.action = action
    self.path = path
    self.body = body
    self.label = label
  }

  static func json(_ object: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
  }

  static func userPath(_ user: String, _ rest: String) -> String { Dashboard.userPath(user, rest) }

  // MARK: following

  /// `POST /1/user/{other}/follow`: the token's owner follows `other`.
  public static func follow(_ other: String) -> SocialWrite {
    SocialWrite(action: .follow, path: userPath(other, "/follow"), body: Data(), label: "follow \(other)")
  }

  public static func unfollow(_ other: String) -> SocialWrite {
    SocialWrite(action: .unfollow, path: userPath(other, "/unfollow"), body: Data(), label: "unfollow \(other)")
  }

  // MARK: the feed's events

  /// Hides a recommendation or pin of a followed user from `user`'s feed (the server's `event_id`).
  public static func hide(_ event: FeedEventReference, user: String) -> SocialWrite {
    SocialWrite(
      action: .hide, path: userPath(user, "/feed/events/hide"),
      body: json(["event_type": event.kind.rawValue, "event_id": event.id]), label: "hide \(event)")
  }

  public static func unhide(_ event: FeedEventReference, user: String) -> SocialWrite {
    SocialWrite(
      action: .unhide, path: userPath(user, "/feed/events/unhide"),
      body: json(["event_type": event.kind.rawValue, "event_id": event.id]), label: "unhide \(event)")
  }

  /// Deletes one of `user`'s own recommendations or notifications (the server's key is `id` here).
  public static func delete(_ event: FeedEventReference, user: String) -> SocialWrite {
    SocialWrite(
      action: .delete, path: userPath(user, "/feed/events/delete"),
      body: json(["event_type": event.kind.rawValue, "id": event.id]), label: "delete \(event)")
  }

  /// Thanks the author of a recommendation or pin.
  public static func thank(_ event: FeedEventReference, user: String, blurb: String?) -> SocialWrite {
    var metadata: [String: Any] = ["original_event_type": event.kind.rawValue, "original_event_id": event.id]
    if let blurb { metadata["blurb_content"] = blurb }
    return SocialWrite(
      action: .thank, path: userPath(user, "/timeline-event/create/thanks"), body: json(["metadata": metadata]),
      label: "thank \(event)")
  }

  // MARK: recommending

  /// A recording recommended to all of `user`'s followers.
  public static func recommend(recordingMbid: String?, recordingMsid: String?, user: String, label: String) -> SocialWrite {
    SocialWrite(
      action: .recommend, path: userPath(user, "/timeline-event/create/recording"),
      body: json(["metadata": recording(recordingMbid, recordingMsid)]), label: "recommend \(label)")
  }

  /// A recording recommended to some followers, with a few words.
  public static func recommend(
    recordingMbid: String?, recordingMsid: String?, to users: [String], blurb: String?, user: String, label: String
  ) -> SocialWrite {
    var metadata = recording(recordingMbid, recordingMsid)
    metadata["users"] = users
    if let blurb { metadata["blurb_content"] = blurb }
    return SocialWrite(
      action: .recommendPersonal, path: userPath(user, "/timeline-event/create/recommend-personal"),
      body: json(["metadata": metadata]), label: "recommend \(label) to \(users.joined(separator: ", "))")
  }

  private static func recording(_ mbid: String?, _ msid: String?) -> [String: Any] {
    var object: [String: Any] = [:]
    if let mbid { object["recording_mbid"] = mbid }
    if let msid { object["recording_msid"] = msid }
    return object
  }

  // MARK: feedback and pins

  /// `POST /1/feedback/recording-feedback`: love (1), hate (-1) or take back (0), by MBID or MSID.
  public static func feedback(recordingMbid: String?, recordingMsid: String?, score: FeedbackScore, label: String)
    -> SocialWrite
  {
    var object = recording(recordingMbid, recordingMsid)
    object["score"] = score.rawValue
    return SocialWrite(
      action: .feedback, path: "/1/feedback/recording-feedback", body: json(object), label: "\(score.word) \(label)")
  }

  /// The server's limit on a pin's words, counted as it counts them: Unicode code points.
  public static let maxBlurbLength = 280

  /// Why `blurb` is refused (nil: fine), in the server's counting (code points, not what a reader sees
  /// as characters: a letter with a combining accent is two).
  public static func blurbProblem(_ blurb: String) -> String? {
    let length = blurb.unicodeScalars.count
    guard length > maxBlurbLength else { return nil }
    return "the pin's words have \(length) Unicode code points (accents written as combining marks count apart); "
      + "ListenBrainz allows \(maxBlurbLength)"
  }

  /// `POST /1/pin`: pins the recording on the token owner's profile (for the server's default week).
  public static func pin(recordingMbid: String?, recordingMsid: String?, blurb: String?, label: String) -> SocialWrite {
    var object = recording(recordingMbid, recordingMsid)
    if let blurb { object["blurb_content"] = blurb }
    return SocialWrite(action: .pin, path: "/1/pin", body: json(object), label: "pin \(label)")
  }

  /// `POST /1/pin/unpin`: ends the current pin.
  public static func unpin() -> SocialWrite {
    SocialWrite(action: .unpin, path: "/1/pin/unpin", body: Data("{}".utf8), label: "unpin")
  }

  /// `POST /1/pin/delete/{row_id}`: removes one of the owner's pins from the pin history.
  public static func deletePin(rowId: Int) -> SocialWrite {
    SocialWrite(action: .deletePin, path: "/1/pin/delete/\(rowId)", body: Data(), label: "delete pin \(rowId)")
  }

  // MARK: reviewing

  /// A CritiqueBrainz review through ListenBrainz; check it with `ReviewRules.check` first.
  public static func review(_ review: Review, user: String) -> SocialWrite {
    var metadata: [String: Any] = [
      "entity_name": review.entityName, "entity_id": review.entityId, "entity_type": review.entityType.rawValue,
      "text": review.text, "language": review.language,
    ]
    if let rating = review.rating { metadata["rating"] = rating }
    return SocialWrite(
      action: .review, path: userPath(user, "/timeline-event/create/review"), body: json(["metadata": metadata]),
      label: "review of \(review.entityName)")
  }
}
