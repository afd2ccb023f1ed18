#!/usr/bin/env python3
"""How long another client's `status` waits while one client's command runs on an MPD server.

Usage: status-during.py SOCKET RUNS COMMAND [BEFORE]

Two connections to the server's Unix socket, kept open (no client start-up in the figures): a second
thread sends `status` every 2 ms and times each reply, while the main thread sends BEFORE (untimed,
when given, e.g. `random 0`), waits 50 ms, then sends COMMAND and times it. Only the statuses sent
while COMMAND ran count. Prints one line per run (the command's time, how many statuses overlapped
it, the longest and the median of them, in ms) and a last line of medians over the runs:
`median command_ms longest_status_ms`. A server that does the command's work where it answers other
clients shows a longest status about as long as the command.
"""
import socket
import statistics
import sys
import threading
import time


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.makefile("rb").readline()  # the greeting
    return s


def ask(sock, reader, line):
    sock.sendall(line.encode() + b"\n")
    while True:
        reply = reader.readline()
        if not reply:
            raise SystemExit("the server closed the connection")
        if reply.startswith(b"OK") or reply.startswith(b"ACK"):
            return reply


def main():
    path, runs, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    before = sys.argv[4] if len(sys.argv) > 4 else ""
    main_sock = connect(path)
    main_reader = main_sock.makefile("rb")
    poll_sock = connect(path)
    poll_reader = poll_sock.makefile("rb")
    commands, longest = [], []
    for _ in range(runs):
        if before:
            ask(main_sock, main_reader, before)
        time.sleep(1.0)  # what the previous command left (a state save of the whole queue) settles
        window = [None, None]
        samples = []  # (sent, answered)
        stop = threading.Event()

        def poll():
            while not stop.is_set():
                sent = time.perf_counter()
                ask(poll_sock, poll_reader, "status")
                samples.append((sent, time.perf_counter()))
                time.sleep(0.002)

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.05)
        window[0] = time.perf_counter()
        ask(main_sock, main_reader, command)
        window[1] = time.perf_counter()
        time.sleep(0.02)
        stop.set()
        poller.join()
        during = [(answered - sent) * 1000 for sent, answered in samples if sent < window[1] and answered > window[0]]
        took = (window[1] - window[0]) * 1000
        worst = max(during) if during else 0.0
        commands.append(took)
        longest.append(worst)
        median = statistics.median(during) if during else 0.0
        print(f"command {took:.1f} ms; {len(during)} statuses during it, longest {worst:.1f} ms, median {median:.1f} ms")
    print(f"median {statistics.median(commands):.1f} {statistics.median(longest):.1f}")


main()
