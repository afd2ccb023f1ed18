// tunes-decode FILE > out.raw: decodes an MP3 to raw S16LE (development harness).
print("tunes-decode: not built yet")
