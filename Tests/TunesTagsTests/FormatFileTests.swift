// The FLAC, Ogg and MP4 readers against independent references on the same files: every tag field that
// mutagen reads, the stream facts mutagen gives, and the sample counts the reference decoders output.

import Foundation
import Testing

@testable import TunesTags

@Suite struct FormatFileTests {
  static let tagged = ["tagged.flac", "tagged.oga", "tagged.ogg", "tagged.opus", "tagged.m4a", "gapless.m4a"]
  static let all = tagged + ["24bit.flac", "id3-front.flac", "mono.opus", "alac.m4a"]

  @Test(arguments: all) func fieldsMatchMutagen(_ name: String) throws {
    let path = try FormatFiles.shared.get().path(name)
    let m = try TagReader.read(path: path)
    let expected = try FormatFiles.mutagen(path)
    let t = m.tags
    let strings: [String: String?] = [
      "title": t.title, "artist": t.artist, "album": t.album, "albumArtist": t.albumArtist, "date": t.date,
      "originalDate": t.originalDate, "titleSort": t.titleSort, "artistSort": t.artistSort, "albumSort": t.albumSort,
      "albumArtistSort": t.albumArtistSort, "composerSort": t.composerSort, "isrc": t.isrc, "barcode": t.barcode,
      "catalogNumber": t.catalogNumber, "discSubtitle": t.discSubtitle, "grouping": t.grouping, "comment": t.comment,
      "work": t.work, "movement": t.movement, "lyrics": t.lyrics, "codec": m.audio.codec,
    ]
    let lists: [String: [String]] = [
      "artists": t.artists, "albumArtists": t.albumArtists, "composers": t.composers, "genres": t.genres,
      "performers": t.performers, "conductors": t.conductors, "lyricists": t.lyricists, "labels": t.labels,
    ]
    // MusicBrainz ids are compared in canonical form: tunes lower-cases them (MBID.normalized), mutagen does not.
    let ids: [String: [String]] = [
      "recordingMbid": t.recordingMbid.map { [$0] } ?? [], "releaseTrackMbid": t.releaseTrackMbid.map { [$0] } ?? [],
      "releaseMbid": t.releaseMbid.map { [$0] } ?? [], "releaseGroupMbid": t.releaseGroupMbid.map { [$0] } ?? [],
      "artistMbids": t.artistMbids, "albumArtistMbids": t.albumArtistMbids, "workMbids": t.workMbids,
    ]
    let ints: [String: Int?] = [
      "trackNumber": t.trackNumber, "trackTotal": t.trackTotal, "discNumber": t.discNumber, "discTotal": t.discTotal,
      "bpm": t.bpm, "channels": m.audio.channels, "sampleRate": m.audio.sampleRate,
      "bitsPerSample": m.audio.bitsPerSample, "sampleCount": m.audio.sampleCount,
    ]
    var compared = 0
    for (key, value) in expected {
      switch key {
      case _ where strings.keys.contains(key):
        #expect(strings[key]! == value as? String, "\(name): \(key)")
      case _ where lists.keys.contains(key):
        #expect(lists[key]! == value as? [String], "\(name): \(key)")
      case _ where ids.keys.contains(key):
        let values = (value as? [String]) ?? [(value as? String) ?? ""]
        #expect(ids[key]! == values.map { $0.lowercased() }, "\(name): \(key)")
      case _ where ints.keys.contains(key):
        #expect(ints[key]! == value as? Int, "\(name): \(key)")
      case "isCompilation":
        #expect(t.isCompilation == value as? Bool, "\(name): \(key)")
      case "replayGain":
        let rg = value as? [String: Double] ?? [:]
        let ours: [String: Double?] = [
          "trackGain": t.replayGain.trackGain, "trackPeak": t.replayGain.trackPeak,
          "albumGain": t.replayGain.albumGain, "albumPeak": t.replayGain.albumPeak,
        ]
        for (field, theirs) in rg {
          #expect(abs((ours[field]! ?? .nan) - theirs) < 1e-6, "\(name): replayGain.\(field)")
        }
      case "length" where name.hasSuffix(".m4a"):
        // mutagen gives mdhd's length, priming samples included; tunes the edit list's or iTunSMPB's,
        // which the sample-count tests hold to the source (Docs/Tags.md).
        continue
      case "length":
        // mutagen's length is seconds as a float; tunes' exact count must agree to the millisecond.
        let seconds = value as? Double ?? 0
        #expect(abs(Double(m.audio.durationMs) / 1000 - seconds) < 0.0015, "\(name): length \(seconds)")
      case "pictures":
        continue
      default:
        Issue.record("\(name): mutagen field \(key) is not compared")
      }
      compared += 1
    }
    if Self.tagged.contains(name) { #expect(compared >= 35, "\(name): only \(compared) fields compared") }
  }

  @Test(arguments: [
    "tagged.flac", "tagged.oga", "24bit.flac", "id3-front.flac", "tagged.ogg", "tagged.opus", "mono.opus", "alac.m4a",
  ])
  func sampleCountIsTheReferenceDecoders(_ name: String) throws {
    let path = try FormatFiles.shared.get().path(name)
    let m = try TagReader.read(path: path)
    #expect(m.audio.sampleCount == (try FormatFiles.decodedSamples(path, channels: m.audio.channels)))
    #expect(m.audio.durationMs == (m.audio.sampleCount * 1000 + m.audio.sampleRate / 2) / m.audio.sampleRate)
    #expect(m.audio.bitrate > 0 && m.audio.audioLength > 0 && m.audio.audioHash.count == 16)
  }

  @Test func editListGivesTheSourceLength() throws {
    let path = try FormatFiles.shared.get().path("tagged.m4a")
    let m = try TagReader.read(path: path)
    // 3.3 s at 44.1 kHz as sox made it: ffmpeg's edit list keeps exactly that after 1024 priming samples.
    #expect(m.audio.sampleCount == 145_530)
    #expect(m.audio.lengthSource == "elst")
    // ffmpeg's decoder trims the priming by the edit list but ends on a whole AAC frame: up to 1023 more.
    let decoded = try FormatFiles.decodedSamples(path, channels: 2)
    #expect(decoded >= m.audio.sampleCount && decoded - m.audio.sampleCount < 1024)
  }

  @Test func iTunSMPBGivesTheSourceLength() throws {
    let path = try FormatFiles.shared.get().path("gapless.m4a")
    let m = try TagReader.read(path: path)
    // 3.3 s at 44.1 kHz, as encoded; ffmpeg trims the delay but keeps the padding iTunSMPB names.
    #expect(m.audio.sampleCount == 145_530)
    #expect(m.audio.lengthSource == "iTunSMPB")
    let padding = 0x386
    #expect(m.audio.sampleCount == (try FormatFiles.decodedSamples(path, channels: 2)) - padding)
  }

  @Test func formatQuirks() throws {
    let files = try FormatFiles.shared.get()
    let flac24 = try TagReader.read(path: files.path("24bit.flac"))
    #expect(flac24.audio.bitsPerSample == 24 && flac24.audio.channels == 1 && flac24.audio.sampleRate == 96000)
    let opus = try TagReader.read(path: files.path("mono.opus"))
    #expect(opus.audio.codec == "opus" && opus.audio.channels == 1 && opus.audio.sampleRate == 48000)
    let alac = try TagReader.read(path: files.path("alac.m4a"))
    #expect(alac.audio.codec == "alac" && alac.audio.bitsPerSample == 24)
    // The Vorbis comment wins; the ID3v2 tag in front fills what it lacks.
    let fronted = try TagReader.read(path: files.path("id3-front.flac"))
    #expect(fronted.tags.title == "Vorbis title")
    #expect(fronted.tags.artist == "ID3 artist")
    #expect(fronted.audio.codec == "flac" && fronted.audio.audioOffset > 0)
    // Opus R128 gains are Q7.8 dB at -23 LUFS; ReplayGain's reference is 5 dB louder.
    let tagged = try TagReader.read(path: files.path("tagged.opus"))
    #expect(tagged.tags.replayGain.trackGain == -1234.0 / 256 + 5)
    #expect(tagged.tags.replayGain.albumGain == 512.0 / 256 + 5)
  }

  @Test func audioHashIgnoresTags() throws {
    let files = try FormatFiles.shared.get()
    // Same audio, different tags (the iTunSMPB tag added): same hash.
    let a = try TagReader.read(path: files.path("tagged.m4a")).audio.audioHash
    let b = try TagReader.read(path: files.path("gapless.m4a")).audio.audioHash
    #expect(a == b)
    let flac = try TagReader.read(path: files.path("tagged.flac")).audio.audioHash
    let fronted = try TagReader.read(path: files.path("id3-front.flac")).audio.audioHash
    #expect(flac == fronted)
  }

  @Test func videoWithoutAudioIsReported() throws {
    let path = try FormatFiles.shared.get().path("video.mp4")
    #expect {
      try TagReader.read(path: path)
    } throws: { error in
      guard case .invalid(let p, let reason) = error as? TagError else { return false }
      return p == path && reason.contains("no audio track")
    }
  }
}

