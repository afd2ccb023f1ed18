// End to end: the theme from config.toml reaches the screen at the terminal's colour depth (tmux keeps
// a 24-bit colour as such and shows it in `capture-pane -e`), and a wrong [colors] line stops `tunes ui`
// before the screen opens, naming the line.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && tmuxInstalled), .serialized)
struct FullScreenUIThemeTests {
  func configure(_ home: PlayerHome, _ text: String) throws {
    try FileManager.default.createDirectory(atPath: home.root + "/config/tunes", withIntermediateDirectories: true)
    try text.write(toFile: home.root + "/config/tunes/config.toml", atomically: true, encoding: .utf8)
  }

  @Test func aTrueColourRoleIsDrawnInTrueColour() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 morning.mp3", title: "Morning", artist: "Anna", album: "Day", seconds: 60)
    try #require(try await home.tunes("index", home.music).status == 0)
    try configure(home, "[ui]\ntheme = \"dusk\"\n\n[colors]\nheader = \"#123456 bold\"\n")
    home.extraEnvironment["COLORTERM"] = "truecolor"
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ui"], width: 100, height: 16)
    try await pane.expectShows("Album artists")
    let styled = try pane.styled()
    #expect(styled.contains("38;2;18;52;86"), "\(styled)")
    try pane.send("q")
    try await pane.expectShows("[exited 0]")
  }

  @Test func aWrongColorsLineIsAnErrorNamingIt() async throws {
    let home = try PlayerHome()
    try configure(home, "[keys]\nnext = \"b\"\n\n[colors]\ncurent = \"red\"\n")
    let result = try await home.tunes("ui")
    #expect(result.status != 0)
    #expect(
      result.err.contains("config.toml:5: unknown role \"curent\" in [colors] (did you mean current?)"), "\(result.err)")
  }
}
