#!/usr/bin/python3
# Reads a FLAC, Ogg FLAC, Ogg Vorbis, Opus or MP4 file with mutagen and prints, as JSON, the fields of tunes'
# TagSet model that the file carries, plus mutagen's stream facts, so the Swift tests can compare
# tunes' own reader with an independent one field by field. Usage: mutagen-formats.py FILE
import json
import sys

import mutagen
from mutagen.flac import FLAC
from mutagen.mp4 import MP4
from mutagen.oggflac import OggFLAC
from mutagen.oggopus import OggOpus
from mutagen.oggvorbis import OggVorbis

# Vorbis comment names → TagSet fields; a list value keeps every value of the field.
VORBIS_SINGLE = {
    "title": "title", "album": "album", "date": "date", "originaldate": "originalDate",
    "titlesort": "titleSort", "artistsort": "artistSort", "albumsort": "albumSort",
    "albumartistsort": "albumArtistSort", "composersort": "composerSort", "isrc": "isrc",
    "barcode": "barcode", "catalognumber": "catalogNumber", "discsubtitle": "discSubtitle",
    "grouping": "grouping", "comment": "comment", "work": "work", "movementname": "movement",
    "musicbrainz_trackid": "recordingMbid", "musicbrainz_releasetrackid": "releaseTrackMbid",
    "musicbrainz_albumid": "releaseMbid", "musicbrainz_releasegroupid": "releaseGroupMbid",
}
VORBIS_LIST = {
    "composer": "composers", "genre": "genres", "performer": "performers", "conductor": "conductors",
    "lyricist": "lyricists", "label": "labels", "musicbrainz_artistid": "artistMbids",
    "musicbrainz_albumartistid": "albumArtistMbids", "musicbrainz_workid": "workMbids",
}
MP4_SINGLE = {
    "\xa9nam": "title", "\xa9alb": "album", "\xa9day": "date", "sonm": "titleSort", "soar": "artistSort",
    "soal": "albumSort", "soaa": "albumArtistSort", "soco": "composerSort", "\xa9cmt": "comment",
    "\xa9grp": "grouping", "\xa9wrk": "work", "\xa9mvn": "movement", "\xa9lyr": "lyrics",
}
MP4_LIST = {"\xa9wrt": "composers", "\xa9gen": "genres"}
FREEFORM_SINGLE = {
    "MusicBrainz Track Id": "recordingMbid", "MusicBrainz Release Track Id": "releaseTrackMbid",
    "MusicBrainz Album Id": "releaseMbid", "MusicBrainz Release Group Id": "releaseGroupMbid",
    "ISRC": "isrc", "BARCODE": "barcode", "CATALOGNUMBER": "catalogNumber", "ORIGINALDATE": "originalDate",
}
FREEFORM_LIST = {
    "MusicBrainz Artist Id": "artistMbids", "MusicBrainz Album Artist Id": "albumArtistMbids",
    "MusicBrainz Work Id": "workMbids", "CONDUCTOR": "conductors", "LYRICIST": "lyricists", "LABEL": "labels",
}


def number_pair(text):
    parts = text.split("/", 1)
    n = int(parts[0]) if parts[0].strip().isdigit() else None
    t = int(parts[1]) if len(parts) > 1 and parts[1].strip().isdigit() else None
    return n, t


def decibels(text):
    return float(text.strip().replace("dB", "").strip())


def vorbis(f, out):
    c = {k.lower(): v for k, v in f.tags.as_dict().items()} if f.tags else {}
    for key, field in VORBIS_SINGLE.items():
        if key in c:
            out[field] = c[key][0]
    for key, field in VORBIS_LIST.items():
        if key in c:
            out[field] = c[key]
    if "artist" in c:
        out["artist"] = "; ".join(c["artist"])
        out["artists"] = c.get("artists", c["artist"])
    if "albumartist" in c:
        out["albumArtist"] = "; ".join(c["albumartist"])
        out["albumArtists"] = c["albumartist"]
    if "tracknumber" in c:
        n, t = number_pair(c["tracknumber"][0])
        out["trackNumber"] = n
        t = int(c["tracktotal"][0]) if "tracktotal" in c else t
        if t:
            out["trackTotal"] = t
    if "discnumber" in c:
        n, t = number_pair(c["discnumber"][0])
        out["discNumber"] = n
        t = int(c["disctotal"][0]) if "disctotal" in c else t
        if t:
            out["discTotal"] = t
    if "compilation" in c:
        out["isCompilation"] = c["compilation"][0].strip() not in ("", "0")
    if "bpm" in c:
        out["bpm"] = int(c["bpm"][0])
    rg = {}
    for key, field in (("replaygain_track_gain", "trackGain"), ("replaygain_album_gain", "albumGain")):
        if key in c:
            rg[field] = decibels(c[key][0])
    for key, field in (("replaygain_track_peak", "trackPeak"), ("replaygain_album_peak", "albumPeak")):
        if key in c:
            rg[field] = float(c[key][0])
    # Opus: Q7.8 dB relative to -23 LUFS; ReplayGain's reference is 5 dB louder (-18 LUFS).
    for key, field in (("r128_track_gain", "trackGain"), ("r128_album_gain", "albumGain")):
        if key in c:
            rg[field] = int(c[key][0]) / 256 + 5
    if rg:
        out["replayGain"] = rg


