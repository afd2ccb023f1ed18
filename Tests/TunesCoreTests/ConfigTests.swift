// The configuration's value model: how values are written back (quoting and escapes), how keys are set
// and removed, and what each configuration error says and exits with. Parsing whole files and the
// private permissions are checked beside the ListenBrainz account, which is what uses them.
import Testing
import TunesCore

@Suite struct ConfigTests {
  @Test func valuesAreWrittenAsTOML() {
    #expect(ConfigValue.integer(-12).description == "-12")
    #expect(ConfigValue.bool(true).description == "true")
    #expect(ConfigValue.bool(false).description == "false")
    #expect(ConfigValue.string("plain").description == #""plain""#)
    #expect(ConfigValue.string("a\"b\\c").description == #""a\"b\\c""#)
    #expect(ConfigValue.string("l1\nl2\tt\rr").description == #""l1\nl2\tt\rr""#)
    #expect(ConfigValue.string("\u{1}\u{7F}").description == #""\u0001\u007F""#)
  }

  /// Whatever a string holds, the file tunes writes reads back to the same string.
  @Test(arguments: ["", "é☕️", "a \"quoted\" \\ value", "tabs\tand\nlines\r", "\u{0}\u{1B}[0m\u{7F}", "# not a comment"])
  func stringsRoundTrip(text: String) throws {
    var config = Config()
    config["s", "k"] = .string(text)
    #expect(try Config.parse(config.render(), path: "c.toml")["s", "k"] == .string(text))
  }

  @Test func accessorsGiveOnlyTheirOwnKind() {
    #expect(ConfigValue.string("1").stringValue == "1")
    #expect(ConfigValue.string("1").integerValue == nil)
    #expect(ConfigValue.integer(1).integerValue == 1)
    #expect(ConfigValue.integer(1).boolValue == nil)
    #expect(ConfigValue.bool(true).boolValue == true)
    #expect(ConfigValue.bool(true).stringValue == nil)
  }

  @Test func numbersMayHoldUnderscores() throws {
    #expect(try Config.parse("n = 1_000\n", path: "c.toml")["", "n"] == .integer(1000))
  }

  @Test func settingReplacesInPlaceAndNilRemoves() {
    var config = Config()
    config["a", "x"] = .integer(1)
    config["a", "y"] = .integer(2)
    config["b", "z"] = .bool(true)
    config["a", "x"] = .integer(3)
    #expect(config.sections.map(\.name) == ["a", "b"])
    #expect(config.sections[0].entries.map(\.key) == ["x", "y"])
    #expect(config["a", "x"] == .integer(3))
    config["a", "x"] = nil
    config["a", "y"] = nil
    // A section left without keys goes away, so the file does not keep empty headers.
    #expect(config.sections.map(\.name) == ["b"])
    config["c", "none"] = nil
    #expect(config.sections.map(\.name) == ["b"])
  }

  @Test func renderWritesTopLevelKeysWithoutAHeader() {
    var config = Config()
    config["", "top"] = .integer(1)
    config["player", "device"] = .string("default")
    #expect(
      config.render()
        == "# tunes configuration (written by tunes; keep this file private: chmod 600)\n\ntop = 1\n\n[player]\ndevice = \"default\"\n"
    )
  }

  @Test func errorsSayWhatAndExitByKind() {
    let syntax = ConfigError.syntax(path: "c.toml", line: 3, message: "duplicate key x")
    #expect(syntax.description == "c.toml:3: duplicate key x")
    #expect(syntax.exitStatus == .config)
    let unreadable = ConfigError.unreadable(path: "c.toml", reason: "not UTF-8 text")
    #expect(unreadable.description == "cannot read c.toml: not UTF-8 text")
    #expect(unreadable.exitStatus == .ioError)
    let unwritable = ConfigError.unwritable(path: "c.toml", reason: "Read-only file system")
    #expect(unwritable.description == "cannot write c.toml: Read-only file system")
    #expect(unwritable.exitStatus == .ioError)
    let tooOpen = ConfigError.tooOpen(path: "c.toml", mode: 0o644)
    #expect(tooOpen.description == "c.toml holds a token but others can read it (mode 644); fix it with: chmod 600 c.toml")
    #expect(tooOpen.exitStatus == .noPermission)
  }
}
