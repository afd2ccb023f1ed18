# Builds the bundled sample library: synthesized songs with spoken titles, their tags, the catalogue,
# the playlist, a cover and one broken file. Run through make-sample-library.sh (needs sox, lame,
# espeak-ng and /usr/bin/python3 with mutagen). Same tools, same bytes: nothing here is random.
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import uuid

from mutagen.flac import FLAC
from mutagen.id3 import (ID3, TALB, TCMP, TCON, TDRC, TIT2, TPE1, TPE2, TPOS, TRCK, TXXX, TYER, UFID)
from mutagen.mp4 import MP4, MP4FreeForm
from mutagen.oggopus import OggOpus

# MARK: what the library holds

# Album-level facts; `tags` names how the files are tagged, `encode` the lame settings,
# `catalogue` whether library.json lists the album.
ALBUMS = [
    dict(folder="Zoë Marlowe/Late Night Kitchen", artist="Zoë Marlowe", album="Late Night Kitchen",
         year=2021, genre="Jazz", tags="v2.3-utf16", rate=44100, channels=2, encode=["-b", "96"],
         catalogue=True, cover=True, root=48, minor=False, tempo=92,
         tracks=[
             dict(n=1, title="Café Blues", seconds=12),
             # The tags carry a working title; the catalogue names it (the catalogue wins).
             dict(n=2, title="Untitled Sketch 2", catalogue_title="Crème Brûlée Waltz", seconds=10),
             dict(n=3, title="Señorita Rain", seconds=14),
             dict(n=4, title="Über the Bridge", seconds=9),
         ]),
    dict(folder="Zoë Marlowe/Small Hours", artist="Zoë Marlowe", album="Small Hours",
         year=2023, genre="Jazz", tags="v2.4-utf8", rate=44100, channels=2, encode=["-V", "7"],
         catalogue=True, root=45, minor=True, tempo=76, track_style="plain",
         tracks=[
             dict(n=1, title="Nocturne for Kettle", seconds=8),
             dict(n=2, title="Äpfel im Schnee", seconds=11),
             dict(n=3, title="3 a.m. Radio", seconds=6),
             # Listed in the catalogue, never written: the catalogue names a missing file.
             dict(n=4, title="The Lost Take", seconds=0, missing=True),
         ]),
    dict(folder="The Paper Lanterns/Harbour Lights", artist="The Paper Lanterns", album="Harbour Lights",
         year=2019, genre="Folk", tags="v2.4-utf8", rate=32000, channels=1, encode=["-b", "48"],
         catalogue=True, musicbrainz=True, root=43, minor=False, tempo=104,
         tracks=[
             dict(n=1, title="Lanterns on the Water", seconds=13),
             dict(n=2, title="Fog Horn Lullaby", seconds=9),
             dict(n=3, title="North Pier", seconds=11),
             dict(n=4, title="Harbour Lights", seconds=15),
             # On disc but not in the catalogue: only the filesystem scan finds it.
             dict(n=5, title="Lantern Reprise", seconds=5, scan_only=True),
         ]),
    dict(folder="The Paper Lanterns/Two Rooms", artist="The Paper Lanterns", album="Two Rooms",
         year=2020, genre="Folk", tags="v2.3-utf16", rate=44100, channels=2, encode=["-b", "64"],
         catalogue=True, root=50, minor=True, tempo=84,
         tracks=[
             dict(disc=1, n=1, title="Front Room", seconds=8),
             dict(disc=1, n=2, title="Window Seat", seconds=10),
             dict(disc=2, n=1, title="Back Room", seconds=9),
             dict(disc=2, n=2, title="Stairwell Echo", seconds=12),
         ]),
    dict(folder="Ansel Grey/Field Notes", artist="Ansel Grey", album="Field Notes",
         year=2018, genre="(26)", tags="v2.3-utf16", rate=44100, channels=2, encode=["-b", "80"],
         catalogue=False, root=41, minor=True, tempo=66,
         tracks=[
             dict(n=1, title="Morning Static", seconds=10),
             # No Info/Xing header: the length is known only by walking every frame.
             dict(n=2, title="Birch Road", seconds=20, encode_extra=["-t"]),
             # ID3v1.1 only: Latin-1, 30 bytes a field, genre 26 (Ambient), track in the comment.
             dict(n=3, title="Cold Frame", seconds=7, tags="v1-only"),
         ]),
    dict(folder="Various Artists/Sunday Sampler", artist="Various Artists", album="Sunday Sampler",
         year=2024, genre="Pop", tags="v2.4-utf8", rate=44100, channels=2, encode=["-V", "6"],
         catalogue=False, compilation=True, root=52, minor=False, tempo=112,
         tracks=[
             dict(n=1, title="Paper Boats", artist="Mira Okafor", seconds=10),
             dict(n=2, title="Tea for Later", artist="Zoë Marlowe", seconds=8),
             dict(n=3, title="Quiet Engine", artist="Ansel Grey", seconds=9),
         ]),
]

