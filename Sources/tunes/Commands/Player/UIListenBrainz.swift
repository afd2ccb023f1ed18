// What the full-screen UI's ListenBrainz view reads and sends, made from the code the `tunes lb`
// commands run: SubmissionStatus (`lb status`), DashboardReads (`lb stats`, `lb feed`) drawn by
// DashboardRender and FeedRender without colour (the UI paints cells, not escape sequences),
// ListenBrainzActing (`love`, `hate`, `unrate`, `lb pin`) and SocialActing (`lb feed hide|thank`), whose
// writes go through the outbox. The UI calls these on a worker thread of its own; each waits here for
// its async work to end.
import Foundation
import TunesCore
import TunesLibrary
import TunesListenBrainz
import TunesTerminal
import TunesUI

enum UIListenBrainz {
  /// The source for the UI on the player at `socketPath` (the song "playing" is that player's).
  static func source(global options: GlobalOptions, socketPath: String, library: Library?) -> ListenBrainzSource {
    let paths = options.paths
    let parsed = Parsed(options)
    return ListenBrainzSource(
      status: {
        guard let library else { return ["No library: `tunes index` first."] }
        do {
          return try SubmissionStatus.read(queue: ListenQueue(library: library), account: Account(paths: paths)).lines
        } catch {
          return ["ListenBrainz status cannot be read: \(error)"]
        }
      },
      chart: { chart, range, width in
        waitingLines {
          let global = parsed.global
          let context = try DashboardContext(global: global, offline: false)
          let user = try context.user(nil, for: "the ListenBrainz view's top lists")
          let render = DashboardRender(width: width, style: .plain)
          let entity = TopEntity(rawValue: chart.rawValue) ?? .artists
          let (_, lines) = try await DashboardReads.top(
            entity, user: user, range: StatsRange(rawValue: range) ?? .allTime, count: 10, context: context, render: render)
          context.saveAnswers()
          return lines
        }
      },
      activity: { range, width in
        waitingLines {
          let context = try DashboardContext(global: parsed.global, offline: false)
          let user = try context.user(nil, for: "the ListenBrainz view's activity")
          let lines = try await DashboardReads.activity(
            user: user, range: StatsRange(rawValue: range) ?? .allTime, count: 10, context: context,
            render: DashboardRender(width: width, style: .plain))
          context.saveAnswers()
          return lines
        }
      },
      feed: { width in
        waiting {
          let global = parsed.global
          let context = try DashboardContext(global: global, offline: false)
          let user = try DashboardReads.feedUser(nil, context: context)
          let (page, notes) = try await DashboardReads.feed(
            user: user, view: .events, count: 25, global: global, context: context)
          context.saveAnswers()
          let drawn = FeedRender(render: DashboardRender(width: width, style: .plain)).pageWithEvents(page)
          // The notes about the outbox come first: the events' lines are counted after them.
          let events = Dictionary(uniqueKeysWithValues: drawn.events.map { ($0.key + notes.count, $0.value) })
          return ListenBrainzPage(lines: notes + drawn.lines, events: events)
        }.map { ListenBrainzPage(lines: $0.lines.map(TerminalText.safe), events: $0.events) }
      },
      act: { action, song in
        waitingLines {
          let global = parsed.global
          let words: [String]
          switch song {
          case .playing: words = []
          case .path(let path): words = [path]
          }
          let notes = NoteBox()
          do {
            switch action {
            case .pin:
              return try await ListenBrainzActing.pin(
                song: words, blurb: nil, global: global, socketPath: socketPath, notes: notes.keep)
            case .love, .hate, .unrate:
              let score: FeedbackScore = action == .love ? .love : action == .hate ? .hate : .none
              let said = try await ListenBrainzActing.giveFeedback(
                score, song: words, global: global, socketPath: socketPath, notes: notes.keep)
              return said.split(separator: "\n").map(String.init)
            }
          } catch {
            throw ListenBrainzFailure((notes.lines + ["\(error)"]).joined(separator: "; "))
          }
        }
      },
      actOnEvent: { action, event in
        waitingLines {
          let notes = NoteBox()
          do {
            let (reference, write, outcome) = try await SocialActing.actOnFeedEvent(
              event, global: parsed.global, noteSink: notes.keep
            ) { reference, user in
              action == .hide ? .hide(reference, user: user) : .thank(reference, user: user, blurb: nil)
            }
            let done = action == .hide ? "hid" : "thanked for"
            return SocialActing.text(outcome, done: "\(done) \(reference)", label: write.label)
          } catch {
            throw ListenBrainzFailure((notes.lines + ["\(error)"]).joined(separator: "; "))
          }
        }
      })
  }

  /// `waiting` for lines, made safe for the terminal.
  static func waitingLines(_ body: @escaping @Sendable () async throws -> [String]) -> Result<[String], ListenBrainzFailure> {
    waiting(body).map { $0.map(TerminalText.safe) }
  }

  /// Runs `body` to its end from a thread outside Swift's shared pool (the UI's worker), as one line of
  /// text on failure, made safe for the terminal.
  static func waiting<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) -> Result<
    Value, ListenBrainzFailure
  > {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Value>()
    Task {
      do {
        box.result = .success(try await body())
      } catch let failure as ListenBrainzFailure {
        box.result = .failure(ListenBrainzFailure(TerminalText.safe(failure.message)))
      } catch {
        box.result = .failure(ListenBrainzFailure(TerminalText.safe("\(error)")))
      }
      done.signal()
    }
    done.wait()
    return box.result
  }

  /// The command line's options, only read once parsed, for the worker threads.
  private struct Parsed: @unchecked Sendable {
    let global: GlobalOptions
    init(_ global: GlobalOptions) { self.global = global }
  }

  /// The answer handed from the task to the waiting thread (the semaphore orders the two).
  private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, ListenBrainzFailure> = .failure(ListenBrainzFailure("no answer"))
  }

  /// The lines about earlier queued writes a refused write would print.
  private final class NoteBox: @unchecked Sendable {
    var lines: [String] = []
    func keep(_ more: [String]) { lines += more }
  }
}
