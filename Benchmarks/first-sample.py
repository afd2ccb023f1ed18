# Time from spawning a player to the first byte of audio it writes: the command writes raw audio into a
# FIFO ({out} in its arguments, through ALSA's file plugin); the clock stops at the first byte read.
# Usage: first-sample.py WORKDIR RUNS -- COMMAND… ; prints the median in ms, then every run.
import os, select, signal, statistics, subprocess, sys, time

work, runs, command = sys.argv[1], int(sys.argv[2]), sys.argv[4:]
fifo = os.path.join(work, "first-sample.fifo")
results = []
for _ in range(runs):
    if os.path.exists(fifo):
        os.unlink(fifo)
    os.mkfifo(fifo)
    # Read-write: opening never blocks, and a player that opens the device twice (mpg123 probes it
    # first) never sees a missing reader.
    fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    start = time.monotonic()
    player = subprocess.Popen([a.replace("{out}", fifo) for a in command],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    first = None
    while first is None and time.monotonic() - start < 30:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready and os.read(fd, 65536):
            first = time.monotonic()
        elif player.poll() is not None:
            break
    if player.poll() is None:
        player.send_signal(signal.SIGINT)
    while player.poll() is None:
        select.select([fd], [], [], 0.05)
        try:
            os.read(fd, 1 << 20)
        except BlockingIOError:
            pass
    os.close(fd)
    results.append((first - start) * 1000 if first else float("nan"))
os.unlink(fifo)
print("%.1f" % statistics.median(results), " ".join("%.0f" % r for r in results))
