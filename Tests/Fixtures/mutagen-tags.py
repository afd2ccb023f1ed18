#!/usr/bin/python3
# Reads the ID3v2 tag of each file named on the command line with mutagen (the reference reader tunes is
# compared with) and prints, one JSON object per line, the fields of tunes' TagSet model. mutagen parses the
# frames; this script holds the one mapping from mutagen's frames to the model, the same rules that
# Sources/TunesTags/ID3v2FrameCollector+TagSet.swift and Docs/Tags.md state:
#
#   title TIT2, album TALB, artist TPE1 (several values joined "; "), artists TXXX:ARTISTS else TPE1,
#   albumArtist/albumArtists TPE2 (TXXX:ALBUMARTISTS), sort names TSOT TSOP TSOA TSO2 TSOC, composers TCOM,
#   conductors TPE3, lyricists TEXT, labels TPUB, performers TMCL "Name (instrument)" plus TIPL roles
#   that are not involvements, grouping GRP1 else TIT1, work TXXX:WORK else TIT1 when GRP1 exists,
#   movement MVNM/MVIN, genres TCON (mutagen's resolution of "(17)" references), date TDRC else TDRL at
#   day precision, originalDate TDOR, track/disc TRCK/TPOS "n/t", discSubtitle TSST else TIT3, catalog
#   number/barcode TXXX, ISRC TSRC, comment COMM (empty description first, iTun* skipped), lyrics the first
#   USLT, compilation TCMP, BPM TBPM, MusicBrainz ids UFID and TXXX (lowercase hyphenated), ReplayGain TXXX
#   then RVA2 "track"/"album" on the master channel, MIXRAMP_START/END TXXX. TXXX descriptions match in any
#   case. In ID3v2.2/2.3 tags the TXXX lists of names (ARTISTS, ALBUMARTISTS) are cut at "/", the separator
#   Picard and mutagen join them with there. The LAME header's ReplayGain is not a tag and is not read here.
#
#   Tests/Fixtures/mutagen-tags.py FILE...          read (null for a file without an ID3v2 tag)
#   Tests/Fixtures/mutagen-tags.py --write SPEC OUT  write OUT (an MP3 whose audio is given) from a JSON spec:
#       {"audio": "in.mp3", "version": 3 or 4, "frames": [["TPE1", ["A", "B"]], ["TXXX", "DESC", ["v"]], ...]}

import json
import re
import sys

from mutagen import id3

INVOLVEMENTS = {"arranger", "engineer", "producer", "mix", "dj-mix", "composer", "lyricist", "conductor"}
UUID = re.compile(r"^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$")


def texts(tags, frame_id):
    frame = tags.get(frame_id)
    return [str(v) for v in frame.text if str(v) != ""] if frame is not None else []


def joined(values):
    return "; ".join(values) if values else None


def user_texts(tags):
    out = {}
    for frame in tags.getall("TXXX"):
        values = out.setdefault(frame.desc.lower(), [])
        for v in frame.text:
            if v != "" and v not in values:
                values.append(v)
    return out


def mbid(text):
    t = text.strip().lower()
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1]
    if not UUID.match(t) or len(t) not in (32, 36):
        return None
    t = t.replace("-", "")
    return "%s-%s-%s-%s-%s" % (t[:8], t[8:12], t[12:16], t[16:20], t[20:])


def mbids(values):
    out = []
    for value in values:
        for part in re.split(r"[/;,\x00]", value):
            m = mbid(part) if part.strip() else None
            if m and m not in out:
                out.append(m)
    return out


def number_pair(text):
    parts = text.split("/", 1)

    def lead(s):
        m = re.match(r" *([0-9]{1,9})", s)
        return int(m.group(1)) if m and int(m.group(1)) > 0 else None

    return lead(parts[0]), lead(parts[1]) if len(parts) > 1 else None


def date(frame):
    if frame is None or not frame.text:
        return None
    stamp = frame.text[0]
    if stamp.year is None:
        return None
    out = "%04d" % stamp.year
    for part in (stamp.month, stamp.day):
        if part is None:
            break
        out += "-%02d" % part
    return out


