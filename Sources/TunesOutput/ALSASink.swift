// An ALSA PCM device behind AudioSink: opens and reconfigures per format, writes with xrun recovery,
// pauses where the stream allows it. Only the engine's audio thread calls it (one snd_pcm_t, no locks),
// except `interrupt()`, which only sets an atomic flag that a write looks at between pieces.
import CALSA
import Glibc
import Synchronization
import TunesCore

public final class ALSASink: AudioSink {
  public let device: String
  /// The device's buffer: long enough to ride out a busy machine, short enough for snappy seeks.
  public let latencyMicroseconds: UInt32
  public private(set) var format: AudioFormat?
  /// The encoding the device was opened with: `format.encoding`, or s16 where the device refused 32-bit
  /// samples (a `hw:` device of a 16-bit card); `write` then keeps each sample's top 16 bits.
  public private(set) var deviceEncoding: SampleEncoding?

  private var pcm: OpaquePointer?
  private var pcmType: snd_pcm_type_t?
  private var canPause = false
  /// True while the stream is paused with snd_pcm_pause (its buffer kept); resume must unpause it.
  private var pausedInDevice = false
  /// Set by `interrupt()`: a write into a clocked device returns after the piece it is waiting on.
  private let interruptRequested = Atomic<Bool>(false)
  /// s32 samples narrowed for a 16-bit device, one piece at a time (allocated once per size).
  private var narrowed = UnsafeMutableBufferPointer<Int16>(start: nil, count: 0)

  /// A write to a sound card goes out in pieces of at most this many frames (23 ms at 44.1 kHz), so an
  /// interrupt is noticed after one piece however much the caller handed over.
  static let interruptibleFrames = 1024

  public init(device: String = "default", latencyMicroseconds: UInt32 = 150_000) {
    self.device = device
    self.latencyMicroseconds = latencyMicroseconds
  }

  deinit {
    close()
    narrowed.deallocate()
  }

  /// The `null` and `file` plugins swallow audio as fast as it comes; everything else is a clocked device.
  public var pacesItself: Bool {
    if let pcmType { return pcmType != SND_PCM_TYPE_NULL && pcmType != SND_PCM_TYPE_FILE }
    return !(device == "null" || device == "file" || device.hasPrefix("file:"))
  }

  public func open(format: AudioFormat) throws {
    if pcm != nil && self.format == format { return }
    if let pcm {
      // A new format needs a new stream; let the old song's tail play out first.
      if pausedInDevice { snd_pcm_pause(pcm, 0) }
      snd_pcm_drain(pcm)
      close()
    }
    tunes_alsa_silence()
    var handle: OpaquePointer?
    let status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
    guard status >= 0, let handle else { throw openError(status) }
    var encoding = format.encoding
    var configured = configure(handle, format: format, encoding: encoding)
    if configured < 0 && encoding == .s32 {
      // No 32-bit samples on this device: play the top 16 bits rather than nothing.
      encoding = .s16
      configured = configure(handle, format: format, encoding: encoding)
    }
    guard configured >= 0 else {
      snd_pcm_close(handle)
      throw OutputError.configureFailed(device: device, format: format, reason: Self.text(configured))
    }
    pcm = handle
    pcmType = snd_pcm_type(handle)
    canPause = Self.canPause(handle)
    pausedInDevice = false
    self.format = format
    deviceEncoding = encoding
  }

  private func configure(_ handle: OpaquePointer, format: AudioFormat, encoding: SampleEncoding) -> Int32 {
    snd_pcm_set_params(
      handle, encoding == .s16 ? SND_PCM_FORMAT_S16_LE : SND_PCM_FORMAT_S32_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
      UInt32(format.channels), UInt32(format.sampleRate), 1, latencyMicroseconds)
  }

  public func write(_ samples: UnsafeRawBufferPointer) throws -> Int {
    guard let pcm, let format, let deviceEncoding else { throw OutputError.notOpen(device: device) }
    guard let base = samples.baseAddress else { return 0 }
    let frames = samples.count / format.bytesPerFrame
    // null and file take everything at once; a card blocks, so it gets pieces it can be interrupted between.
    let piece = pacesItself || deviceEncoding != format.encoding ? Self.interruptibleFrames : frames
    var written = 0
    while written < frames {
      let count = min(piece, frames - written)
      var source = base + written * format.bytesPerFrame
      if deviceEncoding != format.encoding { source = UnsafeRawPointer(narrow(source, frames: count, channels: format.channels)) }
      let result = snd_pcm_writei(pcm, source, snd_pcm_uframes_t(count))
      if result >= 0 {
        written += Int(result)
        if interruptRequested.exchange(false, ordering: .relaxed) { break }
        continue
      }
      try recover(pcm, from: Int32(result))
    }
    return written
  }

