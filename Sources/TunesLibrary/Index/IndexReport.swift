// What an indexing run did (or, with --dry-run, would do), and the knobs and hooks of a run.
import TunesTags

/// Reads one file's tags and audio properties; the real one is `TagReader.read`, tests inject fakes.
public typealias MetadataReader = @Sendable (String) throws -> FileMetadata

public struct IndexProgress: Sendable {
  public var done: Int
  public var total: Int
}

public struct IndexingOptions: Sendable {
  /// Compute and report the changes, write nothing.
  public var dryRun = false
  /// Delete the songs under the indexed paths whose files are missing (marked by this run or before),
  /// instead of keeping them marked missing until their files come back.
  public var prune = false
  /// Files read and written in the first transaction: a kill loses at most one batch of work, never
  /// consistency. Each later batch is twice the one before, up to `largestBatch`.
  public var batchSize = 256
  /// The largest batch. Every commit flushes the full-text index and writes again the index pages the
  /// batch touched: inserting 10k songs' rows took 0.32 s of CPU in batches of 256, 0.27 s in batches of
  /// 1024, 0.25 s in one transaction (Benchmarks/index-floor.sh); the first songs still show up soon.
  public var largestBatch = 1024
  /// Threads reading tags at once.
  public var readerThreads = 2
  public var readMetadata: MetadataReader = { path in try TagReader.read(path: path) }
  /// Called with the batch number after each batch is committed; a throw stops the run there.
  public var afterBatch: (@Sendable (Int) throws -> Void)?
  /// Called once before the run waits for another run of the same library to finish.
  public var waitingForOtherRun: (@Sendable () -> Void)?
  /// Called after each batch (committed or, in a dry run, computed).
  public var progress: (@Sendable (IndexProgress) -> Void)?
  /// How old a catalogue's and its folders' change times must be for the index to note them and leave
  /// the catalogue unread while they stay so: a change within one tick of the filesystem's clock leaves
  /// the times as they were, and some filesystems keep them to the second or two.
  var settleSeconds = 2.0
  /// Hears the path of each catalogue the run reads (tests hold rescans to reading none).
  var readingCatalogue: (@Sendable (String) -> Void)?
  /// How deep the walk goes (nil: as deep as the process's open files allow, WalkLimits.current()).
  var walkLimits: WalkLimits?

  public init(dryRun: Bool = false) {
    self.dryRun = dryRun
  }
}

public struct IndexReport: Sendable, Equatable {
  public struct Move: Sendable, Equatable {
    public var from: String
    public var to: String
  }
  public var dryRun = false
  public var added: [String] = []
  public var updated: [String] = []
  public var moved: [Move] = []
  /// Songs whose files this run found gone: kept, marked missing, until they come back or are pruned.
  public var missing: [String] = []
  /// Songs deleted from the index (`prune`): their files were missing.
  public var removed: [String] = []
  public var unchanged = 0
  public var errors: [IndexProblem] = []
  /// Playlist files named or found in the folders (sorted, absolute): the walk that finds the songs finds
  /// them too, so keeping playlists in step costs no second walk.
  public var playlistFiles: [String] = []

  public var changedAnything: Bool {
    !(added.isEmpty && updated.isEmpty && moved.isEmpty && missing.isEmpty && removed.isEmpty)
  }
}
