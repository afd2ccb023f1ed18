#!/usr/bin/python3
# Writes lyrics into audio files with mutagen and reads them back with it, printing the two lyrics fields
# of tunes' TagSet model, so the tests can hold tunes' readers to an independent one. mutagen parses the
# tags and the MPEG stream; this script holds the one mapping to the model, the rules that
# Sources/TunesTags (VorbisComments, MP4Items, ID3v2FrameCollector+SYLT, MPEGFrameLyrics) and Docs/Tags.md
# state:
#
#   lyrics        ID3v2: the first USLT that has text. Vorbis comments (FLAC, Ogg FLAC, Vorbis, Opus): the first
#                 LYRICS or UNSYNCEDLYRICS in comment order that is not blank, spaces, tabs, line breaks and
#                 NULs trimmed from its ends. MP4: the first ©lyr value that is not blank, trimmed alike.
#   syncedLyrics  the first ID3v2 SYLT whose content type is 0 (other), 1 (lyrics) or 2 (transcription):
#                 its lines without the line breaks that lead them, in time order (lines of one time in tag
#                 order). Millisecond stamps as they are; MPEG-frame stamps times the stream's samples per
#                 frame over its sample rate, rounded to the nearest millisecond, and only when the audio
#                 is MPEG (an ID3v2 tag before FLAC has no frames to count: none).
#
#   mutagen-lyrics.py read FILE...   one JSON object per file: {"lyrics": ..., "syncedLyrics": [[ms, text]...]}
#   mutagen-lyrics.py write SPEC     writes the lyrics a JSON spec names into its file:
#       {"file": "x.mp3", "id3": 3 or 4, "frames": [["USLT", enc, text], ["SYLT", enc, format, type, desc,
#        [[text, time], ...]]]}     or     {"file": "x.ogg", "comments": [["LYRICS", "text"], ...]}
#       or {"file": "x.m4a", "lyr": ["text", ...]}
import json
import sys

import mutagen
from mutagen import id3
from mutagen.mp3 import MP3
from mutagen.mp4 import MP4

SPACE = " \t\n\r\x00"


def samples_per_frame(info):
    if info.layer == 1:
        return 384
    if info.layer == 2 or info.version == 1:
        return 1152
    return 576


def synced(path, audio):
    try:
        tags = id3.ID3(path)
    except id3.ID3NoHeaderError:
        return None
    frames = [f for f in tags.getall("SYLT") if f.type <= 2]
    if not frames:
        return None
    frame = frames[0]
    lines = [(time, text.lstrip("\r\n")) for text, time in frame.text]
    lines = [line for _, line in sorted(enumerate(lines), key=lambda p: (p[1][0], p[0]))]
    if not lines:
        return None
    if frame.format == 2:
        return [[time, text] for time, text in lines]
    if frame.format == 1 and isinstance(audio, MP3):
        spf, rate = samples_per_frame(audio.info), audio.info.sample_rate
        return [[(time * spf * 1000 + rate // 2) // rate, text] for time, text in lines]
    return None


def unsynced(path, audio):
    if isinstance(audio, MP3):
        texts = [f.text for f in audio.tags.getall("USLT")] if audio.tags is not None else []
        return next((t for t in texts if t), None)
    if isinstance(audio, MP4):
        values = [v.strip(SPACE) for v in (audio.tags or {}).get("\xa9lyr", [])]
        return next((v for v in values if v), None)
    for key, value in audio.tags or []:
        if key.upper() in ("LYRICS", "UNSYNCEDLYRICS") and value.strip(SPACE):
            return value.strip(SPACE)
    # An ID3v2 tag before FLAC fills what the Vorbis comment lacks.
    try:
        texts = [f.text for f in id3.ID3(path).getall("USLT")]
    except id3.ID3NoHeaderError:
        texts = []
    return next((t for t in texts if t), None)


def read(path):
    audio = mutagen.File(path)
    return {"lyrics": unsynced(path, audio), "syncedLyrics": synced(path, audio)}


def write(spec):
    path = spec["file"]
    if "frames" in spec:
        try:
            tags = id3.ID3(path)
        except id3.ID3NoHeaderError:
            tags = id3.ID3()
        for frame in spec["frames"]:
            if frame[0] == "USLT":
                tags.add(id3.USLT(encoding=frame[1], lang="eng", desc="", text=frame[2]))
            else:
                _, encoding, stamp, kind, desc, lines = frame
                tags.add(id3.SYLT(encoding=encoding, lang="eng", format=stamp, type=kind, desc=desc,
                                  text=[(text, time) for text, time in lines]))
        version = spec.get("id3", 4)
        if version == 3:
            tags.update_to_v23()
        tags.save(path, v2_version=version)
    elif "lyr" in spec:
        f = MP4(path)
        f["\xa9lyr"] = spec["lyr"]
        f.save()
    else:
        f = mutagen.File(path)
        for key, value in spec["comments"]:
            f.tags.append((key, value))
        f.save()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        write(json.load(open(sys.argv[2])))
    elif len(sys.argv) >= 3 and sys.argv[1] == "read":
        for name in sys.argv[2:]:
            print(json.dumps(read(name), ensure_ascii=False))
    else:
        sys.exit("usage: mutagen-lyrics.py read FILE... | write SPEC")
