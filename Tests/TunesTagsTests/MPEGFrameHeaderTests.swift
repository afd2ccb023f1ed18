// MPEG frame headers: versions, layers, bitrate and sample-rate tables, padding, channel mode, and the
// frame lengths the specification's formulas give.

import Testing

@testable import TunesTags

@Suite struct MPEGFrameHeaderTests {
  func header(_ spec: FrameSpec) -> MPEGFrameHeader? { MPEGFrameHeader(spec.headerBytes) }

  @Test func mpeg1Layer3() throws {
    let h = try #require(header(FrameSpec()))
    #expect(h.version == .mpeg1 && h.layer == 3)
    #expect(h.bitrate == 128 && h.sampleRate == 44100)
    #expect(h.frameLength == 417)  // 144 * 128000 / 44100 = 417.9
    #expect(h.samplesPerFrame == 1152)
    #expect(h.channels == 2)
    let padded = try #require(header(FrameSpec(padding: true)))
    #expect(padded.frameLength == 418)
  }

  @Test func mpeg1Layer3At320And48k() throws {
    let h = try #require(header(FrameSpec(bitrateIndex: 14, rateIndex: 1, mode: 3)))
    #expect(h.bitrate == 320 && h.sampleRate == 48000)
    #expect(h.frameLength == 960)
    #expect(h.channels == 1)
  }

  @Test func mpeg2Layer3() throws {
    let h = try #require(header(FrameSpec(versionBits: 2, bitrateIndex: 8, rateIndex: 0)))
    #expect(h.version == .mpeg2 && h.version.name == "2")
    #expect(h.bitrate == 64 && h.sampleRate == 22050)
    #expect(h.samplesPerFrame == 576)
    #expect(h.frameLength == 208)  // 72 * 64000 / 22050 = 208.98
  }

  @Test func mpeg25Layer3() throws {
    let h = try #require(header(FrameSpec(versionBits: 0, bitrateIndex: 1, rateIndex: 2)))
    #expect(h.version == .mpeg25 && h.version.name == "2.5")
    #expect(h.bitrate == 8 && h.sampleRate == 8000)
    #expect(h.frameLength == 72)
    #expect(h.samplesPerFrame == 576)
  }

  @Test func mpeg1Layer2() throws {
    let h = try #require(header(FrameSpec(layerBits: 2, bitrateIndex: 10)))
    #expect(h.layer == 2 && h.bitrate == 192)
    #expect(h.frameLength == 626)  // 144 * 192000 / 44100 = 626.9
    #expect(h.samplesPerFrame == 1152)
  }

  @Test func mpeg1Layer1() throws {
    let h = try #require(header(FrameSpec(layerBits: 3, bitrateIndex: 12)))
    #expect(h.layer == 1 && h.bitrate == 384)
    #expect(h.frameLength == 416)  // (12 * 384000 / 44100 = 104) * 4
    #expect(h.samplesPerFrame == 384)
  }

  @Test func mpeg2Layer2UsesTheLowBitrateTable() throws {
    let h = try #require(header(FrameSpec(versionBits: 2, layerBits: 2, bitrateIndex: 14, rateIndex: 1)))
    #expect(h.bitrate == 160 && h.sampleRate == 24000)
    #expect(h.frameLength == 960)  // 144 * 160000 / 24000
  }

  @Test func invalidHeaders() {
    #expect(header(FrameSpec(bitrateIndex: 15)) == nil)
    #expect(header(FrameSpec(bitrateIndex: 0)) == nil)  // free format: length unknown
    #expect(header(FrameSpec(rateIndex: 3)) == nil)
    #expect(header(FrameSpec(versionBits: 1)) == nil)
    #expect(header(FrameSpec(layerBits: 0)) == nil)
    #expect(MPEGFrameHeader([0xFF, 0xFB, 0x90, 0x02]) == nil)  // reserved emphasis
    #expect(MPEGFrameHeader([0xFF, 0x1B, 0x90, 0x00]) == nil)  // no sync
    #expect(MPEGFrameHeader([0xFF, 0xFB]) == nil)
  }

  @Test func xingWithLAMETag() throws {
    let spec = FrameSpec()
    let frame = xingFrame(spec, length: 417, tag: "Xing", frameCount: 1234, byteCount: 99999, delay: 576, padding: 1260)
    let xing = try #require(XingHeader(frame))
    #expect(xing.tag == "Xing")
    #expect(xing.frames == 1234)
    #expect(xing.bytes == 99999)
    #expect(xing.lame?.encoder == "LAME3.100")
    #expect(xing.lame?.delay == 576)
    #expect(xing.lame?.padding == 1260)
  }

  @Test func xingInAMonoFrameSitsAfterShorterSideInfo() throws {
    let spec = FrameSpec(mode: 3)
    let xing = try #require(XingHeader(xingFrame(spec, length: 417, offset: 21, frameCount: 10, byteCount: nil)))
    #expect(xing.frames == 10 && xing.bytes == nil && xing.lame == nil)
    #expect(XingHeader(xingFrame(spec, length: 417, offset: 36, frameCount: 10, byteCount: nil)) == nil)
  }

  @Test func vbriHeader() throws {
    let vbri = try #require(VBRIHeader(vbriFrame(FrameSpec(), length: 417, frameCount: 77, byteCount: 5555)))
    #expect(vbri.frames == 77 && vbri.bytes == 5555 && vbri.version == 1)
    #expect(VBRIHeader(FrameSpec().frame(length: 417)) == nil)
  }
}
