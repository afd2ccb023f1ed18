// The times of `modified-since`: UNIX seconds and ISO 8601 dates and times, checked against
// Foundation's calendar; and the filter clause both syntaxes make of them.
import Foundation
import Testing
import TunesTestSupport

@testable import TunesMPD

@Suite struct MPDTimeTests {
  static func utc(_ text: String) -> Double? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)?.timeIntervalSince1970
  }

  @Test func unixSecondsAndISODatesAndTimes() throws {
    #expect(try MPDTime.seconds("0") == 0)
    #expect(try MPDTime.seconds("1700000000") == 1_700_000_000)
    #expect(try MPDTime.seconds("1970-01-02") == 86_400)
    #expect(try MPDTime.seconds("1969-12-31") == -86_400)
    for text in ["2024-02-29T12:30:15Z", "2024-05-01T12:30:00+02:00", "1999-12-31T23:59:59-05:30", "2000-03-01T00:00:00.250Z"] {
      #expect(try MPDTime.seconds(text) == Self.utc(text), "\(text)")
    }
    #expect(try MPDTime.seconds("2024-05-01T12:30") == Self.utc("2024-05-01T12:30:00Z"))
    #expect(try MPDTime.seconds("2024-05-01 12:30:00+0200") == Self.utc("2024-05-01T10:30:00Z"))
  }

  @Test func everyDayAgreesWithFoundationsCalendar() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var rng = SplitMix(state: 3)
    for _ in 0..<2_000 {
      let year = 1600 + Int(rng.next() % 900), month = 1 + Int(rng.next() % 12), day = 1 + Int(rng.next() % 28)
      let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
      #expect(MPDTime.daysSince1970(year: year, month: month, day: day) * 86_400 == Int(date.timeIntervalSince1970))
    }
  }

  @Test(arguments: [
    "", "yesterday", "2023-02-29", "2024-13-01", "2024-05-00", "2024-05-01T25:00Z", "2024-05-01Tx", "2024-05-01T12:30Zz", "-5",
  ])
  func whatIsNoTimeIsAnArgumentError(text: String) {
    #expect(throws: MPDError.self) { try MPDTime.seconds(text) }
  }

  @Test func bothFilterSyntaxesMakeTheClause() throws {
    let expression = try MPDFilter.parse(["(modified-since '2024-01-01')"], substring: false)
    let pair = try MPDFilter.parse(["modified-since", "2024-01-01"], substring: false)
    #expect(expression.clauses.map(\.field) == [.modifiedSince] && expression == pair)
    let negated = try MPDFilter.parse(["(!(modified-since '1700000000'))"], substring: false)
    #expect(negated.clauses.first?.negated == true)
    #expect(throws: MPDError.self) { try MPDFilter.parse(["(modified-since 'soon')"], substring: false) }
    // Newer than the time or exactly at it; unknown times never match.
    let matcher = MPDFilter.Matcher(try MPDFilter.parse(["(modified-since '1000')"], substring: false))
    #expect(matcher.matches(MPDSong(file: "a", lastModified: Date(timeIntervalSince1970: 1000))))
    #expect(!matcher.matches(MPDSong(file: "a", lastModified: Date(timeIntervalSince1970: 999.5))))
    #expect(!matcher.matches(MPDSong(file: "a")))
  }
}
