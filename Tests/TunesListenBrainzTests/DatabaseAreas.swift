// Every area sharing the library database, as the tunes command opens it: what the tests' libraries
// are opened with (Library.init refuses to migrate without one of them).
import TunesLibrary
import TunesListenBrainz
import TunesPlayer
import TunesPlaylists

let everyDatabaseArea = [PlaylistSchema.area, PlayStateSchema.area, ListenSchema.area, DashboardSchema.area, StickerSchema.area]
