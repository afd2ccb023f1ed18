#!/usr/bin/env python3
"""The MPD differential test: tunes' MPD server against a private real mpd, reply by reply.

Both servers get the same generated music folder (a case's "# library: NAME" line picks one of
LIBRARIES) and the same protocol scripts (cases/*.mpd); each
reply is normalised only where the protocol lets two honest servers differ (queue ids, the queue
version's starting point, timing) and where Docs/MPDDifferences.md lists an intended difference, then
the two replies must be equal. mpd is the oracle: a case that tunes answers differently fails.

Cases that tunes does not match yet are listed in the "Not yet matched" table of
Docs/MPDDifferences.md, and cases where tunes answers otherwise on purpose in its "Different on purpose"
table: both run, and fail the test if they start to match (so the lists stay true).

    Tests/MPDDifferential/run.py [--tunes PATH] [--case NAME] [--keep] [--verbose]

Needs Debian's mpd, sox, lame, flac, oggenc, opusenc and ffmpeg (Scripts/setup-debian installs them). The last line it prints is
"mpd-differential: N passed, N failed".

Hand-written rather than built on a client library on purpose: a client library parses replies into
dicts and would hide exactly what this compares (order, repeated keys, the exact ACK text).
"""

import argparse
import difflib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DIFFERENCES = os.path.join(REPO, "Docs", "MPDDifferences.md")

# The generated library: (folder/file, title, artist, album, track, year, genre, seconds).
# Several top-level folders so both servers see the same music root; short 8 kHz mono songs so song ends
# come quickly in real time.
SONGS = [
    ("Ansel Grey/First Light/01 Dawn.mp3", "Dawn", "Ansel Grey", "First Light", 1, 2001, "Rock", 2),
    ("Ansel Grey/First Light/02 Noon.mp3", "Noon", "Ansel Grey", "First Light", 2, 2001, "Rock", 3),
    ("Ansel Grey/First Light/03 Dusk.mp3", "Dusk", "Ansel Grey", "First Light", 3, 2001, "Rock", 2),
    ("Ansel Grey/Second Wind/01 Gale.mp3", "Gale", "Ansel Grey", "Second Wind", 1, 2004, "Folk", 3),
    ("Ansel Grey/Second Wind/02 Calm.mp3", "Calm", "Ansel Grey", "Second Wind", 2, 2004, "Folk", 2),
    ("Zoë Varga/Café Nights/01 Été.mp3", "Été", "Zoë Varga", "Café Nights", 1, 1999, "Jazz", 2),
    ("Zoë Varga/Café Nights/02 Blue Hour.mp3", "Blue Hour", "Zoë Varga", "Café Nights", 2, 1999, "Jazz", 3),
    ("Zoë Varga/Café Nights/03 après.mp3", "après", "Zoë Varga", "Café Nights", 3, 1999, "Jazz", 2),
    # A folder where MPD's listing order shows: its songs (by bytes) before its sub-folders (collated, so
    # "alpha" < "Bob" < "Élan", where bytes would put "Bob" first and "Élan" last).
    ("Order/Intro.mp3", "Intro", "Ansel Grey", "Order", 1, 2001, "Rock", 2),
    ("Order/après.mp3", "Après", "Ansel Grey", "Order", 2, 2001, "Rock", 2),
    ("Order/Bob/b.mp3", "Bee", "Ansel Grey", "Order", 3, 2001, "Rock", 2),
    ("Order/alpha/a.mp3", "Ay", "Ansel Grey", "Order", 4, 2001, "Rock", 2),
    ("Order/Élan/e.mp3", "Ee", "Ansel Grey", "Order", 5, 2001, "Rock", 2),
]

# A second library for cases that begin with "# library: several-values": songs whose ID3v2.4 frames hold
# several values (two artists, two genres), and one without an album artist, which MPD reads through its
# fallback to the artist. (folder/file, {frame: [values]}, seconds). Separate so that the first library's
# `list`, `stats` and listings stay what the other cases expect.
SEVERAL_VALUES = [
    ("Duo/01 Both.mp3", {"TIT2": ["Both"], "TPE1": ["Anna Berg", "Ben Cole"], "TPE2": ["Anna Berg"], "TALB": ["Duets"],
                         "TRCK": ["1"], "TDRC": ["2010"], "TCON": ["Jazz", "Soul"]}, 2),
    ("Duo/02 One.mp3", {"TIT2": ["One"], "TPE1": ["Anna Berg"], "TPE2": ["Anna Berg"], "TALB": ["Duets"], "TRCK": ["2"],
                        "TDRC": ["2010"], "TCON": ["Jazz"]}, 2),
    ("Cleo Dunn/Solo/03 Other.mp3", {"TIT2": ["Other"], "TPE1": ["Ben Cole", "Cleo Dunn"], "TALB": ["Solo"], "TRCK": ["1"],
                          "TDRC": ["2012"], "TCON": ["Folk", "Jazz"]}, 3),
    ("Cleo Dunn/Solo/04 Plain.mp3", {"TIT2": ["Plain"], "TPE1": ["Cleo Dunn"], "TALB": ["Solo"], "TRCK": ["2"], "TDRC": ["2012"]}, 2),
]

