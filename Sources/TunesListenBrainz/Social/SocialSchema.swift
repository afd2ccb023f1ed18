// The table of social writes (follow, recommend, review…) made while ListenBrainz could not be
// reached: migration `social-v1` of the dashboards' area, appended to the one ordered list.
import GRDB

enum SocialSchema {
  static func v1(_ db: Database) throws {
    // Sent in id order by the next social command; a row leaves after the server's answer, a 200 or a
    // refusal (the refusal is reported); it stays for network failures, 429 and 5xx.
    try db.create(table: "pendingSocial") { t in
      t.autoIncrementedPrimaryKey("id")
      /// SocialWrite.Action.
      t.column("action", .text).notNull()
      t.column("path", .text).notNull()
      /// The JSON body, byte for byte as it will be sent.
      t.column("body", .blob).notNull()
      t.column("label", .text).notNull()
      /// The user the write was made as; sent only with that user's token. NULL when not known.
      t.column("account", .text)
      t.column("attempts", .integer).notNull().defaults(to: 0)
      t.column("lastError", .text)
      t.column("createdAt", .datetime).notNull()
    }
  }
}