# The formats other than MP3, each with its quirk; `format` names how the track is encoded and tagged
# (see write_format_track). Not in the catalogue: the filesystem scan finds them by their content.
ALBUMS.append(
    dict(folder="Mira Okafor/Other Formats", artist="Mira Okafor", album="Other Formats",
         year=2025, genre="Electronic", rate=48000, channels=2, catalogue=False, root=47, minor=False, tempo=120,
         tracks=[
             dict(n=1, title="Deep Lossless", seconds=6, format="flac24"),
             dict(n=2, title="Mono Opus", seconds=5, format="opus-mono"),
             dict(n=3, title="Gapless Apple", seconds=6, format="m4a-gapless"),
             dict(n=4, title="Two Tags", seconds=5, format="flac-id3"),
         ]))

PLAYLIST = [  # (album folder, disc, track number) in play order
    ("Zoë Marlowe/Late Night Kitchen", None, 1),
    ("The Paper Lanterns/Harbour Lights", None, 3),
    ("Various Artists/Sunday Sampler", None, 1),
    ("The Paper Lanterns/Two Rooms", 2, 2),
    ("Ansel Grey/Field Notes", None, 2),
]

GENERATED = ["Zoë Marlowe", "The Paper Lanterns", "Ansel Grey", "Various Artists", "Mira Okafor", "Broken", "Playlists",
             "library.json"]

# MARK: naming


def file_stem(track):
    if "disc" in track:
        return f"{track['disc']}-{track['n']:02d} {track['title']}"
    return f"{track['n']:02d} {track['title']}"


def track_artist(album, track):
    return track.get("artist", album["artist"])


