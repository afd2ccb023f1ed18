// SQLite's and the file system's codes become causes a person can act on, with their exit statuses.
import Foundation
import GRDB
import Testing
import TunesCore

@testable import TunesLibrary

struct LibraryOpenErrorTests {
  @Test(arguments: [
    (ResultCode.SQLITE_NOTADB, LibraryOpenError.corrupt(path: "/l.db"), TunesCore.ExitStatus.dataError),
    (.SQLITE_CORRUPT, .corrupt(path: "/l.db"), .dataError),
    (.SQLITE_READONLY, .permissionDenied(path: "/l.db"), .noPermission),
    (.SQLITE_PERM, .permissionDenied(path: "/l.db"), .noPermission),
    (.SQLITE_FULL, .diskFull(path: "/l.db"), .ioError),
    (.SQLITE_BUSY, .writeLocked(path: "/l.db", holders: []), .tempFailure),
  ])
  func sqliteCodesHaveCauses(code: ResultCode, expected: LibraryOpenError, status: TunesCore.ExitStatus) {
    let explained = LibraryOpenError.explaining(DatabaseError(resultCode: code, message: "raw"), path: "/l.db")
    #expect(explained == expected)
    #expect(explained.exitStatus == status)
    #expect(!explained.description.contains("raw"))
  }

  @Test func aFolderRefusingTheUserIsPermissionDenied() {
    let denied = CocoaError(.fileWriteNoPermission)
    #expect(LibraryOpenError.explaining(denied, path: "/x/l.db") == .permissionDenied(path: "/x/l.db"))
    #expect(LibraryOpenError.permissionDenied(path: "/x/l.db").exitStatus.rawValue == 77)
  }

  @Test func aDamagedFileIsReportedByLibraryInit() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-error-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("library.db").path
    var bytes = Data("SQLite format 3\0".utf8)
    bytes.append(Data(repeating: 0xA5, count: 4096))
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(throws: LibraryOpenError.corrupt(path: path)) { try Library(path: path, areas: everyDatabaseArea) }
  }
}
