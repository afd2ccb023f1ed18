// The XML errors XMLParser reports while reading an XSPF file: which of them refuse the file, where,
// and in what words (instead of "NSXMLParserErrorDomain error 76").
import Foundation

struct XMLFault {
  /// libxml2's error number, which XMLParser passes on as the NSError code (Apple documents the same
  /// numbers; Foundation on Linux numbers its ErrorCode enum from 0, so the enum cannot be used).
  var code: Int
  var line: Int
  var column: Int
  /// The elements open when it was found (local names, root first).
  var open: [String]
  var rootClosed: Bool

  var place: String { "line \(max(line, 1)), column \(max(column, 1))" }

  /// libxml2's warnings (XML_WAR_*) and its namespace and DTD complaints (200 and up): the document
  /// is still well-formed XML, and players write such files (a relative xmlns URI is a warning).
  var isWarning: Bool { [27, 93, 97, 98, 99, 100, 102, 106, 107].contains(code) || code >= 200 }

  /// XML_ERR_DOCUMENT_END: the document is cut short, or something follows its root element.
  var isDocumentEnd: Bool { code == 5 }

  var reason: String {
    switch code {
    case 5:
      if let inside = open.last { return "the file ends inside <\(inside)>: it is cut short (no closing </playlist>)" }
      return rootClosed ? "more content after </playlist>" : "XML: the document ends too early"
    case 4: return "XML: no root element (is this XML?)"
    case 76: return "XML: a closing tag does not match the open element"
    case 23, 26: return "XML: a bad entity reference (a bare & must be written &amp;)"
    case 38, 39, 40, 41: return "XML: a malformed attribute"
    case 73, 77: return "XML: a tag is not closed"
    default: return "XML: not well-formed (libxml2 error \(code))"
    }
  }

  /// The fault that refuses the file, if one does: a cut-short document first (its error may follow
  /// others that the end of the data caused), else the first that is not a warning.
  static func refusing(_ faults: [XMLFault]) -> XMLFault? {
    let errors = faults.filter { !$0.isWarning }
    return errors.first(where: \.isDocumentEnd) ?? errors.first
  }
}
