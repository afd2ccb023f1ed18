#!/usr/bin/python3
"""Makes a synthetic MP3 library for the benchmarks: COUNT files under OUT/ARTIST/ALBUM/, tagged the way
real collections are (ID3v2.3 and v2.4, a few ID3v1-only files, album artists and compilations, track and
disc numbers, years, genres, MusicBrainz ids, some names outside Latin-1, some covers in the file or
beside it), optionally with a library.json catalogue over most of it (Docs/CatalogueFormat.md). With
--full-tags the ID3v2 files also carry the rest of the tag model: several artists and genres, full and
original dates, sort names, composers and credits, labels, ISRCs, lyrics, ReplayGain, and MusicBrainz ids
in the odd spellings taggers write (upper case, braces, no hyphens). Without it the bytes are those of
earlier versions, so benchmark results stay comparable.

The same COUNT and SEED always give the same bytes, so a library made on two machines, or made again,
measures the same. Audio is encoded once into a small pool of clips (sox, then lame) and copied into the
files: encoding every file would take an hour at 10,000 files, and the benchmarks time the index and the
tags, not the music. The pool mixes the three ways an MP3 states its length (LAME Info header on CBR,
Xing header on VBR, no header at all: the reader walks the frames) and four sample formats.

Needs /usr/bin/python3 with python3-mutagen, sox and lame (Scripts/setup-debian installs them).
  Benchmarks/make-library.py --count 10000 --out Benchmarks/out/lib-10000 --seed 1 --json [--full-tags]
"""

import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import uuid
import zlib

try:
    from mutagen.flac import FLAC, Picture
    from mutagen.id3 import (APIC, ID3, TALB, TBPM, TCMP, TCOM, TCON, TDAT, TDOR, TDRC, TIT2, TMCL, TORY, TPE1,
                             TPE2, TPOS, TPUB, TRCK, TSO2, TSOA, TSOP, TSRC, TXXX, TYER, UFID, USLT)
    from mutagen.mp4 import MP4, MP4Cover, MP4FreeForm
    from mutagen.oggopus import OggOpus
    from mutagen.oggvorbis import OggVorbis
except ImportError:
    sys.exit("make-library.py: python3-mutagen is missing (Scripts/setup-debian installs it)")

# Words titles are made of. A few are common on purpose (the benchmarks' default query is "river"), a few
# carry letters outside ASCII so that folding and the full-text index see them.
TITLE_WORDS = [
    "River", "Letter", "Northern", "Running", "Holding", "Untitled", "Zürich", "Mañana", "Light", "Summer",
    "Night", "Morning", "Glass", "Harbour", "Winter", "Paper", "Garden", "Silver", "Echo", "Motorway",
    "Kitchen", "Window", "Lantern", "Orchard", "Static", "Velvet", "Canyon", "Signal", "Tide", "Meadow",
    "Station", "Hollow", "Ember", "Cathedral", "Satellite", "Feather", "Compass", "Island", "Thunder",
    "Café", "Señorita", "Über", "Brûlée", "Fjord", "Søndag", "Łódź", "Ça", "Crème", "Déjà",
]
TITLE_SHAPES = [
    "{a}", "{a} {b}", "The {a}", "{a} of {b}", "{a} and {b}", "{a} ({b} Mix)", "Song for {a}",
    "{a} Again", "Under the {a}", "{a}, {b} and {c}", "{a} in {b}",
]
# Titles, artists and albums written in other scripts: each appears whole, as real collections have them.
OTHER_SCRIPT_TITLES = [
    "夜明けの川", "さよなら東京", "春の手紙", "Москва ночью", "Белая река", "Καλοκαίρι", "Θάλασσα",
    "北方的河", "月光", "밤의 강", "Ήλιος", "Письмо",
]
ARTIST_FIRST = [
    "Aiko", "Mira", "Ansel", "Zoë", "Jonas", "Lena", "Tomás", "Ines", "Ravi", "Noor", "Kasper", "Ada",
    "Felix", "Sunniva", "Matteo", "Yara", "Otto", "Björk", "Émile", "Hana",
]
ARTIST_LAST = [
    "Grey", "Okafor", "Marlowe", "Lindqvist", "Moreau", "Tanaka", "Novak", "Castellanos", "Byrne",
    "Holloway", "Quist", "Adeyemi", "Fontaine", "Kowalski", "Ishikawa",
]
BAND_WORDS = [
    "Rivers", "Lanterns", "Satellites", "Orchards", "Owls", "Tides", "Echoes", "Harbours", "Foxes",
    "Signals", "Meadows", "Embers",
]
BAND_SHAPES = ["The {w}", "The Paper {w}", "{f} & the {w}", "{f} {l} Band", "Northern {w}", "{w} of {l}"]
OTHER_SCRIPT_ARTISTS = ["坂本 花子", "Лунный свет", "Οι Άνεμοι", "王菲菲", "김서연", "Ночной поезд"]
ALBUM_SHAPES = [
    "{a}", "{a} {b}", "The {a} Sessions", "Songs from the {a}", "{a} / {b}", "Live at the {a}",
    "{a} Vol. {n}", "Greatest {a}", "{a} EP",
]
GENRES = [
    "Rock", "Pop", "Jazz", "Electronic", "Folk", "Ambient", "Classical", "Hip-Hop", "Indie", "Soul",
    "Blues", "Metal", "Country", "Reggae", "Post-Rock", "Synthwave",
]
# ID3v1 genre numbers of some of the genres above; v2.3 files sometimes say "(N)" the old way.
ID3V1_GENRES = {"Rock": 17, "Pop": 13, "Jazz": 8, "Electronic": 52, "Folk": 80, "Ambient": 26, "Classical": 32,
                "Hip-Hop": 7, "Soul": 42, "Blues": 0, "Metal": 9, "Country": 2, "Reggae": 16}

