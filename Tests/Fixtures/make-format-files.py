#!/usr/bin/python3
# Makes small FLAC, Ogg Vorbis, Opus and MP4 files carrying every field of tunes' tag model, for the
# tests that compare tunes' reader with mutagen and with the reference decoders, and an MP3 with synced
# lyrics (SYLT). Audio from sox, encoded by flac, oggenc, opusenc, ffmpeg and lame, tagged by mutagen.
# Usage: make-format-files.py FOLDER
import base64
import os
import subprocess
import sys

from mutagen.flac import FLAC, Picture
from mutagen.id3 import ID3, SYLT, TIT2, TPE1, USLT
from mutagen.mp4 import MP4, MP4Cover, MP4FreeForm
from mutagen.oggflac import OggFLAC
from mutagen.oggopus import OggOpus
from mutagen.oggvorbis import OggVorbis

RECORDING = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
RELEASE = "f5093c06-23e3-404f-aeaa-40f72885ee3a"
RELEASE_GROUP = "0e8a0b8e-91e3-4a8e-b6ad-f6e8c7b1d4a2"
RELEASE_TRACK = "3c3b9a1e-5f39-4a3c-9d3e-6b7c1b0c2d11"
ARTISTS = ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"]
ALBUM_ARTIST = "89ad4ac3-39f7-470e-963a-56509c546377"
WORK = "1d0df1a8-2c1c-4a7b-9d1e-7f3a5b2c9e40"
# A 1x1 PNG: a real image, small enough to keep the files tiny.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

VORBIS = {
    "TITLE": ["Süßer Titel"], "ARTIST": ["Ansel Grey", "Zoë Marlowe"], "ARTISTS": ["Ansel Grey", "Zoë Marlowe"],
    "ALBUM": ["Paper Lanterns"], "ALBUMARTIST": ["Ansel Grey"], "COMPOSER": ["Comp One", "Comp Two"],
    "GENRE": ["Rock", "Jazz"], "DATE": ["1999-05-14"], "ORIGINALDATE": ["1998"], "TRACKNUMBER": ["3"],
    "TRACKTOTAL": ["12"], "DISCNUMBER": ["1"], "DISCTOTAL": ["2"], "TITLESORT": ["Titel, Süßer"],
    "ARTISTSORT": ["Grey, Ansel"], "ALBUMSORT": ["Lanterns"], "ALBUMARTISTSORT": ["Grey, Ansel"],
    "COMPOSERSORT": ["One, Comp"], "PERFORMER": ["Pat (piano)"], "CONDUCTOR": ["Con Ductor"],
    "LYRICIST": ["Ly Ricist"], "LABEL": ["Lantern Records"], "CATALOGNUMBER": ["LR-001"],
    "BARCODE": ["0123456789012"], "ISRC": ["GBAAA9900001"], "DISCSUBTITLE": ["Side A"], "GROUPING": ["Group"],
    "COMMENT": ["A comment"], "WORK": ["Big Work"], "MOVEMENTNAME": ["Allegro"], "COMPILATION": ["1"],
    "BPM": ["120"], "MUSICBRAINZ_TRACKID": [RECORDING], "MUSICBRAINZ_RELEASETRACKID": [RELEASE_TRACK],
    "MUSICBRAINZ_ALBUMID": [RELEASE.upper()], "MUSICBRAINZ_RELEASEGROUPID": [RELEASE_GROUP],
    "MUSICBRAINZ_ARTISTID": ARTISTS, "MUSICBRAINZ_ALBUMARTISTID": [ALBUM_ARTIST], "MUSICBRAINZ_WORKID": [WORK],
}
REPLAYGAIN = {
    "REPLAYGAIN_TRACK_GAIN": ["-6.54 dB"], "REPLAYGAIN_TRACK_PEAK": ["0.988547"],
    "REPLAYGAIN_ALBUM_GAIN": ["-7.25 dB"], "REPLAYGAIN_ALBUM_PEAK": ["1.000000"],
}


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def picture():
    p = Picture()
    p.type = 3
    p.mime = "image/png"
    p.desc = "front"
    p.width = p.height = 1
    p.depth = 24
    p.data = PNG
    return p


