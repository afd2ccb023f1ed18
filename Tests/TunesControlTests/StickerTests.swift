// Stickers through the real backend: kept in the library database by song path, so a rescan that keeps
// the song keeps its stickers; shown and found by URI.
import Foundation
import Testing
import TunesLibrary
import TunesMPD
import TunesPlayer
import TunesTestSupport

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct StickerTests {
  @Test func stickersSurviveARescanThatKeepsTheSong() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    try await p.backend.setSticker(uri: "Alpha/First/01 one.mp3", name: "rating", value: "5")
    try await p.backend.setSticker(uri: "Beta/02 five.mp3", name: "rating", value: "2")
    let (library, music) = (p.library, p.music)
    let report = try await offCooperativePool { try library.index(paths: [music]) }
    #expect(report.added.isEmpty)
    #expect(try await p.backend.stickers(uri: "Alpha/First/01 one.mp3") == [MPDSticker(name: "rating", value: "5")])
    let found = try await p.backend.findStickers(under: "", name: "rating")
    #expect(found.map(\.file) == ["Alpha/First/01 one.mp3", "Beta/02 five.mp3"] && found.map(\.value) == ["5", "2"])
    #expect(try await p.backend.findStickers(under: "Beta", name: "rating").map(\.file) == ["Beta/02 five.mp3"])
    await #expect(throws: MPDError.self) { try await p.backend.setSticker(uri: "nowhere.mp3", name: "x", value: "1") }
    await #expect(throws: MPDError.self) { try await p.backend.deleteSticker(uri: "Beta/01 four.mp3", name: nil) }
  }
}
