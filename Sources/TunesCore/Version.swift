// The version tunes reports to users and to ListenBrainz (User-Agent, submission_client_version).
public enum TunesVersion {
  public static let string = "0.1.0"
}