def decimal(text):
    m = re.match(r"[0-9.+\-eE]+", text.strip())
    try:
        return float(m.group(0)) if m else None
    except ValueError:
        return None


def read(path):
    tags = id3.ID3(path)
    user = user_texts(tags)
    if tags.version < (2, 4, 0):
        for key in ("artists", "albumartists"):
            if key in user:
                parts = [p for v in user[key] for p in v.split("/") if p != ""]
                user[key] = [p for i, p in enumerate(parts) if p not in parts[:i]]
    out = {"title": joined(texts(tags, "TIT2")), "album": joined(texts(tags, "TALB"))}
    tpe1, artists = texts(tags, "TPE1"), user.get("artists", [])
    out["artist"] = joined(tpe1) or joined(artists)
    out["artists"] = artists or tpe1
    tpe2, album_artists = texts(tags, "TPE2"), user.get("albumartists", [])
    out["albumArtist"] = joined(tpe2) or joined(album_artists)
    out["albumArtists"] = album_artists or tpe2
    out["titleSort"] = joined(texts(tags, "TSOT"))
    out["artistSort"] = joined(texts(tags, "TSOP"))
    out["albumSort"] = joined(texts(tags, "TSOA"))
    out["albumArtistSort"] = joined(texts(tags, "TSO2")) or joined(user.get("albumartistsort", []))
    out["composerSort"] = joined(texts(tags, "TSOC"))
    composers, lyricists, conductors, performers = [], [], [], []

    def credit(name, role):
        c = "%s (%s)" % (name, role) if role else name
        if name and c not in performers:
            performers.append(c)

    if "TMCL" in tags:
        for role, name in tags["TMCL"].people:
            credit(name, role)
    if "TIPL" in tags:
        for role, name in tags["TIPL"].people:
            r = role.lower()
            if r == "composer":
                composers.append(name)
            elif r == "lyricist":
                lyricists.append(name)
            elif r == "conductor":
                conductors.append(name)
            elif r not in INVOLVEMENTS:
                credit(name, role)
    out["composers"] = texts(tags, "TCOM") or composers
    out["lyricists"] = texts(tags, "TEXT") or lyricists
    out["conductors"] = texts(tags, "TPE3") or conductors
    out["performers"] = performers
    out["labels"] = texts(tags, "TPUB")
    out["ensemble"] = joined(user.get("ensemble", []))
    grp1 = joined(texts(tags, "GRP1"))
    out["grouping"] = grp1 or joined(texts(tags, "TIT1"))
    out["work"] = joined(user.get("work", [])) or (joined(texts(tags, "TIT1")) if grp1 else None)
    out["movement"] = joined(texts(tags, "MVNM"))
    mvin = texts(tags, "MVIN")
    out["movementNumber"], out["movementTotal"] = number_pair(mvin[0]) if mvin else (None, None)
    genres = []
    if "TCON" in tags:
        for g in tags["TCON"].genres:
            g = g.strip()
            if g and g not in genres:
                genres.append(g)
    out["genres"] = genres
    out["date"] = date(tags.get("TDRC")) or date(tags.get("TDRL"))
    out["originalDate"] = date(tags.get("TDOR"))
    trck, tpos = texts(tags, "TRCK"), texts(tags, "TPOS")
    out["trackNumber"], out["trackTotal"] = number_pair(trck[0]) if trck else (None, None)
    out["discNumber"], out["discTotal"] = number_pair(tpos[0]) if tpos else (None, None)
    out["discSubtitle"] = joined(texts(tags, "TSST")) or joined(texts(tags, "TIT3"))
    out["catalogNumber"] = joined(user.get("catalognumber", []))
    out["barcode"] = joined(user.get("barcode", []))
    out["isrc"] = joined(texts(tags, "TSRC"))
    comments = [c for c in tags.getall("COMM") if not c.desc.startswith("iTun") and any(t != "" for t in c.text)]
    comments.sort(key=lambda c: c.desc != "")
    out["comment"] = joined([t for t in comments[0].text if t != ""]) if comments else None
    lyrics = [f.text for f in tags.getall("USLT")]
    out["lyrics"] = lyrics[0] if lyrics and lyrics[0] else None
    tcmp = texts(tags, "TCMP")
    m = re.match(r" *([0-9]{1,9})", tcmp[0]) if tcmp else None
    out["isCompilation"] = bool(m and int(m.group(1)) != 0)
    tbpm = texts(tags, "TBPM")
    m = re.match(r" *([0-9]{1,9})", tbpm[0]) if tbpm else None
    out["bpm"] = int(m.group(1)) if m else None
    ufid = tags.get("UFID:http://musicbrainz.org")
    recording = mbid(ufid.data[:64].decode("latin-1")) if ufid is not None else None
    out["recordingMbid"] = recording or (mbids(user.get("musicbrainz track id", [])) or [None])[0]
    out["releaseTrackMbid"] = (mbids(user.get("musicbrainz release track id", [])) or [None])[0]
    out["releaseMbid"] = (mbids(user.get("musicbrainz album id", [])) or [None])[0]
    out["releaseGroupMbid"] = (mbids(user.get("musicbrainz release group id", [])) or [None])[0]
    out["artistMbids"] = mbids(user.get("musicbrainz artist id", []))
    out["albumArtistMbids"] = mbids(user.get("musicbrainz album artist id", []))
    out["workMbids"] = mbids(user.get("musicbrainz work id", []))
    gain = {}
    for scope in ("track", "album"):
        for kind in ("gain", "peak"):
            values = user.get("replaygain_%s_%s" % (scope, kind), [])
            gain[scope + kind.capitalize()] = decimal(values[0]) if values else None
        frames = [f for f in tags.getall("RVA2") if f.desc.lower() == scope]
        if frames and frames[-1].channel == 1:
            if gain[scope + "Gain"] is None:
                gain[scope + "Gain"] = frames[-1].gain
            if gain[scope + "Peak"] is None and frames[-1].peak:
                gain[scope + "Peak"] = frames[-1].peak
    out["replayGain"] = gain
    out["mixRampStart"] = joined(user.get("mixramp_start", []))
    out["mixRampEnd"] = joined(user.get("mixramp_end", []))
    return out