# Status and song fields that carry time, so differ between any two runs of one server.
TIMING_KEYS = {"elapsed", "time", "bitrate", "uptime", "playtime", "db_update", "updating_db", "audio"}
DECODER_KEYS = {"audio", "bitrate"}  # dropped unless compared: present only once a decoder has started
ID_KEYS = {"Id", "songid", "nextsongid"}


class Differences:
    """The tables of Docs/MPDDifferences.md: intended differences, cases not yet matched and cases that
    differ on purpose."""

    def __init__(self, path):
        self.ignored = []  # (command or "*", key or "ACK") pairs
        self.pending = {}  # case name -> what differs
        self.deliberate = {}  # case name -> why it differs
        table = None
        with open(path, encoding="utf-8") as doc:
            for line in doc:
                if line.startswith("## "):
                    table = {"## Intended differences": "intended", "## Not yet matched": "pending",
                             "## Different on purpose": "deliberate"}.get(line.strip())
                    continue
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                cells[0] = cells[0].strip("`")
                if table is None or not line.startswith("|") or len(cells) < 2 or set(cells[0]) <= {"-", " "}:
                    continue
                if cells[0] in ("command", "case"):
                    continue
                if table == "intended":
                    self.ignored.append((cells[0], cells[1].strip("`")))
                elif table == "deliberate":
                    self.deliberate[cells[0]] = cells[1]
                else:
                    self.pending[cells[0]] = cells[1]

    def ignores(self, command, key):
        return any(c in ("*", command) and k == key for c, k in self.ignored)


