// The memory TagReader reads a file into, taken from a few buffers kept from file to file. The parsers
// address a file by its offsets, so the buffer spans the whole file even though only the head and the
// tail are usually loaded; allocating and freeing one of each file's size made glibc consolidate its free
// lists on every file (a free of more than 64 KiB does) and fault the pages in again. The buffers are
// shared, not one per thread: the threads a dispatch pool lends the reader change from batch to batch,
// so buffers per thread would be as many as the pool's threads rather than as the reads at once. A file
// larger than `kept` gets memory of its own, given back once read.

#if canImport(Glibc)
  import Glibc
#endif

enum ReadBuffer {
  /// The largest buffer kept between files.
  static let kept = 4 << 20

  /// The buffers no reader is using: as many as have read at once.
  private final class Idle: @unchecked Sendable {
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
      let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
      pthread_mutex_init(lock, nil)
      return lock
    }()

    func take() -> UnsafeMutableRawBufferPointer? {
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      return buffers.popLast()
    }

    func give(_ buffer: UnsafeMutableRawBufferPointer) {
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      buffers.append(buffer)
    }
  }

  private static let idle = Idle()

  /// Runs `body` with `count` bytes of memory (their content is whatever the last file left there).
  static func with<Result>(count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Result) rethrows -> Result {
    guard count <= kept else {
      let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
      defer { memory.deallocate() }
      return try body(memory)
    }
    var memory = idle.take() ?? UnsafeMutableRawBufferPointer(start: nil, count: 0)
    if memory.count < count {
      // Grown to the next power of two, so that a run of files of slowly rising sizes reallocates rarely.
      memory.deallocate()
      memory = .allocate(byteCount: min(kept, max(count, 64 << 10).nextPowerOfTwo), alignment: 16)
    }
    defer { idle.give(memory) }
    return try body(UnsafeMutableRawBufferPointer(rebasing: memory[0..<count]))
  }
}

extension Int {
  fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
