// `tunes lb feed [USER]`: the ListenBrainz timeline of the logged-in user (the server shows a feed
// only to its owner): follows, recommendations, pins, reviews, notifications and thanks, or with
// --following / --similar the listens of followed users / of users with a similar taste; paged with
// --max-ts / --min-ts. Acting on an event is a subcommand naming it as the feed shows it (KIND/ID):
// `tunes lb feed hide pin/3`, `unhide`, `delete` (your own recommendation or notification) and
// `thank` (a recommendation or pin of someone you follow).
import ArgumentParser
import Foundation
import TunesCore
import TunesListenBrainz
import TunesTerminal

extension ListenBrainz {
  struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "feed", abstract: "Your ListenBrainz feed, and hiding, deleting or thanking its events.",
      subcommands: [Show.self, Hide.self, Unhide.self, Delete.self, Thank.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Your ListenBrainz feed (the default of `tunes lb feed`).")

      @OptionGroup var global: GlobalOptions
      @OptionGroup var options: DashboardOptions

      @Argument(help: "The ListenBrainz user (default: the logged-in one; ListenBrainz shows a feed only to its owner).")
      var user: String?

      @Option(name: .long, help: "How many events (default 25, at most 1000).")
      var count = 25

      @Option(name: .customLong("max-ts"), help: "Only events before this time (Unix seconds): the page before.")
      var maxTs: Int?

      @Option(name: .customLong("min-ts"), help: "Only events after this time (Unix seconds).")
      var minTs: Int?

      @Flag(name: .long, help: "Listens of the users you follow.")
      var following = false

      @Flag(name: .long, help: "Listens of users with a taste like yours.")
      var similar = false

      func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1") }
        guard !(following && similar) else { throw ValidationError("--following and --similar are two views; choose one") }
        if let maxTs, let minTs, maxTs < minTs { throw ValidationError("--max-ts must not be before --min-ts") }
        for (name, value) in [("--max-ts", maxTs), ("--min-ts", minTs)] {
          if let value, value < 0 { throw ValidationError("\(name) must be a Unix time (seconds), not \(value)") }
        }
      }

      /// The --json document: the events and the --max-ts of the page before.
      struct Snapshot: Encodable {
        var user: String
        var view: FeedView
        var count: Int
        var events: [FeedEvent]
        var olderThan: Int?
      }

      func run() async throws {
        try await reportingErrors {
          let context = try DashboardContext(global: global, options: options)
          let user = try DashboardReads.feedUser(user, context: context)
          let view: FeedView = following ? .following : similar ? .similar : .events
          let (page, notes) = try await DashboardReads.feed(
            user: user, view: view, count: count, olderThan: maxTs, newerThan: minTs, offline: options.offline, global: global,
            context: context)
          for line in notes { StandardError.print("tunes: \(TerminalText.safe(line))") }
          if options.json {
            context.printJSON(
              Snapshot(user: page.user, view: page.view, count: page.events.count, events: page.events, olderThan: page.olderThan)
            )
          } else {
            let render = DashboardRender(width: context.terminal.width, style: context.style)
            context.printLines(FeedRender(render: render).page(page))
          }
        }
      }
    }

    /// What hide, unhide, delete and thank share: the event and the output.
    struct EventArguments: ParsableArguments {
      @OptionGroup var global: GlobalOptions

      @Flag(name: .long, help: "Print what was done as one JSON object.")
      var json = false

      @Argument(help: "The event as the feed shows it: rec/ID, personal/ID, pin/ID, note/ID or thanks/ID.")
      var event: String

      func perform(_ make: (FeedEventReference, String) -> SocialWrite, done: String) async throws {
        try await reportingErrors {
          let (reference, write, outcome) = try await SocialActing.actOnFeedEvent(event, global: global, make: make)
          if json {
            SocialActing.printJSON(SocialActing.json(write, outcome, extra: ["event": reference.description]))
          } else {
            for line in SocialActing.text(outcome, done: "\(done) \(reference)", label: write.label) {
              print(TerminalText.safe(line))
            }
          }
        }
      }
    }

    struct Hide: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "hide", abstract: "Hide a recommendation or pin of a user you follow from your feed.")
      @OptionGroup var arguments: EventArguments
      func run() async throws {
        try await arguments.perform({ SocialWrite.hide($0, user: $1) }, done: "hid")
      }
    }

    struct Unhide: AsyncParsableCommand {
      static let configuration = CommandConfiguration(commandName: "unhide", abstract: "Show a hidden event in your feed again.")
      @OptionGroup var arguments: EventArguments
      func run() async throws {
        try await arguments.perform({ SocialWrite.unhide($0, user: $1) }, done: "unhid")
      }
    }

    struct Delete: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete one of your own recommendations (or a notification) from your timeline.")
      @OptionGroup var arguments: EventArguments
      func run() async throws {
        try await arguments.perform({ SocialWrite.delete($0, user: $1) }, done: "deleted")
      }
    }

    struct Thank: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "thank", abstract: "Thank a user you follow for a recommendation or pin.")
      @OptionGroup var arguments: EventArguments

      @Option(name: .long, help: "A few words with the thanks.")
      var blurb: String?

      func run() async throws {
        let blurb = self.blurb
        try await arguments.perform({ SocialWrite.thank($0, user: $1, blurb: blurb) }, done: "thanked for")
      }
    }
  }
}
