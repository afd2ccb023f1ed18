// The order of a song block's tag lines: mpd 0.23's ID3 scan order, which the differential case
// 97-id3-tag-order checks against a real mpd.
import Testing

@testable import TunesMPD

@Suite struct SongTagOrderTests {
  @Test func tagsComeInTheOrderOfMPDsID3Scan() {
    let tags: MPDTags = [
      .label: "Label", .disc: "1", .grouping: "Group", .performer: "Remixer", .conductor: "Conductor",
      .composer: "The Composer", .genre: "Jazz", .originalDate: "1999", .date: "2001", .track: "4", .album: "Every",
      .title: "Every", .albumArtistSort: "Road, Ann", .albumSort: "Every, The", .artistSort: "Road, Ann",
      .albumArtist: "Ann Road", .artist: "Ann Road", .work: "Opus",
    ]
    #expect(
      tags.types == [
        .artist, .albumArtist, .artistSort, .albumSort, .albumArtistSort, .title, .album, .track, .date, .originalDate,
        .genre, .composer, .conductor, .performer, .grouping, .disc, .label, .work,
      ])
  }
}