class Connection:
    """One MPD protocol connection, reading replies line by line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(15)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        greeting = self.file.readline().decode()
        if not greeting.startswith("OK MPD "):
            raise RuntimeError(f"{path}: greeting {greeting!r}")

    def send(self, line):
        self.file.write(line.encode() + b"\n")
        self.file.flush()

    def read(self):
        lines = []
        while True:
            raw = self.file.readline()
            if not raw:
                lines.append("<connection closed>")
                return lines
            if raw.startswith(b"binary: "):
                size = int(raw[8:])
                lines.append(raw.decode().rstrip("\n"))
                data = self.file.read(size + 1)
                lines.append(f"<{len(data) - 1} bytes>")
                continue
            line = raw.decode("utf-8", "replace").rstrip("\n")
            lines.append(line)
            if line == "OK" or line.startswith("ACK "):
                return lines

    def command(self, line):
        self.send(line)
        return self.read()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def wait_for_socket(path, process, what, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() not in (None, 0):
            raise RuntimeError(f"{what} exited with {process.returncode} before its socket appeared")
        if os.path.exists(path):
            try:
                Connection(path).close()
                return
            except OSError:
                pass
        time.sleep(0.05)
    raise RuntimeError(f"{what}: no socket at {path} after {seconds} s")


def make_library(music):
    wavs = {}
    for relative, title, artist, album, track, year, genre, seconds in SONGS:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        wav = wavs.get(seconds)
        if wav is None:
            wav = os.path.join(music, f"..{os.sep}tone-{seconds}.wav")
            subprocess.run(["sox", "-n", "-r", "8000", "-c", "1", wav, "synth", str(seconds), "sine", "440"], check=True)
            wavs[seconds] = wav
        subprocess.run(
            ["lame", "--quiet", "--tv", f"TPE2={artist}", "--tt", title, "--ta", artist, "--tl", album, "--tn", str(track), "--ty", str(year),
             "--tg", genre, wav, path],
            check=True)
    # One fixed modification time, so Last-Modified lines compare equal and do not depend on the clock.
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


def id3v24(frames):
    """An ID3v2.4 tag of UTF-8 text frames, several values each separated by NUL as the standard says.
    Written here because lame writes one value per frame and the Python on PATH may lack mutagen."""
    def syncsafe(n):
        return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])
    body = b""
    for frame, values in frames.items():
        # "TXXX:DESC" is a user text frame: its description, then the values.
        frame, _, description = frame.partition(":")
        prefix = (description + "\x00").encode("utf-8") if frame == "TXXX" else b""
        data = b"\x03" + prefix + "\x00".join(values).encode("utf-8")
        body += frame.encode("ascii") + syncsafe(len(data)) + b"\x00\x00" + data
    return b"ID3\x04\x00\x00" + syncsafe(len(body)) + body


# A library for cases that begin with "# library: credits": a song credited as Picard tags a guest (TPE1
# "A feat. B", TXXX:ARTISTS the two names), beside a song of one of them alone.
CREDITS = [
    ("Guests/01 Paper Lanterns.mp3", {"TIT2": ["Paper Lanterns"], "TPE1": ["Zoë Marlowe feat. Kenji Tanaka"],
                                      "TXXX:ARTISTS": ["Zoë Marlowe", "Kenji Tanaka"], "TALB": ["Guests"],
                                      "TRCK": ["1"], "TDRC": ["2015"]}, 2),
    ("Kenji Tanaka/02 Alone.mp3", {"TIT2": ["Alone"], "TPE1": ["Kenji Tanaka"], "TALB": ["Solo"], "TRCK": ["2"],
                                   "TDRC": ["2016"]}, 2),
]


def make_credits_library(music):
    make_several_values_library(music, CREDITS)


def make_several_values_library(music, songs=SEVERAL_VALUES):
    for relative, frames, seconds in songs:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        wav = os.path.join(music, f"..{os.sep}tone-{seconds}.wav")
        if not os.path.exists(wav):
            subprocess.run(["sox", "-n", "-r", "8000", "-c", "1", wav, "synth", str(seconds), "sine", "440"], check=True)
        subprocess.run(["lame", "--quiet", wav, path + ".raw"], check=True)
        with open(path + ".raw", "rb") as raw, open(path, "wb") as out:
            out.write(id3v24(frames) + raw.read())
        os.remove(path + ".raw")
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


# A third library for `status`' audio format and bitrate: CD-rate stereo CBR MP3s, where mpd's decoder
# reports each frame's bitrate (for the 8 kHz mono songs above it mostly reports 0), at two rates and
# two bitrates. (folder/file, sample rate, channels, kbit/s, seconds).
AUDIO_FORMATS = [
    ("Rates/44100 stereo 128.mp3", 44100, 2, 128, 4),
    ("Rates/48000 mono 96.mp3", 48000, 1, 96, 4),
    ("Other/32000 stereo 192.mp3", 32000, 2, 192, 4),
]


def make_audio_formats_library(music):
    for relative, rate, channels, kbps, seconds in AUDIO_FORMATS:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        wav = path + ".wav"
        subprocess.run(["sox", "-n", "-r", str(rate), "-c", str(channels), wav, "synth", str(seconds), "sine", "440"],
                       check=True)
        subprocess.run(["lame", "--quiet", "--cbr", "-b", str(kbps), "--tt", os.path.basename(relative)[:-4], wav, path],
                       check=True)
        os.remove(wav)
    # Other codecs for `AudioFormat` filters: lossless files keep their own sample size; a lossy file's is
    # the one MPD's decoder produces (float for Vorbis, 16-bit for Opus, at 48 kHz).
    for relative, rate, channels, bits in LOSSLESS_AND_OGG:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        wav = path + ".wav"
        subprocess.run(["sox", "-n", "-r", str(rate), "-c", str(channels), "-b", str(bits), wav, "synth", "3", "sine", "330"],
                       check=True)
        if relative.endswith(".flac"):
            subprocess.run(["flac", "--silent", "-o", path, wav], check=True)
        elif relative.endswith(".ogg"):
            subprocess.run(["oggenc", "--quiet", "-o", path, wav], check=True)
        else:
            subprocess.run(["opusenc", "--quiet", wav, path], check=True)
        os.remove(wav)
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


# (folder/file, sample rate, channels, bits of the source).
LOSSLESS_AND_OGG = [
    ("Lossless/96000 stereo 24.flac", 96000, 2, 24),
    ("Lossless/44100 mono 16.flac", 44100, 1, 16),
    ("Other/44100 stereo.ogg", 44100, 2, 16),
    ("Other/44100 stereo.opus", 44100, 2, 16),
]


# A library for "# library: untitled": songs without a Title tag (tunes lists them by their file name,
# which must never reach a filter, a sort or a count as a title) beside titled ones; the files' names hold
# a word ("xing") that no tag holds, for `any`, which looks at tags only.
# (folder/file, title or None, artist, album, track).
UNTITLED = [
    ("Road/xing one.mp3", None, "Ann Road", "Highway", 1),
    ("Road/xing two.mp3", None, "Ann Road", "Highway", 2),
    ("Road/03 Bee.mp3", "Bee", "Ann Road", "Highway", 3),
    ("Other/xing three.mp3", None, "Cleo Dunn", "Lanes", 1),
    ("Other/Alpha.mp3", "Alpha", "Cleo Dunn", "Lanes", 2),
]


def make_untitled_library(music):
    wav = os.path.join(music, f"..{os.sep}tone-2.wav")
    subprocess.run(["sox", "-n", "-r", "8000", "-c", "1", wav, "synth", "2", "sine", "440"], check=True)
    for relative, title, artist, album, track in UNTITLED:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tags = ["--ta", artist, "--tl", album, "--tn", str(track)] + (["--tt", title] if title else [])
        subprocess.run(["lame", "--quiet"] + tags + [wav, path], check=True)
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


# A library for "# library: comments": one song in each format whose own tag pairs `readcomments` lists
# (FLAC, Ogg Vorbis and Opus: their Vorbis comments; M4A: what FFmpeg reads of it), with names mpd does not
# print (digits, a space) and values it does not print (a line break, a tab) among them, and a MusicBrainz
# track id spelled as some taggers write it (capitals, braces).
COMMENT_TAGS = [("TITLE", "Lantern"), ("ARTIST", "Zoë Marlowe"), ("ALBUM", "Harbour"), ("TRACKNUMBER", "3"),
                ("MUSICBRAINZ_TRACKID", "{7A1B2C3D-0000-4E5F-8A9B-0123456789AB}"), ("Custom Key", "x=y"),
                ("comment", "two\nlines"), ("R128_TRACK_GAIN", "-123"), ("lower-case", "v"), ("tab", "a\tb"),
                ("TITLE", "Second title")]


def make_comments_library(music):
    # Two top-level folders, so that both servers see the same music root.
    folder = os.path.join(music, "Tags")
    os.makedirs(folder)
    os.makedirs(os.path.join(music, "More"))
    wav = os.path.join(music, f"..{os.sep}tone-comments.wav")
    subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "440"], check=True)
    pairs = [f"{name}={value}" for name, value in COMMENT_TAGS]
    subprocess.run(["flac", "--silent", "-o", f"{folder}/a.flac"] + [f"--tag={pair}" for pair in pairs] + [wav], check=True)
    subprocess.run(["oggenc", "--quiet", "-o", f"{folder}/b.ogg"] + [a for pair in pairs for a in ("-c", pair)] + [wav],
                   check=True)
    subprocess.run(["opusenc", "--quiet"] + [a for pair in pairs for a in ("--comment", pair)] + [wav, f"{music}/More/c.opus"],
                   check=True)
    metadata = ["title=Lantern", "artist=Zoë Marlowe", "album=Harbour", "track=3", "comment=hello"]
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", wav, "-c:a", "aac", "-b:a", "96k"]
                   + [a for pair in metadata for a in ("-metadata", pair)] + [f"{music}/More/d.m4a"], check=True)
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


# A library for "# library: mbid-spellings": MusicBrainz ids spelled as taggers write them (capitals, no
# hyphens, braces, spaces around), which song blocks show as written, beside canonical ones: an MP3's
# ID3v2.4 TXXX frames and a FLAC's Vorbis comments, each in the order tunes lists the tags (mpd lists a
# file's tags in file order).
MBID_SPELLINGS_MP3 = ("Upper/01 Caps.mp3", {
    "TIT2": ["Caps"], "TPE1": ["Ann Road"], "TALB": ["Ids"], "TRCK": ["1"],
    "TXXX:MusicBrainz Artist Id": ["7A1B2C3D00004E5F8A9B0123456789AC"],
    "TXXX:MusicBrainz Album Id": ["7A1B2C3D-0000-4E5F-8A9B-0123456789AB"],
    "TXXX:MusicBrainz Release Track Id": ["7a1b2c3d-0000-4e5f-8a9b-0123456789a1"]}, 2)
MBID_SPELLINGS_FLAC = [
    ("Upper/02 Braces.flac", ["TITLE=Braces", "ARTIST=Ann Road", "ALBUM=Ids", "TRACKNUMBER=2",
                              "MUSICBRAINZ_ALBUMARTISTID=7A1B2C3D-0000-4E5F-8A9B-0123456789AC",
                              "MUSICBRAINZ_TRACKID= {7A1B2C3D-0000-4E5F-8A9B-0123456789AE} ",
                              "MUSICBRAINZ_WORKID=7a1b2c3d00004e5f8a9b0123456789af"]),
    ("Plain/03 Plain.flac", ["TITLE=Plain", "ARTIST=Ann Road", "ALBUM=Ids", "TRACKNUMBER=3",
                             "MUSICBRAINZ_TRACKID=7a1b2c3d-0000-4e5f-8a9b-0123456789b0"]),
]


def make_mbid_spellings_library(music):
    make_several_values_library(music, [MBID_SPELLINGS_MP3])
    wav = os.path.join(music, f"..{os.sep}tone-mbid.wav")
    subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "440"], check=True)
    for relative, pairs in MBID_SPELLINGS_FLAC:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        subprocess.run(["flac", "--silent", "-o", path] + [f"--tag={pair}" for pair in pairs] + [wav], check=True)
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


# A library for "# library: sort-names": ID3v2.4 sort frames (TSOP ArtistSort, TSO2 AlbumArtistSort, TSOA
# AlbumSort) on some songs and not on others: mpd lists and sorts by the tag asked for, falling back from a
# sort tag to its name, which tunes' own listings order by. The frames are in no order in particular: mpd
# lists an MP3's tags in the order of its ID3 scan. (folder/file, {frame: [values]}, seconds).
SORT_NAMES = [
    ("Grey/01 Harbour.mp3", {"TIT2": ["Harbour"], "TPE1": ["The Grey Weather"], "TPE2": ["The Grey Weather"],
                             "TSO2": ["Grey Weather, The"], "TALB": ["The Harbour"], "TSOA": ["Harbour, The"],
                             "TRCK": ["1"], "TSOP": ["Grey Weather, The"]}, 2),
    ("Ansel/01 Light.mp3", {"TIT2": ["Light"], "TPE1": ["Ansel Grey"], "TALB": ["First Light"], "TRCK": ["1"]}, 2),
    ("Pines/01 Field.mp3", {"TSOA": ["Long Field, The"], "TIT2": ["Field"], "TPE1": ["Hollow Pines"],
                            "TALB": ["The Long Field"], "TRCK": ["1"]}, 2),
    ("Meadow/02 Meadow.mp3", {"TIT2": ["Meadow"], "TPE1": ["Hollow Pines"], "TALB": ["Meadow"], "TRCK": ["1"]}, 2),
    ("Zed/01 Last.mp3", {"TSOP": ["Aardvark Zed"], "TIT2": ["Last"], "TPE1": ["Zed"], "TALB": ["Last"], "TRCK": ["1"]},
     2),
]


def make_sort_names_library(music):
    make_several_values_library(music, SORT_NAMES)


# A library for "# library: containers": audio in the containers users meet beside the usual ones, each
# read by mpd through FFmpeg or its Ogg plugins: a mono AAC (its MP4 sample entry says two channels, its
# decoder config one), FLAC and AC-3 inside MP4, FLAC inside Ogg, an Ogg whose first stream is Theora video,
# and an M4A whose `meta` atom holds junk. (file, ffmpeg or flac arguments, rate, channels, seconds).
CONTAINERS = [
    ("Containers/a mono.m4a", ["-c:a", "aac", "-b:a", "48k", "-metadata", "title=Mono"], 32000, 1, 3),
    ("Containers/b flac.mp4", ["-c:a", "flac", "-strict", "experimental", "-metadata", "title=Boxed FLAC"], 44100, 2, 3),
    ("Containers/c ac3.m4a", ["-c:a", "ac3", "-b:a", "192k", "-metadata", "title=Boxed AC-3"], 48000, 2, 3),
    ("Containers/d flac.oga", None, 44100, 2, 3),
    ("Containers/e video.ogg", ["-c:a", "libvorbis", "-metadata", "title=Moving"], 44100, 2, 3),
    ("Other/f junk.m4a", ["-c:a", "aac", "-metadata", "title=Junk"], 44100, 2, 3),
]


def make_containers_library(music):
    for relative, arguments, rate, channels, seconds in CONTAINERS:
        path = os.path.join(music, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        wav = path + ".wav"
        subprocess.run(["sox", "-n", "-r", str(rate), "-c", str(channels), "-b", "16", wav, "synth", str(seconds),
                        "sine", "440"], check=True)
        if arguments is None:
            subprocess.run(["flac", "--silent", "--ogg", "-T", "TITLE=Ogg FLAC", "-o", path, wav], check=True)
        elif relative.endswith("video.ogg"):
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5",
                            "-i", wav, "-t", str(seconds), "-c:v", "libtheora"] + arguments + ["-shortest", path],
                           check=True)
        else:
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", wav] + arguments + ["-f", "mp4", path],
                           check=True)
        os.remove(wav)
        if relative.endswith("junk.m4a"):
            spoil_meta_atom(path)
    stamp = 1_700_000_000
    for root, dirs, files in os.walk(music):
        for name in files + dirs:
            os.utime(os.path.join(root, name), (stamp, stamp))
    os.utime(music, (stamp, stamp))


def spoil_meta_atom(path):
    """Fills the body of the file's `meta` atom with bytes from a fixed seed, behind a child header that
    declares far more bytes than the atom holds; the audio is left as it was."""
    with open(path, "rb") as file:
        data = bytearray(file.read())
    meta = data.index(b"meta")
    size = int.from_bytes(data[meta - 4:meta], "big")
    state = 7
    for index in range(meta + 8, meta - 4 + size):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        data[index] = state >> 56
    data[meta + 8:meta + 16] = bytes([0x44, 0x20, 0x11, 0x3C]) + b"????"
    with open(path, "wb") as file:
        file.write(data)


# A library for "# library: album-order": a folder of songs whose tags order them otherwise than their
# names do, since mpd keeps a folder's songs by album (collated, none first), disc and track (as numbers,
# none first), then name (collated); an album folder whose track order is not its names' order (what `add`
# queues); and an MP3 whose ID3v2.4 frames come in the reverse of the order mpd's ID3 scan reads them in.
ALBUM_ORDER = [
    ("Mixed/a.mp3", {"TIT2": ["A"], "TALB": ["Zeta"], "TRCK": ["1"]}, 2),
    ("Mixed/b.mp3", {"TIT2": ["B"], "TALB": ["Alpha"], "TPOS": ["2"], "TRCK": ["1"]}, 2),
    ("Mixed/c.mp3", {"TIT2": ["C"], "TALB": ["Alpha"], "TPOS": ["1"], "TRCK": ["3"]}, 2),
    ("Mixed/d.mp3", {"TIT2": ["D"], "TALB": ["Alpha"], "TPOS": ["1/2"], "TRCK": ["10"]}, 2),
    ("Mixed/e.mp3", {"TIT2": ["E"], "TALB": ["Alpha"], "TPOS": ["1"], "TRCK": ["2/12"]}, 2),
    ("Mixed/f.mp3", {"TIT2": ["F"], "TRCK": ["2"]}, 2),
    ("Mixed/g.mp3", {"TIT2": ["G"], "TALB": ["Zeta"]}, 2),
    ("Mixed/h.mp3", {"TIT2": ["H"], "TALB": ["\u00c9t\u00e9"], "TRCK": ["1"]}, 2),
    ("Mixed/B.mp3", {"TIT2": ["Big B"], "TALB": ["Same"], "TRCK": ["5"]}, 2),
    ("Mixed/a2.mp3", {"TIT2": ["A two"], "TALB": ["Same"], "TRCK": ["5"]}, 2),
    ("Mixed/\u00c9cho.mp3", {"TIT2": ["Echo"], "TALB": ["Same"], "TRCK": ["5"]}, 2),
    ("Mixed/Zed.mp3", {"TIT2": ["Zed"], "TALB": ["Same"], "TRCK": ["5"]}, 2),
    ("Mixed/Sub/s.mp3", {"TIT2": ["S"], "TALB": ["Alpha"], "TRCK": ["0"]}, 2),
    ("Tour/Intro.mp3", {"TIT2": ["Intro"], "TPE1": ["Ann Road"], "TALB": ["Tour"], "TRCK": ["1"]}, 2),
    ("Tour/Another.mp3", {"TIT2": ["Another"], "TPE1": ["Ann Road"], "TALB": ["Tour"], "TRCK": ["2"]}, 2),
    ("Tour/Closing.mp3", {"TIT2": ["Closing"], "TPE1": ["Ann Road"], "TALB": ["Tour"], "TRCK": ["3"]}, 2),
    ("Tags/Every.mp3", {"TXXX:MusicBrainz Album Id": ["7a1b2c3d-0000-4e5f-8a9b-0123456789ab"], "TPUB": ["Label"],
                        "TPOS": ["1"], "TIT1": ["Group"], "TPE3": ["Conductor"],
                        "TCOM": ["The Composer"], "TCON": ["Jazz"], "TDOR": ["1999"], "TDRC": ["2001"], "TRCK": ["4"],
                        "TALB": ["Every"], "TIT2": ["Every"], "TSO2": ["Road, Ann"], "TSOA": ["Every, The"],
                        "TSOP": ["Road, Ann"], "TPE2": ["Ann Road"], "TPE1": ["Ann Road"]}, 2),
]


def make_album_order_library(music):
    make_several_values_library(music, ALBUM_ORDER)


LIBRARIES = {"default": make_library, "comments": make_comments_library, "several-values": make_several_values_library,
             "audio-formats": make_audio_formats_library, "credits": make_credits_library,
             "untitled": make_untitled_library, "mbid-spellings": make_mbid_spellings_library,
             "containers": make_containers_library, "sort-names": make_sort_names_library,
             "album-order": make_album_order_library}


def library_of(path):
    """The library a case runs on: its "# library: NAME" line, else the default one."""
    with open(path, encoding="utf-8") as script:
        for line in script:
            match = re.match(r"#\s*library:\s*(\S+)", line)
            if match:
                if match.group(1) not in LIBRARIES:
                    raise SystemExit(f"mpd-differential: {path} names an unknown library {match.group(1)!r}")
                return match.group(1)
    return "default"


class Servers:
    """A private mpd and a tunes daemon on the same music folder, each in the temporary folder."""

    def __init__(self, work, tunes, library="default"):
        self.work = work
        self.music = os.path.join(work, "music")
        os.makedirs(self.music)
        LIBRARIES[library](self.music)
        self.processes = []
        self.mpd_socket = os.path.join(work, "mpd", "socket")
        self.tunes_socket = os.path.join(work, "tunes-run", "mpd.sock")
        self.start_mpd()
        self.start_tunes(tunes)

    def start_mpd(self):
        folder = os.path.join(self.work, "mpd")
        os.makedirs(os.path.join(folder, "playlists"))
        config = os.path.join(folder, "mpd.conf")
        with open(config, "w") as out:
            out.write(f'''music_directory "{self.music}"
playlist_directory "{folder}/playlists"
db_file "{folder}/database"
state_file "{folder}/state"
sticker_file "{folder}/sticker.sql"
bind_to_address "{self.mpd_socket}"
log_file "{folder}/log"
audio_output {{
  type "null"
  name "null"
  mixer_type "software"
}}
''')
        process = subprocess.Popen(["mpd", "--no-daemon", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.processes.append(process)
        wait_for_socket(self.mpd_socket, process, "mpd")
        # The first scan: `update`, then wait until status no longer shows it running.
        connection = Connection(self.mpd_socket)
        connection.command("update")
        deadline = time.time() + 20
        while any(line.startswith("updating_db:") for line in connection.command("status")):
            if time.time() > deadline:
                raise RuntimeError("mpd: the first update did not finish")
            time.sleep(0.05)
        connection.close()

    def start_tunes(self, tunes):
        home = os.path.join(self.work, "tunes")
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
            "XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config", "XDG_STATE_HOME": f"{home}/state",
            "XDG_RUNTIME_DIR": os.path.dirname(self.tunes_socket), "TUNES_DB": f"{home}/library.db",
            "TUNES_MPD_SOCKET": self.tunes_socket, "TUNES_MPD_PORT": "off",
        }
        os.makedirs(os.path.dirname(self.tunes_socket), mode=0o700)
        subprocess.run([tunes, "index", self.music], env=env, check=True, stdout=subprocess.DEVNULL)
        process = subprocess.Popen([tunes, "play", "--daemon", "--device", "null"], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # The daemon goes to the background and the command returns; `kill` over the socket ends it.
        wait_for_socket(self.tunes_socket, process, "tunes play --daemon")

    def stop(self):
        try:
            Connection(self.tunes_socket).command("kill")
        except OSError:
            pass
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()


# What every case starts from, sent to both servers and not compared.
RESET = ["stop", "clear", "repeat 0", "random 0", "single 0", "consume 0", "setvol 100", "clearerror"]


def reset(connection):
    for line in RESET:
        connection.command(line)
    for line in connection.command("listplaylists"):
        if line.startswith("playlist: "):
            connection.command('rm "%s"' % line[len("playlist: "):].replace('"', '\\"'))


class Normaliser:
    """Makes one server's replies comparable: ids by order of first appearance, the queue version as an
    offset from the case's start, timing values blanked, intended differences dropped."""

    def __init__(self, differences, start_version, compared=()):
        self.differences = differences
        self.ids = {}
        self.start_version = start_version
        self.compared = set(compared)  # timing keys this case compares (its "# compare:" line)

    def reply(self, command, lines):
        name = command.split(" ", 1)[0]
        out = []
        for line in lines:
            if line.startswith("ACK "):
                if self.differences.ignores(name, "ACK"):
                    line = "ACK <intended difference>"
                out.append(line)
                continue
            key, sep, value = line.partition(": ")
            if not sep:
                out.append(line)
                continue
            if self.differences.ignores(name, key):
                continue
            if key == "audio" and key in self.compared:
                # Rate and channels compare; the sample size is the decoder's (MPD's libmad gives MP3 as
                # 24 bits, tunes' libmpg123 as 16), the intended difference `Format` shows in songs.
                rate, _, rest = value.partition(":")
                value = f"{rate}:<bits>:{rest.partition(':')[2]}"
            elif key in DECODER_KEYS and key not in self.compared:
                # Whether these appear at all depends on how far the decoder got (mpd shows `audio` only
                # once its decoder has opened the file, which a loaded machine delays past a quick pause).
                continue
            elif key in TIMING_KEYS and key not in self.compared:
                value = "<timing>"
            elif key in ID_KEYS:
                value = "#%d" % self.ids.setdefault(value, len(self.ids) + 1)
            elif key == "playlist" and value.isdigit():  # status' queue version (listplaylists has names)
                value = "+%d" % (int(value) - self.start_version)
            out.append(f"{key}: {value}")
        return out


