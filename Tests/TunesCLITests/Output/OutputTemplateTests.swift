// `--format` templates: beets' `$field`/`${field}` and mpc's `%field%`, literal signs, unknown fields
// refused by name; and through the built binary on `ls songs`.
import Foundation
import Testing

@testable import tunes

struct OutputTemplateTests {
  let known = ["artist", "title", "length", "path"]

  @Test(arguments: [
    ("$artist - $title", "Ada - One"), ("${title}s", "Ones"), ("%artist% – %title%", "Ada – One"), ("$$5 100%%", "$5 100%"),
    ("[%time%]", "[3:05]"), ("no fields", "no fields"), ("$ARTIST", "Ada"), ("$title$artist", "OneAda"), ("$missing_path", ""),
  ])
  func rendersEachSpelling(template: String, line: String) throws {
    let values = ["artist": "Ada", "title": "One", "length": "3:05"]
    let parsed = try OutputTemplate(template, known: known + ["missing_path"], aliases: ["time": "length"])
    #expect(parsed.render { values[$0] } == line)
  }

  @Test func refusesUnknownFieldsAndDanglingSigns() {
    #expect(throws: TemplateError.unknownField("nope", known: known)) { try OutputTemplate("$nope", known: known) }
    #expect(throws: TemplateError.unknownField("Nope", known: known)) { try OutputTemplate("%Nope%", known: known) }
    #expect(throws: TemplateError.dangling("$")) { try OutputTemplate("cost $ 5", known: known) }
    #expect(throws: TemplateError.dangling("%")) { try OutputTemplate("100% sure", known: known) }
  }

  @Test func lsSongsPrintsOneLineEach() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let result = try sandbox.run(["ls", "songs", "album:Other Formats", "-f", "$title|%format%|$length|${bitdepth}"])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("Deep Lossless|flac|0:") && $0.hasSuffix("|24") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Mono Opus|opus|0:") }, "\(lines)")
    let unknown = try sandbox.run(["ls", "songs", "-f", "$nonsense"])
    #expect(unknown.status == 64 && unknown.stderr.contains("unknown field \"nonsense\""), "\(unknown)")
    let both = try sandbox.run(["ls", "songs", "-f", "$title", "--json"])
    #expect(both.status == 64, "\(both)")
  }
}
