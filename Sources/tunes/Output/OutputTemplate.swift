// `--format TEMPLATE`: one line per song (or per status) built from a template, for scripts and
// status bars. Fields are written as beets writes them (`$artist - $title`, `${title}s`) or as mpc does
// (`%artist% - %title%`); `$$` and `%%` are a literal `$` and `%`. A field the song does not have is
// empty. mpc's `[…]` groups and `|` alternatives are not templates here: they print as written.

struct OutputTemplate: Equatable {
  enum Part: Equatable {
    case text(String)
    case field(String)
  }
  let parts: [Part]

  /// The template's fields must be among `known` (names lower-cased; `aliases` maps other spellings, e.g.
  /// mpc's `time` to `length`); an unknown one is an error naming it and the known ones.
  init(_ template: String, known: [String], aliases: [String: String] = [:]) throws(TemplateError) {
    var parts: [Part] = []
    var text = ""
    var rest = Substring(template)
    func field(_ raw: Substring) throws(TemplateError) {
      let name = raw.lowercased()
      let resolved = aliases[name] ?? name
      guard known.contains(resolved) else { throw .unknownField(String(raw), known: known) }
      if !text.isEmpty { parts.append(.text(text)) }
      text = ""
      parts.append(.field(resolved))
    }
    func isNameCharacter(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "_") }
    while let c = rest.first {
      rest = rest.dropFirst()
      switch c {
      case "$":
        if rest.first == "$" {
          text.append("$")
          rest = rest.dropFirst()
        } else if rest.first == "{", let close = rest.firstIndex(of: "}") {
          try field(rest[rest.index(after: rest.startIndex)..<close])
          rest = rest[rest.index(after: close)...]
        } else {
          let name = rest.prefix(while: isNameCharacter)
          guard !name.isEmpty else { throw .dangling("$") }
          try field(name)
          rest = rest.dropFirst(name.count)
        }
      case "%":
        if rest.first == "%" {
          text.append("%")
          rest = rest.dropFirst()
        } else if let close = rest.firstIndex(of: "%"), rest[..<close].allSatisfy(isNameCharacter), close != rest.startIndex {
          try field(rest[..<close])
          rest = rest[rest.index(after: close)...]
        } else {
          throw .dangling("%")
        }
      default: text.append(c)
      }
    }
    if !text.isEmpty { parts.append(.text(text)) }
    self.parts = parts
  }

  func render(_ value: (String) -> String?) -> String {
    parts.map { part in
      switch part {
      case .text(let text): return text
      case .field(let name): return value(name) ?? ""
      }
    }.joined()
  }
}

enum TemplateError: Error, Equatable, CustomStringConvertible {
  case unknownField(String, known: [String])
  case dangling(String)

  var description: String {
    switch self {
    case .unknownField(let name, let known):
      return "--format: unknown field \"\(name)\" (one of \(known.joined(separator: ", ")))"
    case .dangling(let sign):
      return "--format: a \(sign) that starts no field; write \(sign)\(sign) for the sign itself"
    }
  }
}
