// tunes-play-raw: plays raw S16LE from stdin through ALSA (development harness).
print("tunes-play-raw: not built yet")