  /// s32 → s16 for a device that refused s32: the top 16 bits of each sample, as a 16-bit card would hear.
  private func narrow(_ source: UnsafeRawPointer, frames: Int, channels: Int) -> UnsafeMutablePointer<Int16> {
    let count = frames * channels
    if narrowed.count < count {
      narrowed.deallocate()
      narrowed = .allocate(capacity: count)
    }
    let wide = source.assumingMemoryBound(to: Int32.self)
    for index in 0..<count { narrowed[index] = Int16(truncatingIfNeeded: wide[index] >> 16) }
    return narrowed.baseAddress!
  }

  public func interrupt() {
    interruptRequested.store(true, ordering: .relaxed)
  }

  public var delayFrames: Int {
    guard let pcm else { return 0 }
    var delay: snd_pcm_sframes_t = 0
    return snd_pcm_delay(pcm, &delay) == 0 ? max(0, Int(delay)) : 0
  }

  public func pause() throws -> Bool {
    guard let pcm else { return false }
    // snd_pcm_pause fails with EBADFD on a stream that never started (null and file never do), so
    // pause in the device only when it is running and supports it; otherwise drop and re-prepare.
    if canPause && snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING && snd_pcm_pause(pcm, 1) == 0 {
      pausedInDevice = true
      return true
    }
    snd_pcm_drop(pcm)
    snd_pcm_prepare(pcm)
    return false
  }

  public func resume() throws {
    guard let pcm else { return }
    if pausedInDevice {
      pausedInDevice = false
      if snd_pcm_pause(pcm, 0) == 0 { return }
    }
    try prepareIfNeeded(pcm)
  }

  public func drop() throws {
    guard let pcm else { return }
    pausedInDevice = false
    snd_pcm_drop(pcm)
    try prepareIfNeeded(pcm)
  }

  public func drain() throws {
    guard let pcm else { return }
    if pausedInDevice {
      pausedInDevice = false
      snd_pcm_pause(pcm, 0)
    }
    snd_pcm_drain(pcm)
    try prepareIfNeeded(pcm)
  }

  public func close() {
    guard let pcm else { return }
    snd_pcm_close(pcm)
    self.pcm = nil
    pcmType = nil
    format = nil
    deviceEncoding = nil
    pausedInDevice = false
  }

  // MARK: Helpers

  /// Underrun (EPIPE): re-prepare and write again. Suspend (ESTRPIPE): wait for resume. Full buffer on a
  /// non-blocking stream (EAGAIN): wait for room. Anything else: let libasound try, then give up.
  private func recover(_ pcm: OpaquePointer, from error: Int32) throws {
    switch error {
    case -EPIPE:
      let status = snd_pcm_prepare(pcm)
      if status < 0 { throw OutputError.writeFailed(device: device, reason: "underrun: " + Self.text(status)) }
    case -EAGAIN:
      snd_pcm_wait(pcm, 100)
    case -ESTRPIPE:
      var status = snd_pcm_resume(pcm)
      while status == -EAGAIN {
        usleep(10_000)
        status = snd_pcm_resume(pcm)
      }
      if status < 0 { try prepareIfNeeded(pcm) }
    default:
      let status = snd_pcm_recover(pcm, error, 1)
      if status < 0 { throw OutputError.writeFailed(device: device, reason: Self.text(error)) }
    }
  }

  private func prepareIfNeeded(_ pcm: OpaquePointer) throws {
    let state = snd_pcm_state(pcm)
    guard state == SND_PCM_STATE_SETUP || state == SND_PCM_STATE_XRUN || state == SND_PCM_STATE_SUSPENDED else { return }
    let status = snd_pcm_prepare(pcm)
    if status < 0 { throw OutputError.writeFailed(device: device, reason: Self.text(status)) }
  }

  /// Names that only exist when a card does; "default" is the one users meet.
  static let cardDevicePrefixes = ["default", "hw", "plughw", "sysdefault", "front", "dmix", "surround"]

  private func openError(_ status: Int32) -> OutputError {
    let name = device.split(separator: ":", maxSplits: 1).first.map(String.init) ?? device
    if Self.cardDevicePrefixes.contains(name) && !Self.hasSoundCard() { return .noSoundCard(device: device) }
    return .openFailed(device: device, reason: Self.text(status))
  }

  /// True when ALSA sees at least one sound card (tests skip the no-card checks on such machines).
  public static func hasSoundCard() -> Bool {
    var card: Int32 = -1
    return snd_card_next(&card) == 0 && card >= 0
  }

  private static func canPause(_ pcm: OpaquePointer) -> Bool {
    var params: OpaquePointer?
    guard snd_pcm_hw_params_malloc(&params) == 0, let params else { return false }
    defer { snd_pcm_hw_params_free(params) }
    return snd_pcm_hw_params_current(pcm, params) == 0 && snd_pcm_hw_params_can_pause(params) == 1
  }

  static func text(_ status: Int32) -> String {
    String(cString: snd_strerror(status))
  }
}
