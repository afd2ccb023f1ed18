# A player socket that answers as tunes' player does for a song it plays (MPD protocol): `currentsong`
# names the file relative to the music folder, with its tags, MusicBrainz ids included; `status` says
# it plays. Enough for the commands that act on "the song playing now" (love, lb pin, recommend,
# review) without starting a player and a sound device in the ListenBrainz tests.
# Usage: playing.py SOCKET_PATH SONG.json  ({"file": …, "Title": …, "MUSICBRAINZ_TRACKID": …}; lists
# give a tag once per value). Leaves when its parent does.
import json
import os
import socket
import sys
import threading
import time


def song_lines(song):
    lines = []
    for key, value in song.items():
        for one in value if isinstance(value, list) else [value]:
            lines.append("%s: %s\n" % (key, one))
    return "".join(lines)


def serve(connection, song):
    connection.sendall(b"OK MPD 0.23.5\n")
    buffer = b""
    while True:
        data = connection.recv(4096)
        if not data:
            return
        buffer += data
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            command = line.decode().strip().split(" ")[0]
            if command == "close":
                connection.close()
                return
            if command == "currentsong":
                reply = song_lines(song) + "OK\n"
            elif command == "status":
                reply = "volume: 100\nrepeat: 0\nrandom: 0\nsingle: 0\nconsume: 0\nplaylistlength: 1\nstate: play\nsong: 0\nsongid: 1\nOK\n"
            else:
                reply = "OK\n"
            connection.sendall(reply.encode())


def main():
    path, song_file = sys.argv[1], sys.argv[2]
    with open(song_file, encoding="utf-8") as f:
        song = json.load(f)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(16)
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch_parent, daemon=True).start()
    while True:
        connection, _ = server.accept()
        threading.Thread(target=serve, args=(connection, song), daemon=True).start()


if __name__ == "__main__":
    main()