def mbid(kind, name):
    """A stable, well-formed MusicBrainz-style id; these do not exist in MusicBrainz."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"tunes-sample:{kind}:{name}"))


def run(*args):
    subprocess.run(list(args), check=True, stdout=subprocess.DEVNULL)


# MARK: audio

MAJOR = [0, 2, 4, 5, 7, 9, 11]
MINOR = [0, 2, 3, 5, 7, 8, 10]


def note_name(midi):
    return "%" + str(midi - 69)  # sox: %N is N semitones from A4


class Synth:
    """Music-like audio from sox: a strummed pluck chord per bar and a triangle melody over it.
    Identical (kind, pitches, length, rate) pieces are made once and reused."""

    def __init__(self, work):
        self.work = work
        self.cache = {}

    def piece(self, key, args):
        if key not in self.cache:
            path = os.path.join(self.work, f"piece-{len(self.cache)}.wav")
            run("sox", "-R", "-n", "-r", str(key[-1]), "-b", "16", path, *args)
            self.cache[key] = path
        return self.cache[key]

    def chord(self, notes, seconds, rate):
        strum = [f"{0.035 * i:.3f}" for i in range(len(notes))]
        args = ["synth", f"{seconds}"]
        for n in notes:
            args += ["pl", note_name(n)]
        args += ["delay", *strum, "remix", "-", "fade", "q", "0", f"{seconds}", "0.15", "gain", "-8"]
        return self.piece(("chord", tuple(notes), seconds, rate), args)

    def note(self, midi, seconds, rate):
        if midi is None:
            return self.piece(("rest", seconds, rate), ["trim", "0", f"{seconds}"])
        args = ["synth", f"{seconds}", "triangle", note_name(midi), "fade", "h", "0.01", f"{seconds}",
                f"{seconds * 0.4:.3f}", "gain", "-14"]
        return self.piece(("note", midi, seconds, rate), args)

    def song(self, album, track, out):
        final = self.render(album, track)
        run("lame", "--quiet", "--resample", str(album["rate"] / 1000), *album["encode"],
            *track.get("encode_extra", []), final, out)

    def render(self, album, track):
        """The song as WAV at the album's rate and channels, ready to encode."""
        rate = album["rate"]
        beat = round(60 / album["tempo"], 3)
        bar = round(beat * 4, 3)
        scale = MINOR if album["minor"] else MAJOR
        root = album["root"]
        # Each song gets its own progression and melody, derived from its title.
        digest = hashlib.sha256(track["title"].encode()).digest()
        progressions = [[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 0, 4], [5, 3, 0, 4]]
        progression = progressions[digest[0] % 4]
        bars = max(2, int(-(-track["seconds"] // bar)))
        chords, melody = [], []
        for b in range(bars):
            degree = progression[b % 4]
            triad = [root + scale[(degree + k) % 7] + 12 * ((degree + k) // 7) for k in (0, 2, 4)]
            chords.append(self.chord(triad + [triad[0] + 12], bar, rate))
            for i in range(4):
                d = digest[(b * 4 + i) % len(digest)]
                if d % 5 == 0:
                    melody.append(self.note(None, beat, rate))
                else:
                    step = (degree + d % 5) % 7
                    melody.append(self.note(root + 24 + scale[step], beat, rate))
        music = os.path.join(self.work, "music.wav")
        tune = os.path.join(self.work, "tune.wav")
        run("sox", "-R", *chords, os.path.join(self.work, "chords.wav"))
        run("sox", "-R", *melody, tune)
        run("sox", "-R", "-m", os.path.join(self.work, "chords.wav"), tune, music,
            "trim", "0", str(track["seconds"]), "fade", "t", "0.05", str(track["seconds"]), "1.5")
        # The spoken title, resampled to the song's format and laid over its first seconds.
        speech = os.path.join(self.work, "speech.wav")
        voice = os.path.join(self.work, "voice.wav")
        run("espeak-ng", "-v", "en", "-s", "160", "-w", speech,
            f"{track['title']}. {track_artist(album, track)}.")
        run("sox", "-R", speech, "-r", str(rate), "-c", "1", "-b", "16", voice)
        mixed = os.path.join(self.work, "mixed.wav")
        run("sox", "-R", "-m", "-v", "0.9", voice, "-v", "0.7", music, mixed, "norm", "-1")
        final = os.path.join(self.work, "final.wav")
        run("sox", "-R", mixed, "-c", str(album["channels"]), final)
        return final


# MARK: tags


def write_id3v2(album, track, path):
    utf8 = album["tags"] == "v2.4-utf8"
    enc = 3 if utf8 else 1
    tags = ID3()
    artist = track_artist(album, track)
    tags.add(TIT2(encoding=enc, text=track["title"]))
    tags.add(TPE1(encoding=enc, text=artist))
    tags.add(TALB(encoding=enc, text=album["album"]))
    tags.add(TCON(encoding=enc, text=album["genre"]))
    year = str(album["year"])
    tags.add(TDRC(encoding=enc, text=year) if utf8 else TYER(encoding=enc, text=year))  # v2.4 / v2.3 frames
    total = sum(1 for t in album["tracks"] if t.get("disc") == track.get("disc") and not t.get("missing"))
    if album.get("track_style") == "plain":
        number = str(track["n"]) if track["n"] % 2 else f"{track['n']:02d}"
    else:
        number = f"{track['n']}/{total}"
    tags.add(TRCK(encoding=enc, text=number))
    if "disc" in track:
        tags.add(TPOS(encoding=enc, text=f"{track['disc']}/2"))
    if album.get("compilation"):
        tags.add(TPE2(encoding=enc, text="Various Artists"))
        tags.add(TCMP(encoding=enc, text="1"))
    if album.get("musicbrainz"):
        recording = mbid("recording", track["title"])
        tags.add(UFID(owner="http://musicbrainz.org", data=recording.encode()))
        for desc, value in [("MusicBrainz Album Id", mbid("release", album["album"])),
                            ("MusicBrainz Artist Id", mbid("artist", artist)),
                            ("MusicBrainz Album Artist Id", mbid("artist", album["artist"])),
                            ("MusicBrainz Release Track Id", mbid("track", track["title"]))]:
            tags.add(TXXX(encoding=enc, desc=desc, text=value))
    tags.save(path, v1=0, v2_version=4 if utf8 else 3, padding=lambda info: 256)


def write_id3v1(album, track, path):
    def field(text, size):
        return text.encode("latin-1")[:size].ljust(size, b"\0")

    tag = (b"TAG" + field(track["title"], 30) + field(track_artist(album, track), 30)
           + field(album["album"], 30) + field(str(album["year"]), 4) + field("", 28)
           + bytes([0, track["n"], 26]))
    assert len(tag) == 128
    with open(path, "ab") as f:
        f.write(tag)


# MARK: cover art


def tiny_jpeg(colours, comment):
    """A 16x16 baseline JPEG made of four flat 8x8 blocks (DC coefficients only, 4:4:4).
    Its Huffman tables hold just the codes used: 12 DC categories and the end-of-block code."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body

    out = b"\xFF\xD8"
    out += segment(0xE0, b"JFIF\0\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    out += segment(0xFE, comment.encode())
    out += segment(0xDB, bytes([0, 8] + [1] * 63))
    out += segment(0xC0, bytes([8, 0, 16, 0, 16, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))
    dc_counts = [0, 0, 0, 12] + [0] * 12
    ac_counts = [1] + [0] * 15
    out += segment(0xC4, bytes([0x00] + dc_counts + list(range(12))))
    out += segment(0xC4, bytes([0x10] + ac_counts + [0]))
    out += segment(0xDA, bytes([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]))
    bits = []
    previous = [0, 0, 0]
    for r, g, b in colours:  # blocks in raster order
        y = 0.299 * r + 0.587 * g + 0.114 * b
        cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
        cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
        for c, value in enumerate((y, cb, cr)):
            dc = round(value - 128)  # DC = 8 * (value - 128), quantised by 8
            diff = dc - previous[c]
            previous[c] = dc
            category = abs(diff).bit_length()
            bits += [int(x) for x in format(category, "04b")]
            if category:
                raw = diff if diff > 0 else diff + (1 << category) - 1
                bits += [int(x) for x in format(raw, f"0{category}b")]
            bits.append(0)  # end of block: every AC coefficient is zero
    bits += [1] * (-len(bits) % 8)
    data = bytearray()
    for i in range(0, len(bits), 8):
        byte = int("".join(map(str, bits[i:i + 8])), 2)
        data.append(byte)
        if byte == 0xFF:
            data.append(0)
    return out + bytes(data) + b"\xFF\xD9"


# MARK: catalogue and playlist


def catalogue_text(albums):
    """library.json with the quirks of hand-written catalogues: a comment, trailing commas,
    file names without extension (one with), optional fields on some entries."""
    lines = ["// The catalogue of the tunes sample library (written by make-sample-library.sh).", "["]
    by_artist = {}
    for album in albums:
        if album["catalogue"]:
            by_artist.setdefault(album["artist"], []).append(album)
    for artist, artist_albums in by_artist.items():
        lines.append("  {")
        lines.append(f'    "artistName": "{artist}",')
        lines.append('    "albums": [')
        for album in artist_albums:
            lines.append("      {")
            lines.append(f'        "title": "{album["album"]}",')
            if album.get("cover"):
                lines.append(f'        "image": "{album["folder"]}/cover",')
            lines.append(f'        "year": {album["year"]},')
            lines.append('        "songs": [')
            for i, track in enumerate(t for t in album["tracks"] if not t.get("scan_only")):
                name = f'{album["folder"]}/{file_stem(track)}'
                if i == 1:
                    name += ".mp3"  # some catalogues do carry the extension
                entry = f'"title": "{track.get("catalogue_title", track["title"])}", "fileName": "{name}"'
                if "disc" in track:
                    entry += f', "discNumber": {track["disc"]}, "trackNumber": {track["n"]}'
                if album.get("musicbrainz") and track["n"] == 1:
                    entry += f', "recordingMbid": "{mbid("recording", track["title"])}"'
                lines.append(f"          {{ {entry}, }},")
            lines.append("        ],")
            lines.append("      },")
        lines.append("    ],")
        lines.append("  },")
    lines.append("]")
    return "\n".join(lines) + "\n"


def playlist_text(albums, lengths):
    lines = ["#EXTM3U", "#PLAYLIST:Road Trip"]
    for folder, disc, n in PLAYLIST:
        album = next(a for a in albums if a["folder"] == folder)
        track = next(t for t in album["tracks"] if t["n"] == n and t.get("disc") == disc)
        path = f'{folder}/{file_stem(track)}.mp3'
        lines.append(f'#EXTINF:{round(lengths[path])},{track_artist(album, track)} - {track["title"]}')
        lines.append(f"../{path}")
    return "\n".join(lines) + "\n"


def write_format_track(synth, album, track, path):
    """Encodes and tags one track of the other formats, each with its quirk."""
    final = synth.render(album, track)
    kind = track["format"]
    samples = album["rate"] * track["seconds"]
    tags = {"TITLE": track["title"], "ARTIST": album["artist"], "ALBUM": album["album"],
            "DATE": str(album["year"]), "GENRE": album["genre"], "TRACKNUMBER": str(track["n"]),
            "TRACKTOTAL": str(len(album["tracks"]))}
    if kind in ("flac24", "flac-id3"):
        wav = final
        if kind == "flac24":  # 24-bit: the bit depth the index reports and the decoder must keep
            wav = os.path.join(synth.work, "deep.wav")
            run("sox", "-R", final, "-b", "24", "-t", "wavpcm", wav)
        run("flac", "-s", "-f", "--no-seektable" if kind == "flac-id3" else "-8", "-o", path, wav)
        f = FLAC(path)
        for key, value in tags.items():
            f[key] = [value]
        f.save()
        if kind == "flac-id3":  # an ID3v2 tag in front of fLaC, as some taggers write
            id3 = ID3()
            id3.add(TIT2(encoding=3, text=["Two Tags (ID3)"]))
            id3.add(TXXX(encoding=3, desc="comment", text=["the Vorbis comment wins"]))
            id3.save(path, v2_version=4)
    elif kind == "opus-mono":
        mono = os.path.join(synth.work, "mono.wav")
        run("sox", "-R", final, "-c", "1", mono)
        run("opusenc", "--quiet", "--serial", "1", "--bitrate", "48", mono, path)  # a fixed serial: same bytes each run
        f = OggOpus(path)
        for key, value in tags.items():
            f[key] = [value]
        f["R128_TRACK_GAIN"] = ["-512"]
        f.save()
    elif kind == "m4a-gapless":
        run("ffmpeg", "-v", "error", "-y", "-i", final, "-c:a", "aac", "-b:a", "96k", "-fflags", "+bitexact",
            "-map_metadata", "-1", path)
        decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "s16le", "-"], check=True,
                                 stdout=subprocess.PIPE).stdout
        f = MP4(path)
        f["\xa9nam"] = [track["title"]]
        f["\xa9ART"] = [album["artist"]]
        f["\xa9alb"] = [album["album"]]
        f["\xa9day"] = [str(album["year"])]
        f["\xa9gen"] = [album["genre"]]
        f["trkn"] = [(track["n"], len(album["tracks"]))]
        # iTunes' gapless tag: 1024 samples of delay, the padding ffmpeg leaves, the source's length.
        padding = len(decoded) // (2 * album["channels"]) - samples
        f["----:com.apple.iTunes:iTunSMPB"] = [MP4FreeForm(
            (" 00000000 00000400 %08X %016X 00000000 00000000" % (padding, samples)).encode())]
        f.save()


# MARK: main


def main():
    out = os.path.abspath(sys.argv[1])
    for name in GENERATED:
        target = os.path.join(out, name)
        if os.path.isdir(target):
            shutil.rmtree(target)
        elif os.path.exists(target):
            os.remove(target)
    lengths = {}
    with tempfile.TemporaryDirectory(prefix="tunes-sample-") as work:
        synth = Synth(work)
        for album in ALBUMS:
            folder = os.path.join(out, album["folder"])
            os.makedirs(folder, exist_ok=True)
            for track in album["tracks"]:
                if track.get("missing"):
                    continue
                if "format" in track:
                    extension = {"flac24": "flac", "flac-id3": "flac", "opus-mono": "opus", "m4a-gapless": "m4a"}
                    relative = f'{album["folder"]}/{file_stem(track)}.{extension[track["format"]]}'
                    print(f"  {relative}", flush=True)
                    write_format_track(synth, album, track, os.path.join(out, relative))
                    lengths[relative] = track["seconds"]
                    continue
                relative = f'{album["folder"]}/{file_stem(track)}.mp3'
                path = os.path.join(out, relative)
                print(f"  {relative}", flush=True)
                synth.song(album, track, path)
                lengths[relative] = track["seconds"]
                if track.get("tags", album["tags"]) == "v1-only":
                    write_id3v1(album, track, path)
                else:
                    write_id3v2(album, track, path)
            if album.get("cover"):
                with open(os.path.join(folder, "cover.jpg"), "wb") as f:
                    f.write(tiny_jpeg([(200, 120, 40), (90, 40, 20), (30, 30, 60), (240, 220, 180)],
                                      f"{album['artist']} - {album['album']}"))
    os.makedirs(os.path.join(out, "Broken"))
    with open(os.path.join(out, "Broken", "not-really.mp3"), "w") as f:
        f.write("Not an MP3: a text file with an .mp3 name, so that indexing the sample library\n"
                "has exactly one file to report and skip.\n")
    with open(os.path.join(out, "library.json"), "w") as f:
        f.write(catalogue_text(ALBUMS))
    os.makedirs(os.path.join(out, "Playlists"))
    with open(os.path.join(out, "Playlists", "road-trip.m3u8"), "w") as f:
        f.write(playlist_text(ALBUMS, lengths))


if __name__ == "__main__":
    main()
