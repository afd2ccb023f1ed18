// HTTPTransport on libcurl: one easy handle per request, run on a thread of its own so the calling
// task never blocks a shared thread. Connect and whole-request timeouts are always set.
import CCurl
import Foundation

public final class CurlTransport: HTTPTransport {
  public let connectTimeout: Double
  public let requestTimeout: Double

  /// Timeouts in seconds; a request never waits longer than `requestTimeout` in all.
  public init(connectTimeout: Double = 10, requestTimeout: Double = 30) {
    self.connectTimeout = connectTimeout
    self.requestTimeout = requestTimeout
  }

  /// Loads libcurl and its TLS libraries once, at the first request: a client that never sends (no
  /// token, nothing to submit) costs nothing, where this cost 7 ms of every `tunes play` start.
  private static let globalInit: Void = { _ = tunes_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    _ = CurlTransport.globalInit
    let connectMs = Int(connectTimeout * 1000)
    let totalMs = Int(requestTimeout * 1000)
    let result: Result<HTTPResponse, TransportError> = await withCheckedContinuation { continuation in
      // A thread of its own: curl_easy_perform blocks for up to the whole timeout, and blocking calls
      // on the small shared pools (cooperative or Dispatch global) starve every other task.
      let thread = Thread {
        continuation.resume(returning: CurlTransport.perform(request, connectMs: connectMs, totalMs: totalMs))
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    return try result.get()
  }

  /// Collects what libcurl hands to the callbacks of one transfer.
  private final class Accumulator {
    var body = Data()
    var headers: [String: String] = [:]
  }

  private static let writeBody: curl_write_callback = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let accumulator = Unmanaged<Accumulator>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    pointer.withMemoryRebound(to: UInt8.self, capacity: length) { accumulator.body.append($0, count: length) }
    return length
  }

  private static let writeHeader: curl_write_callback = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let accumulator = Unmanaged<Accumulator>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    if line.hasPrefix("HTTP/") {
      accumulator.headers = [:]  // a new response (after 100 Continue): forget the previous headers
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      accumulator.headers[name] = value
    }
    return length
  }

  private static func perform(_ request: HTTPRequest, connectMs: Int, totalMs: Int) -> Result<HTTPResponse, TransportError> {
    guard let handle = tunes_curl_easy_init() else {
      return .failure(.other(cause: tunes_curl_available() != 0 ? "curl_easy_init failed" : "libcurl.so.4 cannot be loaded"))
    }
    defer { tunes_curl_easy_cleanup(handle) }
    let accumulator = Accumulator()
    let context = Unmanaged.passUnretained(accumulator).toOpaque()
    var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    var headerList: UnsafeMutablePointer<curl_slist>? = nil
    // An empty Expect stops libcurl from waiting for "100 Continue" before large bodies.
    for line in request.headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
      headerList = tunes_curl_slist_append(headerList, line)
    }
    defer { tunes_curl_slist_free_all(headerList) }

    _ = tunes_curl_setopt_str(handle, CURLOPT_URL, request.url)
    _ = tunes_curl_setopt_str(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    _ = tunes_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    _ = tunes_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connectMs)
    _ = tunes_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, totalMs)
    _ = tunes_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
    _ = tunes_curl_setopt_writefn(handle, CURLOPT_WRITEFUNCTION, writeBody)
    _ = tunes_curl_setopt_ptr(handle, CURLOPT_WRITEDATA, context)
    _ = tunes_curl_setopt_writefn(handle, CURLOPT_HEADERFUNCTION, writeHeader)
    _ = tunes_curl_setopt_ptr(handle, CURLOPT_HEADERDATA, context)

    let body = request.body ?? Data()
    let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
      _ = tunes_curl_setopt_ptr(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
      return body.withUnsafeBytes { bytes in
        if request.method == "POST" {
          _ = tunes_curl_setopt_long(handle, CURLOPT_POST, 1)
          _ = tunes_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
          if let base = bytes.baseAddress, bytes.count > 0 {
            // Points at `body`, which outlives curl_easy_perform below: no copy of a 10 MB batch.
            _ = tunes_curl_setopt_ptr(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: base))
          } else {
            _ = tunes_curl_setopt_str(handle, CURLOPT_COPYPOSTFIELDS, "")
          }
        } else if request.method != "GET" {
          _ = tunes_curl_setopt_str(handle, CURLOPT_CUSTOMREQUEST, request.method)
        }
        return tunes_curl_easy_perform(handle)
      }
    }
    guard code == CURLE_OK else {
      let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let cause = detail.isEmpty ? String(cString: tunes_curl_easy_strerror(code)) : detail
      switch code {
      case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut(cause: cause))
      case CURLE_COULDNT_CONNECT: return .failure(.couldNotConnect(cause: cause))
      case CURLE_COULDNT_RESOLVE_HOST: return .failure(.couldNotResolve(cause: cause))
      case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
        return .failure(.connectionDropped(cause: cause))
      default: return .failure(.other(cause: cause))
      }
    }
    var status = 0
    _ = tunes_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    return .success(HTTPResponse(status: status, headers: accumulator.headers, body: accumulator.body))
  }
}
