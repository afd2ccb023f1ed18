// TunesListenBrainz: see Package.swift for what this module owns.
