// The player's answer to `tunes_playorder`: the Player's own play order (the shuffle pass, with
// priorities taken first), so the list a client shows is the order the speakers will follow.
import TunesMPD

extension PlayerBackend: MPDPlayOrder {
  public func playOrder() async throws -> [Int]? { await player.playOrder() }
}
