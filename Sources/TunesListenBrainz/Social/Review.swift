// A CritiqueBrainz review written through ListenBrainz, and CritiqueBrainz's rules for one, checked
// before anything is sent: a refused review costs a request and says less than tunes can.
// (CritiqueBrainz keeps the review; ListenBrainz only forwards it with the user's linked account.)
import Foundation

public struct Review: Codable, Sendable, Equatable {
  /// What CritiqueBrainz reviews through ListenBrainz's form.
  public enum EntityType: String, Codable, Sendable, CaseIterable {
    case recording
    case releaseGroup = "release_group"
    case artist
  }

  public var entityType: EntityType
  public var entityId: String
  public var entityName: String
  public var text: String
  public var rating: Int?
  /// ISO 639-1 code of the text's language.
  public var language: String

  public init(entityType: EntityType, entityId: String, entityName: String, text: String, rating: Int?, language: String = "en") {
    self.entityType = entityType
    self.entityId = entityId
    self.entityName = entityName
    self.text = text
    self.rating = rating
    self.language = language
  }
}

public enum ReviewRules {
  /// CritiqueBrainz's REVIEW_TEXT_MIN_LENGTH / MAX_LENGTH, counted as it counts: Unicode code points.
  public static let minTextLength = 25
  public static let maxTextLength = 100_000
  /// CritiqueBrainz's REVIEW_RATING_MIN / MAX.
  public static let ratings = 1...5

  /// Throws the first rule the review breaks, in words that say how to fix it.
  public static func check(_ review: Review) throws(SocialError) {
    try checkContent(text: review.text, rating: review.rating, language: review.language)
    guard MBID.normalised(review.entityId) != nil else {
      throw .invalidReview("'\(review.entityId)' is not a MusicBrainz id")
    }
  }

  /// The rules on what the user wrote, checkable before the reviewed entity is known.
  public static func checkContent(text: String, rating: Int?, language: String) throws(SocialError) {
    let length = text.unicodeScalars.count
    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw .invalidReview("a review needs a text (--text); CritiqueBrainz wants at least \(minTextLength) characters")
    }
    if length < minTextLength {
      throw .invalidReview(
        "the review has \(length) character\(length == 1 ? "" : "s"); CritiqueBrainz wants at least \(minTextLength)")
    }
    if length > maxTextLength {
      throw .invalidReview("the review has \(length) characters; CritiqueBrainz allows at most \(maxTextLength)")
    }
    if let rating, !ratings.contains(rating) {
      throw .invalidReview("--rating must be 1 to 5 (stars), not \(rating)")
    }
    guard language.count == 2, language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
      throw .invalidReview("--language must be a two-letter ISO 639-1 code such as en, de or fr, not '\(language)'")
    }
  }
}