def vorbis_tags(f, extra):
    for key, values in list(VORBIS.items()) + list(extra.items()):
        f[key] = values


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    j = lambda name: os.path.join(out, name)
    # 3.3 s of sine: not a whole number of any codec's frames, so padding and trimming matter.
    run("sox", "-n", "-r", "44100", "-c", "2", "-b", "16", j("stereo.wav"), "synth", "3.3", "sine", "440", "sine", "660")
    run("sox", "-n", "-r", "96000", "-c", "1", "-b", "24", j("mono24.wav"), "synth", "1.7", "sine", "300")
    run("sox", "-n", "-r", "48000", "-c", "1", "-b", "16", j("mono48.wav"), "synth", "2.1", "sine", "500")

    run("flac", "-s", "-f", "-o", j("tagged.flac"), j("stereo.wav"))
    f = FLAC(j("tagged.flac"))
    vorbis_tags(f, REPLAYGAIN)
    f.add_picture(picture())
    f.save()
    run("flac", "-s", "-f", "-o", j("24bit.flac"), j("mono24.wav"))
    run("flac", "-s", "-f", "-o", j("id3-front.flac"), j("stereo.wav"))
    f = FLAC(j("id3-front.flac"))
    f["TITLE"] = ["Vorbis title"]
    f.save()
    # An ID3v2 tag in front of the fLaC marker, as some taggers write: tunes reads past it.
    id3 = ID3()
    id3.add(TIT2(encoding=3, text=["ID3 title"]))
    id3.add(TPE1(encoding=3, text=["ID3 artist"]))
    id3.save(j("id3-front.flac"), v2_version=4)

    # FLAC in Ogg, as `flac --ogg` writes it (.oga): its Vorbis comment is a packet of its own.
    run("flac", "-s", "-f", "--ogg", "-o", j("tagged.oga"), j("stereo.wav"))
    f = OggFLAC(j("tagged.oga"))
    vorbis_tags(f, REPLAYGAIN)
    f.save()

    run("oggenc", "-Q", "-q", "2", "-o", j("tagged.ogg"), j("stereo.wav"))
    f = OggVorbis(j("tagged.ogg"))
    vorbis_tags(f, REPLAYGAIN)
    f["METADATA_BLOCK_PICTURE"] = [base64.b64encode(picture().write()).decode("ascii")]
    f.save()

    run("opusenc", "--quiet", j("stereo.wav"), j("tagged.opus"))
    f = OggOpus(j("tagged.opus"))
    vorbis_tags(f, {"R128_TRACK_GAIN": ["-1234"], "R128_ALBUM_GAIN": ["512"]})
    f["METADATA_BLOCK_PICTURE"] = [base64.b64encode(picture().write()).decode("ascii")]
    f.save()
    run("opusenc", "--quiet", j("mono48.wav"), j("mono.opus"))

    run("ffmpeg", "-v", "error", "-y", "-i", j("stereo.wav"), "-c:a", "aac", "-b:a", "96k", j("tagged.m4a"))
    f = MP4(j("tagged.m4a"))
    f["\xa9nam"] = ["Süßer Titel"]
    f["\xa9ART"] = ["Ansel Grey", "Zoë Marlowe"]
    f["aART"] = ["Ansel Grey"]
    f["\xa9alb"] = ["Paper Lanterns"]
    f["\xa9wrt"] = ["Comp One", "Comp Two"]
    f["\xa9gen"] = ["Rock", "Jazz"]
    f["\xa9day"] = ["1999-05-14"]
    f["trkn"] = [(3, 12)]
    f["disk"] = [(1, 2)]
    f["cpil"] = True
    f["tmpo"] = [120]
    f["sonm"] = ["Titel, Süßer"]
    f["soar"] = ["Grey, Ansel"]
    f["soal"] = ["Lanterns"]
    f["soaa"] = ["Grey, Ansel"]
    f["soco"] = ["One, Comp"]
    f["\xa9cmt"] = ["A comment"]
    f["\xa9grp"] = ["Group"]
    f["\xa9wrk"] = ["Big Work"]
    f["\xa9mvn"] = ["Allegro"]
    f["\xa9lyr"] = ["Some words"]
    f["covr"] = [MP4Cover(PNG, imageformat=MP4Cover.FORMAT_PNG)]
    free = {
        "MusicBrainz Track Id": [RECORDING], "MusicBrainz Release Track Id": [RELEASE_TRACK],
        "MusicBrainz Album Id": [RELEASE], "MusicBrainz Release Group Id": [RELEASE_GROUP],
        "MusicBrainz Artist Id": ARTISTS, "MusicBrainz Album Artist Id": [ALBUM_ARTIST],
        "MusicBrainz Work Id": [WORK], "ARTISTS": ["Ansel Grey", "Zoë Marlowe"], "CONDUCTOR": ["Con Ductor"],
        "LYRICIST": ["Ly Ricist"], "LABEL": ["Lantern Records"], "CATALOGNUMBER": ["LR-001"],
        "BARCODE": ["0123456789012"], "ISRC": ["GBAAA9900001"], "ORIGINALDATE": ["1998"],
        "replaygain_track_gain": ["-6.54 dB"], "replaygain_track_peak": ["0.988547"],
        "replaygain_album_gain": ["-7.25 dB"], "replaygain_album_peak": ["1.000000"],
    }
    for key, values in free.items():
        f["----:com.apple.iTunes:" + key] = [MP4FreeForm(v.encode("utf-8")) for v in values]
    f.save()
    # The same audio with iTunes' gapless tag: 1024 samples of encoder delay, the source's 145530 samples,
    # and as padding what ffmpeg decodes beyond them (it trims the delay by the edit list, not the padding).
    run("cp", j("tagged.m4a"), j("gapless.m4a"))
    samples = 145530
    decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", j("gapless.m4a"), "-f", "s16le", "-"], check=True,
                             stdout=subprocess.PIPE).stdout
    padding = len(decoded) // 4 - samples
    f = MP4(j("gapless.m4a"))
    f["----:com.apple.iTunes:iTunSMPB"] = [MP4FreeForm(
        (" 00000000 00000400 %08X %016X 00000000 00000000" % (padding, samples)).encode())]
    f.save()
    run("ffmpeg", "-v", "error", "-y", "-i", j("mono24.wav"), "-c:a", "alac", j("alac.m4a"))
    # An MP3 from LAME (an Info frame first) with lyrics: SYLT timed in MPEG frames, then one timed in
    # milliseconds, then USLT, in ID3v2.3's UTF-16 (each string with its byte-order mark). mutagen writes
    # the frames smallest first: the millisecond one is the larger, so it comes second.
    run("lame", "--quiet", j("stereo.wav"), j("synced.mp3"))
    id3 = ID3()
    id3.add(SYLT(encoding=1, lang="eng", format=1, type=1, desc="",
                 text=[("Erste", 0), ("\nZweite ♪", 40), ("Dritte", 90)]))
    id3.add(SYLT(encoding=1, lang="deu", format=2, type=1, desc="milliseconds",
                 text=[("eins", 500), ("zwei", 1500), ("drei", 2000), ("vier", 2500), ("fünf", 3000)]))
    id3.add(USLT(encoding=1, lang="eng", desc="", text="Erste\nZweite ♪\nDritte"))
    id3.update_to_v23()
    id3.save(j("synced.mp3"), v2_version=3)
    # A video with no audio track.
    run("ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=1", "-c:v", "mpeg4",
        j("video.mp4"))
    for name in ("stereo.wav", "mono24.wav", "mono48.wav"):
        os.remove(j(name))


main()