# How clips are encoded: (name, lame options, share of the pool). The names say how the length is known.
ENCODINGS = [
    ("info-cbr128", ["-b", "128"], 30),
    ("info-cbr192", ["-b", "192"], 20),
    ("xing-vbr", ["-V", "4"], 30),
    ("xing-vbr-high", ["-V", "2"], 12),
    ("no-header", ["-b", "128", "-t"], 8),
]
# Sample formats: (rate, channels, share).
SAMPLE_FORMATS = [(44100, 2, 70), (48000, 2, 15), (32000, 1, 10), (22050, 2, 5)]


def weighted(rng, choices):
    """One of `choices` (tuples whose last item is a weight)."""
    total = sum(choice[-1] for choice in choices)
    point = rng.uniform(0, total)
    for choice in choices:
        point -= choice[-1]
        if point <= 0:
            return choice
    return choices[-1]


def mbid(rng):
    """A MusicBrainz-shaped id (a version 4 UUID) from the seeded generator."""
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def safe_name(text):
    """A file or folder name for `text`: no slash, no leading dot, not empty."""
    name = text.replace("/", "-").strip().lstrip(".")
    return name or "_"


def png(width, height, colour):
    """A small PNG (a gradient of `colour`), written by hand so that no imaging library is needed."""
    red, green, blue = colour
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter type of the row: none
        for x in range(width):
            shade = (x + y) * 255 // (width + height)
            rows += bytes(((red + shade) % 256, (green + shade // 2) % 256, (blue + 255 - shade) % 256))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def id3v1(title, artist, album, year, track, genre):
    """The 128-byte ID3v1.1 block: Latin-1 fields cut to their widths, track in byte 126."""
    def field(text, width):
        return text.encode("latin-1", "replace")[:width].ljust(width, b"\0")
    return (b"TAG" + field(title, 30) + field(artist, 30) + field(album, 30) + field(str(year or ""), 4)
            + field("", 28) + b"\0" + bytes([min(track or 0, 255)]) + bytes([ID3V1_GENRES.get(genre, 255)]))


class Clip:
    def __init__(self, path, encoding, rate, channels, seconds):
        self.path, self.encoding, self.rate, self.channels, self.seconds = path, encoding, rate, channels, seconds


# The other formats' clips are shorter: a FLAC second is ten MP3 seconds, and the index reads only headers.
FORMAT_SECONDS = {"mp3": (12, 28), "flac": (2, 5), "opus": (12, 28), "ogg": (12, 28), "m4a": (12, 28)}


def encode_other(fmt, wav, out):
    """Encodes `wav` as FLAC, Opus, Vorbis in Ogg or AAC in M4A, as those formats' usual encoders do."""
    if fmt == "flac":
        subprocess.run(["flac", "-s", "-f", "-o", out, wav], check=True)
    elif fmt == "opus":
        subprocess.run(["opusenc", "--quiet", "--serial", "1", "--bitrate", "96", wav, out], check=True)
    elif fmt == "ogg":
        subprocess.run(["oggenc", "--quiet", "--serial", "1", "-q", "4", "-o", out, wav], check=True)
    else:
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", wav, "-c:a", "aac", "-b:a", "128k", "-fflags", "+bitexact",
                        out], check=True)


def make_clips(rng, count, folder, fmt="mp3"):
    """Encodes `count` clips of 12–28 s (FLAC: 2–5 s): a chord with a slow tremolo over quiet pink noise,
    so that the encoder works as hard as on music and VBR frames vary in size."""
    clips = []
    for number in range(count):
        encoding = weighted(rng, ENCODINGS)
        rate, channels, _ = weighted(rng, SAMPLE_FORMATS)
        seconds = rng.randint(*FORMAT_SECONDS[fmt])
        if fmt == "opus":
            rate = 48000  # what opusenc would resample to anyway
        root = rng.choice([110, 131, 147, 165, 196, 220, 247])
        wav = os.path.join(folder, "clip-%d.wav" % number)
        mp3 = os.path.join(folder, "clip-%d-%s.%s" % (number, encoding[0], fmt))
        subprocess.run(
            ["sox", "-R", "-q", "-r", str(rate), "-c", "3", "-n", "-b", "16", "-c", str(channels), wav,
             "synth", str(seconds), "sine", str(root), "sine", str(root * 3 // 2), "pinknoise",
             "remix", "1v0.4,2v0.4,3v0.15", "tremolo", str(rng.choice([2, 3, 5])), "40",
             "fade", "0.3", str(seconds), "0.5", "norm", "-3"],
            check=True)
        if fmt == "mp3":
            subprocess.run(["lame", "--quiet", "--noreplaygain", *encoding[1], wav, mp3], check=True)
        else:
            encode_other(fmt, wav, mp3)
        os.remove(wav)
        clips.append(Clip(mp3, encoding[0], rate, channels, seconds))
    return clips


def title(rng):
    if rng.random() < 0.04:
        return rng.choice(OTHER_SCRIPT_TITLES)
    words = rng.sample(TITLE_WORDS, 3)
    return rng.choice(TITLE_SHAPES).format(a=words[0], b=words[1], c=words[2])


def artist_name(rng, taken):
    while True:
        roll = rng.random()
        if roll < 0.06:
            name = rng.choice(OTHER_SCRIPT_ARTISTS)
        elif roll < 0.55:
            name = "%s %s" % (rng.choice(ARTIST_FIRST), rng.choice(ARTIST_LAST))
        else:
            name = rng.choice(BAND_SHAPES).format(
                w=rng.choice(BAND_WORDS), f=rng.choice(ARTIST_FIRST), l=rng.choice(ARTIST_LAST))
        if name not in taken:
            taken.add(name)
            return name
        if len(taken) > 2000:  # the vocabulary is spent: number the rest
            name = "%s %d" % (name, len(taken))
            taken.add(name)
            return name


def plan(rng, count):
    """The library as albums of songs, before any file is written. Returns a list of album dicts."""
    taken = set()
    artists = []
    albums = []
    planned = 0
    while planned < count:
        artist = {"name": artist_name(rng, taken), "mbid": mbid(rng)}
        artists.append(artist)
        for _ in range(rng.choice([1, 1, 2, 2, 3, 4])):
            if planned >= count:
                break
            compilation = len(artists) > 8 and rng.random() < 0.06
            discs = 2 if rng.random() < 0.08 else 1
            size = min(count - planned, rng.randint(5, 14) * discs)
            words = rng.sample(TITLE_WORDS, 2)
            album = {
                "title": rng.choice(ALBUM_SHAPES).format(a=words[0], b=words[1], n=rng.randint(1, 4)),
                "artist": {"name": "Various Artists", "mbid": "89ad4ac3-39f7-470e-963a-56509c546377"}
                if compilation else artist,
                "compilation": compilation,
                "year": rng.randint(1962, 2025),
                "genre": rng.choice(GENRES),
                "mbid": mbid(rng),
                "cover": "file" if rng.random() < 0.15 else "folder" if rng.random() < 0.3 else None,
                "colour": (rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                "tags": rng.choices(["v2.4", "v2.3", "v1", "v2.3+v1"], weights=[55, 33, 6, 6])[0],
                "encoding": weighted(rng, ENCODINGS)[0],
                "in_catalogue": rng.random() < 0.9,
                "songs": [],
            }
            if rng.random() < 0.1 and not compilation:
                album["title"] = rng.choice(OTHER_SCRIPT_TITLES)
            per_disc = (size + discs - 1) // discs
            for index in range(size):
                disc, track = index // per_disc + 1, index % per_disc + 1
                performer = artist
                if compilation:
                    performer = rng.choice(artists[:-1]) if len(artists) > 1 else artist
                elif rng.random() < 0.03 and len(artists) > 1:
                    performer = rng.choice(artists[:-1])  # a guest on one song of someone else's album
                album["songs"].append({
                    "title": title(rng), "artist": performer, "disc": disc, "track": track,
                    "discs": discs, "tracks": min(per_disc, size - (disc - 1) * per_disc),
                    "recording": mbid(rng), "release_track": mbid(rng), "pick": rng.random(),
                })
            albums.append(album)
            planned += size
    return albums


def odd_mbid(rng, mbid_text):
    """The id as some taggers spell it: upper case, in braces, without hyphens, or as is."""
    form = rng.randrange(4)
    if form == 0:
        return mbid_text.upper()
    if form == 1:
        return "{%s}" % mbid_text
    if form == 2:
        return mbid_text.replace("-", "")
    return mbid_text


def add_full_tags(tags, song, album, v23):
    """The rest of the tag model, from a generator seeded by the song alone so the plan stays the same."""
    rng = random.Random(song["recording"])
    enc = 1 if v23 else 3
    artist = song["artist"]["name"]
    if rng.random() < 0.25:
        guest = "%s %s" % (rng.choice(TITLE_WORDS), rng.choice(["Trio", "Band", "Smith", "Jones"]))
        if v23 or rng.random() < 0.5:
            tags.delall("TPE1")
            tags.add(TPE1(encoding=enc, text="%s feat. %s" % (artist, guest)))
            tags.add(TXXX(encoding=enc, desc="ARTISTS", text=[artist, guest]))
        else:
            tags.delall("TPE1")
            tags.add(TPE1(encoding=enc, text=[artist, guest]))
    if rng.random() < 0.4:
        tags.delall("TCON")
        tags.add(TCON(encoding=enc, text=[album["genre"], rng.choice(GENRES)]))
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    if v23:
        tags.add(TDAT(encoding=0, text="%02d%02d" % (day, month)))
        tags.add(TORY(encoding=0, text=str(album["year"] - rng.randint(0, 5))))
    else:
        tags.delall("TDRC")
        tags.add(TDRC(encoding=0, text="%d-%02d-%02d" % (album["year"], month, day)))
        tags.add(TDOR(encoding=0, text="%d-%02d" % (album["year"] - rng.randint(0, 5), month)))
    tags.add(TSOP(encoding=enc, text=", ".join(reversed(artist.split(" ", 1)))))
    tags.add(TSOA(encoding=enc, text=album["title"].upper()))
    tags.add(TSO2(encoding=enc, text=album["artist"]["name"]))
    tags.add(TCOM(encoding=enc, text=[title(rng) for _ in range(rng.randint(1, 2))]))
    if not v23 and rng.random() < 0.3:
        tags.add(TMCL(encoding=enc, people=[["guitar", artist], ["drums", title(rng)]]))
    tags.add(TPUB(encoding=enc, text="%s Records" % rng.choice(TITLE_WORDS)))
    tags.add(TSRC(encoding=0, text="GB%s%02d%05d" % ("ABC", album["year"] % 100, rng.randrange(100000))))
    tags.add(TBPM(encoding=0, text=str(rng.randint(60, 180))))
    if rng.random() < 0.1:
        tags.add(USLT(encoding=enc, lang="eng", desc="", text="\n".join(title(rng) for _ in range(8))))
    gain, album_gain = rng.uniform(-12, 2), rng.uniform(-12, 2)
    tags.add(TXXX(encoding=0, desc="REPLAYGAIN_TRACK_GAIN", text="%.2f dB" % gain))
    tags.add(TXXX(encoding=0, desc="REPLAYGAIN_TRACK_PEAK", text="%.6f" % rng.uniform(0.5, 1.0)))
    tags.add(TXXX(encoding=0, desc="REPLAYGAIN_ALBUM_GAIN", text="%.2f dB" % album_gain))
    tags.add(TXXX(encoding=0, desc="REPLAYGAIN_ALBUM_PEAK", text="%.6f" % rng.uniform(0.9, 1.0)))
    for frame in tags.getall("TXXX"):
        if frame.desc.startswith("MusicBrainz"):
            frame.text = [odd_mbid(rng, t) for t in frame.text]
    ufid = tags.get("UFID:http://musicbrainz.org")
    if ufid is not None:
        ufid.data = odd_mbid(rng, ufid.data.decode()).encode()


def write_other_tags(path, song, album, cover):
    """The same fields as write_tags, in Vorbis comments (FLAC, Opus) or MP4 atoms, as Picard names them."""
    artist, album_artist = song["artist"], album["artist"]
    fields = {
        "TITLE": song["title"], "ARTIST": artist["name"], "ALBUM": album["title"], "ALBUMARTIST": album_artist["name"],
        "TRACKNUMBER": str(song["track"]), "TRACKTOTAL": str(song["tracks"]), "DATE": str(album["year"]),
        "GENRE": album["genre"],
    }
    if song["discs"] > 1:
        fields.update(DISCNUMBER=str(song["disc"]), DISCTOTAL=str(song["discs"]))
    if album["compilation"]:
        fields["COMPILATION"] = "1"
    if song["pick"] < 0.8:
        fields.update(MUSICBRAINZ_TRACKID=song["recording"], MUSICBRAINZ_ALBUMID=album["mbid"],
                      MUSICBRAINZ_ARTISTID=artist["mbid"], MUSICBRAINZ_ALBUMARTISTID=album_artist["mbid"],
                      MUSICBRAINZ_RELEASETRACKID=song["release_track"])
    if path.endswith(".m4a"):
        tags = MP4(path)
        atoms = {"TITLE": "\xa9nam", "ARTIST": "\xa9ART", "ALBUM": "\xa9alb", "ALBUMARTIST": "aART", "DATE": "\xa9day",
                 "GENRE": "\xa9gen"}
        freeform = {"MUSICBRAINZ_TRACKID": "MusicBrainz Track Id", "MUSICBRAINZ_ALBUMID": "MusicBrainz Album Id",
                    "MUSICBRAINZ_ARTISTID": "MusicBrainz Artist Id",
                    "MUSICBRAINZ_ALBUMARTISTID": "MusicBrainz Album Artist Id",
                    "MUSICBRAINZ_RELEASETRACKID": "MusicBrainz Release Track Id"}
        for key, atom in atoms.items():
            tags[atom] = [fields[key]]
        tags["trkn"] = [(song["track"], song["tracks"])]
        if song["discs"] > 1:
            tags["disk"] = [(song["disc"], song["discs"])]
        if album["compilation"]:
            tags["cpil"] = True
        for key, name in freeform.items():
            if key in fields:
                tags["----:com.apple.iTunes:" + name] = [MP4FreeForm(fields[key].encode())]
        if cover is not None:
            tags["covr"] = [MP4Cover(cover, imageformat=MP4Cover.FORMAT_PNG)]
        tags.save()
        return
    tags = FLAC(path) if path.endswith(".flac") else OggVorbis(path) if path.endswith(".ogg") else OggOpus(path)
    for key, value in fields.items():
        tags[key] = [value]
    if cover is not None:
        picture = Picture()
        picture.type, picture.mime, picture.data = 3, "image/png", cover
        if isinstance(tags, FLAC):
            tags.add_picture(picture)
        else:
            import base64
            tags["METADATA_BLOCK_PICTURE"] = [base64.b64encode(picture.write()).decode("ascii")]
    tags.save()


def write_tags(path, song, album, cover, full=False):
    if not path.endswith(".mp3"):
        write_other_tags(path, song, album, cover)
        return
    kind = album["tags"]
    artist, album_artist = song["artist"], album["artist"]
    if kind == "v1":
        with open(path, "ab") as file:
            file.write(id3v1(song["title"], artist["name"], album["title"], album["year"], song["track"],
                             album["genre"]))
        return
    v23 = kind.startswith("v2.3")
    tags = ID3()
    tags.add(TIT2(encoding=1 if v23 else 3, text=song["title"]))
    tags.add(TPE1(encoding=1 if v23 else 3, text=artist["name"]))
    tags.add(TALB(encoding=1 if v23 else 3, text=album["title"]))
    if album_artist is not artist or song["pick"] < 0.5:
        tags.add(TPE2(encoding=1 if v23 else 3, text=album_artist["name"]))
    number = "%d/%d" % (song["track"], song["tracks"]) if song["pick"] < 0.6 else "%02d" % song["track"]
    tags.add(TRCK(encoding=0, text=number))
    if song["discs"] > 1:
        tags.add(TPOS(encoding=0, text="%d/%d" % (song["disc"], song["discs"])))
    if v23:
        tags.add(TYER(encoding=0, text=str(album["year"])))
    else:
        tags.add(TDRC(encoding=0, text=str(album["year"])))
    genre = album["genre"]
    if v23 and genre in ID3V1_GENRES and song["pick"] < 0.3:
        genre = "(%d)" % ID3V1_GENRES[genre]
    tags.add(TCON(encoding=0, text=genre))
    if album["compilation"]:
        tags.add(TCMP(encoding=0, text="1"))
    if song["pick"] < 0.8:  # most files of a tagged collection carry MusicBrainz ids, not all
        tags.add(UFID(owner="http://musicbrainz.org", data=song["recording"].encode()))
        tags.add(TXXX(encoding=0, desc="MusicBrainz Album Id", text=album["mbid"]))
        tags.add(TXXX(encoding=0, desc="MusicBrainz Artist Id", text=artist["mbid"]))
        tags.add(TXXX(encoding=0, desc="MusicBrainz Album Artist Id", text=album_artist["mbid"]))
        tags.add(TXXX(encoding=0, desc="MusicBrainz Release Track Id", text=song["release_track"]))
    if full:
        add_full_tags(tags, song, album, v23)
    if cover is not None:
        tags.add(APIC(encoding=0, mime="image/png", type=3, desc="", data=cover))
    tags.save(path, v2_version=3 if v23 else 4, v1=2 if kind == "v2.3+v1" else 0, padding=lambda info: 256)


def catalogue(albums):
    """library.json: the albums marked for it, grouped by artist as the format wants. A compilation is
    listed under each performer with "Various Artists" as its album artist, since an entry's artist is
    the artist it is listed under."""
    by_artist = {}
    for album in albums:
        if not album["in_catalogue"]:
            continue
        for song in album["songs"]:
            performer = song["artist"]["name"] if album["compilation"] else album["artist"]["name"]
            listed = by_artist.setdefault(performer, {})
            entry = listed.get(album["folder"])
            if entry is None:
                entry = {"title": album["title"], "year": album["year"], "genre": album["genre"], "songs": []}
                if album["compilation"]:
                    entry["albumArtist"] = album["artist"]["name"]
                if album["cover"] == "folder":
                    entry["image"] = album["folder"] + "/cover"  # no extension: tunes tries .jpg, .jpeg, .png
                listed[album["folder"]] = entry
            # Names without their extension only for MP3: tunes adds ".mp3", and finds others by content.
            bare = song["file"].endswith(".mp3") and song["pick"] >= 0.7
            name = song["file"][: -len(".mp3")] if bare else song["file"]
            item = {"fileName": name, "title": song["title"], "trackNumber": song["track"]}
            if song["discs"] > 1:
                item["discNumber"] = song["disc"]
            if song["pick"] < 0.5:
                item["durationMs"] = song["durationMs"]
            if song["pick"] < 0.4:
                item["recordingMbid"] = song["recording"]
            entry["songs"].append(item)
    return [{"artistName": name, "albums": list(listed.values())} for name, listed in by_artist.items()]


def main():
    parser = argparse.ArgumentParser(description="Make a synthetic MP3 library for tunes' benchmarks.")
    parser.add_argument("--count", type=int, required=True, help="number of MP3 files")
    parser.add_argument("--out", required=True, help="folder to make (absent or empty)")
    parser.add_argument("--seed", type=int, default=1, help="seed: the same seed gives the same bytes (default 1)")
    parser.add_argument("--json", action="store_true", help="also write OUT/library.json, a catalogue of most albums")
    parser.add_argument("--clips", type=int, default=48, help="distinct encoded clips the files share (default 48)")
    parser.add_argument("--full-tags", action="store_true",
                        help="ID3v2 files carry every field of the tag model (several artists, full dates, ReplayGain...)")
    parser.add_argument("--format", choices=["mp3", "flac", "ogg", "opus", "m4a"], default="mp3",
                        help="the files' format (default mp3); others are tagged with the same fields")
    options = parser.parse_args()
    if options.count < 1:
        parser.error("--count must be at least 1")
    if os.path.exists(options.out) and (not os.path.isdir(options.out) or os.listdir(options.out)):
        parser.error("%s exists and is not an empty folder" % options.out)
    for tool in ("sox", {"mp3": "lame", "flac": "flac", "ogg": "oggenc", "opus": "opusenc", "m4a": "ffmpeg"}[options.format]):
        if shutil.which(tool) is None:
            sys.exit("make-library.py: %s is missing (Scripts/setup-debian installs it)" % tool)

    rng = random.Random(options.seed)
    albums = plan(rng, options.count)
    os.makedirs(options.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tunes-clips-") as work:
        clips = make_clips(random.Random(options.seed * 7919 + 1), max(1, min(options.clips, options.count)), work,
                           options.format)
        clips_by_encoding = {}
        for clip in clips:
            clips_by_encoding.setdefault(clip.encoding, []).append(clip)
        folders = set()
        for album in albums:
            folder = "%s/%s" % (safe_name(album["artist"]["name"]), safe_name(album["title"]))
            while folder in folders:  # two albums of one artist with the same title
                folder += " (2)"
            folders.add(folder)
            album["folder"] = folder
            os.makedirs(os.path.join(options.out, folder))
            cover = png(96, 96, album["colour"]) if album["cover"] else None
            if album["cover"] == "folder":
                with open(os.path.join(options.out, folder, "cover.png"), "wb") as file:
                    file.write(cover)
            # An album is encoded one way, as a ripped CD is; the pool may lack that way for small counts.
            pool = (clips_by_encoding.get(album["encoding"]) if options.format == "mp3" else None) or clips
            for song in album["songs"]:
                clip = pool[int(song["pick"] * 1_000_003) % len(pool)]
                prefix = "%d-%02d" % (song["disc"], song["track"]) if song["discs"] > 1 else "%02d" % song["track"]
                song["file"] = "%s/%s %s.%s" % (folder, prefix, safe_name(song["title"]), options.format)
                song["durationMs"] = clip.seconds * 1000
                path = os.path.join(options.out, song["file"])
                shutil.copyfile(clip.path, path)
                write_tags(path, song, album, cover if album["cover"] == "file" else None, options.full_tags)
    if options.json:
        with open(os.path.join(options.out, "library.json"), "w", encoding="utf-8") as file:
            json.dump(catalogue(albums), file, ensure_ascii=False, indent=1)
            file.write("\n")
    songs = sum(len(album["songs"]) for album in albums)
    print("made %d files on %d albums in %s%s" % (songs, len(albums), options.out,
                                                   " with library.json" if options.json else ""))


if __name__ == "__main__":
    main()