def write(spec_path, out_path):
    spec = json.load(open(spec_path))
    with open(spec["audio"], "rb") as f, open(out_path, "wb") as o:
        o.write(f.read())
    tags = id3.ID3()
    for entry in spec["frames"]:
        kind = entry[0]
        if kind == "TXXX":
            tags.add(id3.TXXX(encoding=3, desc=entry[1], text=entry[2]))
        elif kind == "COMM":
            tags.add(id3.COMM(encoding=3, lang="eng", desc=entry[1], text=entry[2]))
        elif kind == "USLT":
            tags.add(id3.USLT(encoding=3, lang="eng", desc=entry[1], text=entry[2]))
        elif kind == "UFID":
            tags.add(id3.UFID(owner=entry[1], data=entry[2].encode()))
        elif kind == "RVA2":
            tags.add(id3.RVA2(desc=entry[1], channel=1, gain=entry[2], peak=entry[3]))
        elif kind in ("TMCL", "TIPL"):
            tags.add(getattr(id3, kind)(encoding=3, people=entry[1]))
        else:
            tags.add(getattr(id3, kind)(encoding=3, text=entry[1]))
    version = spec.get("version", 4)
    if version == 3:
        tags.update_to_v23()
    tags.save(out_path, v2_version=version, v23_sep=spec.get("v23_sep", "/"))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--write":
        write(sys.argv[2], sys.argv[3])
    else:
        for path in sys.argv[1:]:
            try:
                model = read(path)
            except id3.ID3NoHeaderError:
                model = None  # no ID3v2 tag: nothing to compare
            print(json.dumps(model, sort_keys=True, ensure_ascii=False))