def queue_version(connection):
    for line in connection.command("status"):
        if line.startswith("playlist: "):
            return int(line[len("playlist: "):])
    raise RuntimeError("status without playlist:")


def compared_keys(path):
    """The timing keys a case compares after all: its "# compare: KEY…" line (a song's steady bitrate)."""
    with open(path, encoding="utf-8") as script:
        for line in script:
            match = re.match(r"#\s*compare:(.*)", line)
            if match:
                return match.group(1).split()
    return []


def run_case(path, servers, differences, verbose):
    """Runs one script on both servers; returns the list of diff lines (empty when they agree)."""
    sides = {}
    compared = compared_keys(path)
    for side, socket_path in (("mpd", servers.mpd_socket), ("tunes", servers.tunes_socket)):
        first, second = Connection(socket_path), Connection(socket_path)
        reset(first)
        sides[side] = {"c1": first, "c2": second, "norm": Normaliser(differences, queue_version(first), compared),
                       "transcript": [], "pending": []}
    with open(path, encoding="utf-8") as script:
        steps = [line.rstrip("\n") for line in script if line.strip() and not line.startswith("#")]
    # Each step runs on both servers before the next, so songs play at the same pace on both.
    for step in steps:
        for side in ("mpd", "tunes"):
            run_step(step, sides[side])
    for side in sides.values():
        side["c1"].close()
        side["c2"].close()
    mpd, tunes = sides["mpd"]["transcript"], sides["tunes"]["transcript"]
    if verbose:
        print("\n".join("    " + line for line in tunes))
    if mpd == tunes:
        return []
    return list(difflib.unified_diff(mpd, tunes, "mpd", "tunes", lineterm="", n=4))


