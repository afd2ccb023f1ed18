// `readcomments` of the in-memory backend: its songs have no files, so no tag pairs.
import TunesMPD

extension InMemoryMPDBackend {
  public func comments(uri: String) throws -> [(name: String, value: String)] {
    guard library.contains(where: { $0.file == uri }) else { throw MPDError.noExist("No such song") }
    return []
  }
}
