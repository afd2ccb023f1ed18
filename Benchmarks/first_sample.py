# Time from starting a player to the first sample it writes, seen from outside: the player writes to
# ALSA's file plugin on a FIFO, and the clock stops when the first byte comes out of the FIFO.
# Usage: first_sample.py CMD ARGS... ; "{device}" in ARGS is replaced by the ALSA device string.
# Prints seconds (process start included), or "n/a" when nothing came within the time limit.
import os
import select
import subprocess
import sys
import tempfile
import time

LIMIT = float(os.environ.get("FIRST_SAMPLE_LIMIT", "20"))

with tempfile.TemporaryDirectory(prefix="tunes-first-sample-") as work:
    fifo = os.path.join(work, "pcm.raw")
    os.mkfifo(fifo)
    device = f"file:'{fifo}',raw"
    argv = [a.replace("{device}", device) for a in sys.argv[1:]]
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # before the player, so its open never blocks
    start = time.perf_counter()
    player = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = None
    while time.perf_counter() - start < LIMIT:
        ready, _, _ = select.select([reader], [], [], 0.001)
        if ready:
            try:
                if os.read(reader, 1):
                    elapsed = time.perf_counter() - start
                    break
            except BlockingIOError:
                pass
            time.sleep(0.0002)  # readable at EOF while no writer is connected yet
        if player.poll() is not None:
            break
    player.terminate()
    try:
        while os.read(reader, 65536):  # let a blocked writer finish its write and see the signal
            pass
    except BlockingIOError:
        pass
    try:
        player.wait(timeout=5)
    except subprocess.TimeoutExpired:
        player.kill()
        player.wait()
    os.close(reader)
    print("n/a" if elapsed is None else f"{elapsed:.6f}")