@Suite struct FormatPictureTests {
  @Test(arguments: ["tagged.flac", "tagged.ogg", "tagged.opus", "tagged.m4a"])
  func coverIsTheOneMutagenWrote(_ name: String) throws {
    let path = try FormatFiles.shared.get().path(name)
    let picture = try #require(try PictureReader.picture(path: path))
    // make-format-files.py embeds the same 1x1 PNG in every tagged file.
    #expect(picture.mimeType == "image/png")
    #expect(picture.pictureType == EmbeddedPicture.frontCover)
    #expect(picture.data.starts(with: [0x89, 0x50, 0x4E, 0x47]) && picture.data.count == 70)
  }

  @Test func noCoverIsNil() throws {
    let path = try FormatFiles.shared.get().path("24bit.flac")
    #expect(try PictureReader.picture(path: path) == nil)
  }
}

@Suite struct AudioFileKindTests {
  @Test func tellsEachFormatByItsFirstBytes() throws {
    let files = try FormatFiles.shared.get()
    let expected: [String: AudioFileKind] = [
      "tagged.flac": .flac, "id3-front.flac": .mp3, "tagged.ogg": .ogg, "tagged.opus": .ogg, "tagged.m4a": .mp4,
      "video.mp4": .mp4,
    ]
    for (name, kind) in expected { #expect(AudioFileKind.detect(path: files.path(name)) == kind, "\(name)") }
    let text = files.path("notes")
    try "plain text, not audio".write(toFile: text, atomically: true, encoding: .utf8)
    #expect(AudioFileKind.detect(path: text) == nil)
    #expect(AudioFileKind.detect(path: files.path("absent")) == nil)
  }
}