def with_queue_ids(step, connection):
    """Replaces each {id:N} with the queue id at position N on this server (ids differ between servers)."""
    if "{id:" not in step:
        return step
    ids = [line.split(": ", 1)[1] for line in connection.command("playlistid") if line.startswith("Id: ")]
    return re.sub(r"\{id:(\d+)\}", lambda m: ids[int(m.group(1))] if int(m.group(1)) < len(ids) else "999999", step)


def run_step(step, side):
    transcript = side["transcript"]
    if step.startswith("@sleep "):
        time.sleep(float(step.split()[1]))
        return
    connection = side["c1"]
    if step.startswith("[2] "):
        connection, step = side["c2"], step[4:]
    if step.startswith("@send "):
        command = step[len("@send "):]
        connection.send(command)
        side["pending"].append((connection, command))
        transcript.append(f"> {command} (sent)")
        return
    if step == "@read":
        connection, command = side["pending"].pop(0)
        lines = connection.read()
    elif side.get("list") is not None:
        # Inside a command list nothing answers until its end.
        connection.send(step)
        side["list"].append(step)
        if step != "command_list_end":
            return
        command, lines = " / ".join(side["list"]), connection.read()
        side["list"] = None
    elif step.startswith("command_list_"):
        connection.send(step)
        side["list"] = [step]
        return
    else:
        command = with_queue_ids(step, connection)
        lines = connection.command(command)
    transcript.append(f"> {command if command.startswith('command_list_') else step}")
    transcript.extend("  " + line for line in side["norm"].reply(command, lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tunes", default=os.path.join(REPO, ".build", "debug", "tunes"))
    parser.add_argument("--case", action="append", help="run only these cases (file names without .mpd)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--verbose", action="store_true", help="print each transcript")
    args = parser.parse_args()

    for tool in ("mpd", "sox", "lame"):
        if shutil.which(tool) is None:
            sys.exit(f"mpd-differential: {tool} is missing (Scripts/setup-debian installs it)")
    if not os.access(args.tunes, os.X_OK):
        sys.exit(f"mpd-differential: no tunes binary at {args.tunes} (swift build first)")

    differences = Differences(DIFFERENCES)
    cases = sorted(f for f in os.listdir(os.path.join(HERE, "cases")) if f.endswith(".mpd"))
    if args.case:
        cases = [c for c in cases if c[:-4] in args.case]
    unknown = set(differences.pending) | set(differences.deliberate)
    unknown -= {c[:-4] for c in os.listdir(os.path.join(HERE, "cases"))}
    if unknown:
        sys.exit(f"mpd-differential: Docs/MPDDifferences.md names cases that do not exist: {sorted(unknown)}")

    work = tempfile.mkdtemp(prefix="tunes-mpd-diff-")
    passed = failed = known = deliberate = 0
    servers = None
    # One pair of servers per library, started when its first case comes.
    by_library = {}
    for case in cases:
        by_library.setdefault(library_of(os.path.join(HERE, "cases", case)), []).append(case)
    try:
        for library, library_cases in by_library.items():
            if servers:
                servers.stop()
            servers = Servers(os.path.join(work, library), args.tunes, library)
            for case in library_cases:
                name = case[:-4]
                try:
                    diff = run_case(os.path.join(HERE, "cases", case), servers, differences, args.verbose)
                except (OSError, RuntimeError) as error:  # a reply that never came, a closed connection
                    diff = [f"the case broke off: {error!r}"]
                if name in differences.pending:
                    if diff:
                        known += 1
                        print(f"known   {name}: not yet matched ({differences.pending[name]})")
                    else:
                        failed += 1
                        print(f"FAIL    {name}: matches mpd now; take it off \"Not yet matched\" in Docs/MPDDifferences.md")
                elif name in differences.deliberate:
                    if diff:
                        deliberate += 1
                        print(f"differs {name}: on purpose ({differences.deliberate[name]})")
                    else:
                        failed += 1
                        print(f"FAIL    {name}: matches mpd now; take it off \"Different on purpose\" in Docs/MPDDifferences.md")
                elif diff:
                    failed += 1
                    print(f"FAIL    {name}")
                    print("\n".join("    " + line for line in diff))
                else:
                    passed += 1
                    print(f"ok      {name}")
    finally:
        if servers:
            servers.stop()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"mpd-differential: {known} cases not yet matched, {deliberate} different on purpose, as Docs/MPDDifferences.md lists")
    print(f"mpd-differential: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
