// How the dashboard commands reach ListenBrainz: the shared account (token from the config file or
// TUNES_LISTENBRAINZ_TOKEN, root from TUNES_LISTENBRAINZ_URL) and the user shown by default
// (TUNES_LISTENBRAINZ_USER, else the logged-in one).
import Foundation
import TunesCore
import TunesListenBrainz

struct ListenBrainzAccess {
  static let userVariable = "TUNES_LISTENBRAINZ_USER"

  let account: Account
  let client: ListenBrainzClient
  let wire: any DashboardWire
  let userName: String?

  init(paths: TunesPaths) throws {
    account = Account(paths: paths)
    client = try account.client()
    wire = ClientWire(client: client)
    if let name = paths.environment[Self.userVariable], !name.isEmpty {
      userName = name
    } else {
      userName = try account.userName()
    }
  }
}
