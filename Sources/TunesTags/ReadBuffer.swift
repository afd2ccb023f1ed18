// The memory TagReader reads a file into: the reading thread's own buffer, kept from file to file. The
// parsers address a file by its offsets, so the buffer spans the whole file even though only the head
// and the tail are usually loaded; allocating and freeing one of each file's size made glibc consolidate
// its free lists on every file (a free of more than 64 KiB does) and fault the pages in again. A file
// larger than `kept` gets memory of its own, given back once read, so that a thread never holds more.

#if canImport(Glibc)
  import Glibc
#endif

final class ReadBuffer {
  /// The largest buffer a thread keeps between files.
  static let kept = 4 << 20

  private var memory: UnsafeMutableRawBufferPointer

  private init(count: Int) {
    memory = .allocate(byteCount: count, alignment: 16)
  }

  deinit { memory.deallocate() }

  /// The thread's buffer, released with the thread.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { buffer in
      if let buffer { Unmanaged<ReadBuffer>.fromOpaque(buffer).release() }
    }
    precondition(created == 0, "pthread_key_create failed")
    return key
  }()

  /// Runs `body` with `count` bytes of memory (their content is whatever the last file left there).
  static func with<Result>(count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Result) rethrows -> Result {
    guard count <= kept else {
      let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
      defer { memory.deallocate() }
      return try body(memory)
    }
    let buffer: ReadBuffer
    if let stored = pthread_getspecific(key) {
      buffer = Unmanaged<ReadBuffer>.fromOpaque(stored).takeUnretainedValue()
    } else {
      buffer = ReadBuffer(count: 0)
      pthread_setspecific(key, Unmanaged.passRetained(buffer).toOpaque())
    }
    if buffer.memory.count < count {
      // Grown to the next power of two, so that a run of files of slowly rising sizes reallocates rarely.
      buffer.memory.deallocate()
      buffer.memory = .allocate(byteCount: min(kept, max(count, 64 << 10).nextPowerOfTwo), alignment: 16)
    }
    return try body(UnsafeMutableRawBufferPointer(rebasing: buffer.memory[0..<count]))
  }
}

extension Int {
  fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
