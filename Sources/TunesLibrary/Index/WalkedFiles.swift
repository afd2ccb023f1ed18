// The walk's table of files by path, hand-written rather than a Dictionary for one reason: a rescan looks
// up each of the index's rows in it with the path's bytes as SQLite hands them out, and a Dictionary can
// only be asked with a key, that is with a String made (allocated, checked, hashed, freed) for every row.
// Here a lookup hashes the borrowed bytes the way `PathKey` hashes its own and compares them with memcmp.
// Entries are kept in the order they were added (the walk's order), never removed.

#if canImport(Glibc)
  import Glibc
#endif

struct WalkedFiles: Sendable {
  /// The paths, in the order they were added; `values` holds each one's file at the same place.
  private(set) var keys: [PathKey] = []
  var values: [WalkedFile] = []
  /// Open addressing, linear probing: 0 is empty, else the place in `keys` plus one in the low 32 bits
  /// and the high half of the key's hash in the high 32, which settles most mismatches without reading
  /// the key. Never more than half full.
  private var slots: [UInt64] = []

  var count: Int { keys.count }
  var isEmpty: Bool { keys.isEmpty }
  var indices: Range<Int> { keys.indices }

  mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
    if Self.slotCount(for: capacity) > slots.count { rehash(Self.slotCount(for: capacity)) }
  }

  /// The place of `key`, if the table has it.
  func index(forKey key: PathKey) -> Int? {
    var path = key.path
    return path.withUTF8 { index(forBytes: $0, hash: key.bytesHash) }
  }

  /// The place of the path whose UTF-8 bytes are `bytes` and whose `PathKey.hash(of:)` is `hash`.
  func index(forBytes bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    let tag = UInt64(UInt(bitPattern: hash)) >> 32
    var position = hash & mask
    while true {
      let slot = slots[position]
      if slot == 0 { return nil }
      if slot >> 32 == tag {
        let index = Int(slot & 0xFFFF_FFFF) - 1
        if keys[index].bytesHash == hash && keys[index].hasBytes(bytes) { return index }
      }
      position = (position + 1) & mask
    }
  }

  /// The file at `key`; setting adds the key, or replaces the file of a key already there.
  subscript(key: PathKey) -> WalkedFile? {
    get { index(forKey: key).map { values[$0] } }
    set {
      guard let newValue else { preconditionFailure("files are never taken out of the walk's table") }
      if let index = index(forKey: key) {
        values[index] = newValue
      } else {
        append(key, newValue)
      }
    }
  }

  /// Adds the files of `other` whose paths this table does not have.
  mutating func merge(_ other: WalkedFiles) {
    reserveCapacity(count + other.count)
    for index in other.indices where self.index(forKey: other.keys[index]) == nil {
      append(other.keys[index], other.values[index])
    }
  }

  /// Adds a key the table does not have.
  private mutating func append(_ key: PathKey, _ value: WalkedFile) {
    if Self.slotCount(for: keys.count + 1) > slots.count { rehash(Self.slotCount(for: max(keys.count + 1, 2 * keys.count))) }
    keys.append(key)
    values.append(value)
    place(keys.count - 1)
  }

  private mutating func place(_ index: Int) {
    let hash = keys[index].bytesHash
    let mask = slots.count - 1
    var position = hash & mask
    while slots[position] != 0 { position = (position + 1) & mask }
    slots[position] = (UInt64(UInt(bitPattern: hash)) >> 32) << 32 | UInt64(index + 1)
  }

  private mutating func rehash(_ count: Int) {
    slots = Array(repeating: 0, count: count)
    for index in keys.indices { place(index) }
  }

  /// A power of two at least twice `capacity`.
  private static func slotCount(for capacity: Int) -> Int {
    var count = 16
    while count < 2 * capacity { count *= 2 }
    return count
  }
}