def mp4(f, out):
    t = f.tags or {}
    for key, field in MP4_SINGLE.items():
        if key in t:
            out[field] = t[key][0]
    for key, field in MP4_LIST.items():
        if key in t:
            out[field] = list(t[key])
    if "\xa9ART" in t:
        out["artist"] = "; ".join(t["\xa9ART"])
        out["artists"] = list(t["\xa9ART"])
    if "aART" in t:
        out["albumArtist"] = "; ".join(t["aART"])
        out["albumArtists"] = list(t["aART"])
    if "trkn" in t:
        n, total = t["trkn"][0]
        out["trackNumber"] = n or None
        if total:
            out["trackTotal"] = total
    if "disk" in t:
        n, total = t["disk"][0]
        out["discNumber"] = n or None
        if total:
            out["discTotal"] = total
    if "cpil" in t:
        out["isCompilation"] = bool(t["cpil"])
    if "tmpo" in t:
        out["bpm"] = t["tmpo"][0]
    free = {}
    for key, values in t.items():
        if key.startswith("----:com.apple.iTunes:"):
            free[key.split(":", 2)[2]] = [bytes(v).decode("utf-8") for v in values]
    for key, field in FREEFORM_SINGLE.items():
        if key in free:
            out[field] = free[key][0]
    for key, field in FREEFORM_LIST.items():
        if key in free:
            out[field] = free[key]
    if "ARTISTS" in free:
        out["artists"] = free["ARTISTS"]
    rg = {}
    lower = {k.lower(): v for k, v in free.items()}
    for key, field in (("replaygain_track_gain", "trackGain"), ("replaygain_album_gain", "albumGain")):
        if key in lower:
            rg[field] = decibels(lower[key][0])
    for key, field in (("replaygain_track_peak", "trackPeak"), ("replaygain_album_peak", "albumPeak")):
        if key in lower:
            rg[field] = float(lower[key][0])
    if rg:
        out["replayGain"] = rg


def main():
    f = mutagen.File(sys.argv[1])
    if f is None:
        sys.exit("mutagen-formats.py: " + sys.argv[1] + ": not a file mutagen reads")
    out = {"length": f.info.length, "channels": f.info.channels}
    if isinstance(f, FLAC):
        out.update(codec="flac", sampleRate=f.info.sample_rate, bitsPerSample=f.info.bits_per_sample,
                   sampleCount=f.info.total_samples, pictures=len(f.pictures))
        vorbis(f, out)
    elif isinstance(f, OggFLAC):
        out.update(codec="flac", sampleRate=f.info.sample_rate, bitsPerSample=f.info.bits_per_sample,
                   sampleCount=f.info.total_samples)
        vorbis(f, out)
    elif isinstance(f, OggOpus):
        out.update(codec="opus")
        vorbis(f, out)
    elif isinstance(f, OggVorbis):
        out.update(codec="vorbis", sampleRate=f.info.sample_rate)
        vorbis(f, out)
    elif isinstance(f, MP4):
        out.update(codec=f.info.codec.split(".")[0].replace("mp4a", "aac"), sampleRate=f.info.sample_rate,
                   pictures=len(f.tags.get("covr", [])) if f.tags else 0)
        mp4(f, out)
    else:
        sys.exit("mutagen-formats.py: " + sys.argv[1] + ": unexpected type " + type(f).__name__)
    print(json.dumps(out, sort_keys=True))


main()
