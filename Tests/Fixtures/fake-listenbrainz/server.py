#!/usr/bin/env python3
# A fake ListenBrainz API for tests and benchmarks (Python 3 stdlib only): submit-listens with the
# server's validation order and messages, validate-token, playing-now/delete, rate-limit headers, and
# fault modes set through POST /__control. Routes are registered with @route, so more endpoints
# (stats, listens, followers, feedback, pins, playlists) are added as more decorated functions.
#
# Usage: server.py [--token TOKEN=USER ...] [--rate-limit N] [--window SECONDS] [--fail STATUS --fail-times N] [--hold]
# Prints the chosen port on stdout, then serves on 127.0.0.1 until killed. With --hold the port is bound
# but refuses connections (a server that is down) until SIGUSR1; then it prints "listening" and serves.
# A test that brings a server up later holds its port all along: a port let go and bound again could be
# taken in between by any connection's source port, or by the client's own retries connecting to itself.
import argparse
import json
import re
import signal
import socket
import sys
import threading
import time
import urllib.parse
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Server constants (listenbrainz/webserver/views/api_tools.py, listenstore/__init__.py).
MAX_LISTEN_PAYLOAD_SIZE = 10240 * 1000
MAX_LISTENS_PER_REQUEST = 1000
MAX_LISTEN_SIZE = 10240
LISTEN_MINIMUM_TS = 1033430400
API_LISTENED_AT_ALLOWED_SKEW = 3600
MAX_TAGS_PER_LISTEN = 50
MAX_TAG_SIZE = 64
MAX_DURATION_LIMIT = 2073600
MAX_DURATION_MS_LIMIT = 2073600000
# listenbrainz/webserver/utils.py: the 401s for a valid token whose account may not submit now.
REJECT_LISTENS_WITHOUT_EMAIL_ERROR = (
    "The listens were rejected because the user does not has not provided an email. "
    "Please visit https://musicbrainz.org/account/edit to add an email address. "
    "Read the blog post at https://blog.metabrainz.org/?p=8915 to understand why we need your email.")
REJECT_LISTENS_FROM_PAUSED_USER_ERROR = (
    "User account is paused and is currently not accepting listens. "
    "Feel free to contact us if you have any questions about this. https://metabrainz.org/contact")
RATE_LIMIT_BODY = ("You have exceeded your rate limit. See the X-RateLimit-* response headers for more "
                   "information on your current rate limit.")


class APIError(Exception):
    def __init__(self, code, message, payload=None):
        super().__init__(message)
        self.code, self.message, self.payload = code, message, payload

    def body(self):
        out = dict(self.payload or {})
        out["code"] = self.code
        out["error"] = self.message
        return out


class State:
    """Everything the fake knows; one lock guards it."""

    def __init__(self, tokens, rate_limit, window):
        self.lock = threading.Lock()
        self.tokens = tokens            # token -> user name
        self.rate_limit = rate_limit
        self.window = window
        self.window_counts = {}         # (client, window start) -> requests
        self.listens = []               # stored listens, in insertion order
        self.seen = set()               # (listened_at, user, msid)
        self.playing_now = {}           # user -> listen
        self.requests = []              # log of submit-listens requests: {listen_type, count, bytes, status}
        self.faults = []                # pending fault entries, see control()
        self.accounts = {}              # user -> "paused" | "no_email" (absent: in good standing)

    def take_fault(self, path):
        with self.lock:
            for fault in self.faults:
                if re.search(fault.get("path", "^/1/submit-listens$"), path) and fault["times"] > 0:
                    fault["times"] -= 1
                    if fault["times"] == 0:
                        self.faults.remove(fault)
                    return dict(fault)
        return None


ROUTES = []


def route(method, pattern):
    def register(function):
        ROUTES.append((method, re.compile("^" + pattern + "$"), function))
        return function
    return register


def as_int(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def json_response(status, body):
    return status, body


# ------------------------------------------------------------------------------------------------
# Authentication


def user_from_auth(handler, state):
    header = handler.headers.get("Authorization")
    if header is None:
        raise APIError(401, "You need to provide an Authorization header.")
    parts = header.split(" ")
    if len(parts) < 2:
        raise APIError(401, "Provided Authorization header is invalid.")
    user = state.tokens.get(parts[1])
    if user is None:
        raise APIError(401, "Invalid authorization token.")
    return user


# ------------------------------------------------------------------------------------------------
# Listen validation (validate_listen in api_tools.py), in the server's order.


def is_uuid(value):
    try:
        uuid.UUID(str(value))
        return True
    except ValueError:
        return False


def check_nulls(value, listen):
    if isinstance(value, dict):
        for item in value.values():
            check_nulls(item, listen)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str) and "\x00" in item:
                raise APIError(400, "%s contains a unicode null" % item, listen)
    elif isinstance(value, str) and "\x00" in value:
        raise APIError(400, "%s contains a unicode null" % value, listen)


def validate_listen(listen, listen_type):
    if listen is None:
        raise APIError(400, "Listen is empty and cannot be validated.")
    if not isinstance(listen, dict):
        raise APIError(400, "Listen is empty and cannot be validated.")
    if listen_type in ("single", "import"):
        if "listened_at" not in listen:
            raise APIError(400, "JSON document must contain the key listened_at at the top level.", listen)
        try:
            value = listen["listened_at"]
            if isinstance(value, bool):
                raise ValueError()
            listen["listened_at"] = int(value)
        except (ValueError, TypeError):
            raise APIError(400, "JSON document must contain an int value for listened_at.", listen)
        if listen["listened_at"] >= int(time.time()) + API_LISTENED_AT_ALLOWED_SKEW:
            raise APIError(400, "Value for key listened_at is too high.", listen)
        if listen["listened_at"] < LISTEN_MINIMUM_TS:
            raise APIError(400, "Value for key listened_at is too low. listened_at timestamp should be greater "
                                "than 1033410600 (2002-10-01 00:00:00 UTC).", listen)
        if "track_metadata" not in listen:
            raise APIError(400, "JSON document must contain the key track_metadata at the top level.", listen)
        if set(listen.keys()) - {"listened_at", "track_metadata"}:
            raise APIError(400, "JSON document may only contain listened_at and track_metadata top level keys", listen)
    else:
        if "listened_at" in listen:
            raise APIError(400, "JSON document must not contain listened_at while submitting playing_now.", listen)
        if "track_metadata" not in listen:
            raise APIError(400, "JSON document must contain the key track_metadata at the top level.", listen)
        if set(listen.keys()) - {"track_metadata"}:
            raise APIError(400, "JSON document may only contain track_metadata as top level key when submitting "
                                "playing_now.", listen)
    metadata = listen["track_metadata"]
    if metadata is None:
        raise APIError(400, "JSON document may not have track_metadata with null value.", listen)
    if not isinstance(metadata, dict):
        raise APIError(400, "JSON document may not have track_metadata with null value.", listen)
    for key, required in (("track_name", True), ("artist_name", True), ("release_name", False)):
        if key not in metadata:
            if required:
                raise APIError(400, "JSON document does not contain required field track_metadata.%s." % key, listen)
            continue
        if not isinstance(metadata[key], str):
            raise APIError(400, "track_metadata.%s must be a single string." % key, listen)
        metadata[key] = metadata[key].strip()
        if not metadata[key]:
            if required:
                raise APIError(400, "field track_metadata.%s is empty." % key, listen)
            del metadata[key]
    info = metadata.get("additional_info")
    if isinstance(info, dict):
        tags = info.get("tags")
        if isinstance(tags, list):
            if len(tags) > MAX_TAGS_PER_LISTEN:
                raise APIError(400, "JSON document may not contain more than %d items in "
                                    "track_metadata.additional_info.tags." % MAX_TAGS_PER_LISTEN, listen)
            for tag in tags:
                if len(str(tag)) > MAX_TAG_SIZE:
                    raise APIError(400, "JSON document may not contain track_metadata.additional_info.tags longer "
                                        "than %d characters." % MAX_TAG_SIZE, listen)
        if "duration" in info and "duration_ms" in info:
            raise APIError(400, "JSON document should not contain both duration and duration_ms.", listen)
        for key, limit in (("duration", MAX_DURATION_LIMIT), ("duration_ms", MAX_DURATION_MS_LIMIT)):
            if key in info:
                try:
                    value = int(float(info[key]))
                except (ValueError, TypeError):
                    value = 0
                if value <= 0:
                    raise APIError(400, "Value for %s is invalid, should be a positive integer." % key, listen)
                if value > limit:
                    raise APIError(400, "Value for %s is too large, max permitted value is %d" % (key, limit), listen)
                info[key] = value
        for key in ("release_mbid", "recording_mbid", "release_group_mbid", "track_mbid"):
            if key in info:
                if not info[key]:
                    del info[key]
                elif not is_uuid(info[key]):
                    raise APIError(400, "%s MBID format invalid." % key, listen)
        for key in ("artist_mbids", "work_mbids"):
            if key in info:
                if not info[key]:
                    del info[key]
                    continue
                items = [item for item in info[key] if item]
                for item in items:
                    if not is_uuid(item):
                        raise APIError(400, "%s MBID format invalid." % key, listen)
                info[key] = items
    check_nulls(listen, listen)


def recording_msid(metadata):
    info = metadata.get("additional_info") or {}
    duration = info.get("duration_ms") or (info.get("duration") or 0) * 1000
    key = "\x1f".join(str(part).lower() for part in (
        metadata.get("track_name"), metadata.get("artist_name"), metadata.get("release_name", ""),
        info.get("track_number", ""), duration))
    return str(uuid.uuid5(uuid.NAMESPACE_URL, key))


# ------------------------------------------------------------------------------------------------
# Endpoints


@route("POST", "/1/submit-listens")
def submit_listens(handler, state, raw, query):
    user = user_from_auth(handler, state)
    # The token is valid (validate-token says so), but the account may not submit: the server checks
    # the e-mail first, then the pause, both before reading the body.
    standing = state.accounts.get(user)
    if standing == "no_email":
        raise APIError(401, REJECT_LISTENS_WITHOUT_EMAIL_ERROR)
    if standing == "paused":
        raise APIError(401, REJECT_LISTENS_FROM_PAUSED_USER_ERROR)
    if len(raw) > MAX_LISTEN_PAYLOAD_SIZE:
        raise APIError(400, "Payload too large. Payload cannot exceed %d bytes" % MAX_LISTEN_PAYLOAD_SIZE)
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except (ValueError, UnicodeDecodeError) as error:
        raise APIError(400, "Cannot parse JSON document: %s" % error)
    if not isinstance(data, dict):
        raise APIError(400, "Invalid JSON document submitted. Top level of JSON document should be a json object.")
    if "payload" not in data:
        raise APIError(400, "Invalid JSON document submitted.")
    payload = data["payload"]
    if not isinstance(payload, list):
        raise APIError(400, "The payload in the JSON document should be a list of listens.",
                       payload if isinstance(payload, dict) else None)
    if len(payload) == 0:
        raise APIError(400, "JSON document does not contain any listens")
    if len(payload) > MAX_LISTENS_PER_REQUEST:
        raise APIError(400, "Too many listens. You may not submit more than %d listens at once." % MAX_LISTENS_PER_REQUEST)
    if len(raw) > len(payload) * MAX_LISTEN_SIZE:
        raise APIError(400, "JSON document is too large. Each listens may not be larger than %d bytes." % MAX_LISTEN_SIZE)
    if "listen_type" not in data:
        raise APIError(400, "Invalid JSON document submitted.")
    listen_type = data["listen_type"]
    if listen_type not in ("single", "playing_now", "import"):
        raise APIError(400, "JSON document requires a valid listen_type key.")
    if listen_type in ("single", "playing_now") and len(payload) > 1:
        raise APIError(400, "JSON document contains more than listen for a single/playing_now. It should contain only one.")
    for listen in payload:
        validate_listen(listen, listen_type)
    if listen_type == "playing_now":
        with state.lock:
            state.playing_now[user] = payload[0]
        body = {"status": "ok"}
        if query.get("return_msid"):
            body["recording_msid"] = recording_msid(payload[0]["track_metadata"])
        return 200, body
    with state.lock:
        for listen in payload:
            msid = recording_msid(listen["track_metadata"])
            key = (listen["listened_at"], user.lower(), msid)
            if key in state.seen:
                continue
            state.seen.add(key)
            stored = dict(listen)
            stored["user_name"] = user
            stored["recording_msid"] = msid
            stored["inserted_at"] = int(time.time())
            state.listens.append(stored)
    return 200, {"status": "ok"}


@route("GET", "/1/validate-token")
def validate_token(handler, state, raw, query):
    header = handler.headers.get("Authorization", "")
    token = None
    if header.lower().startswith("token "):
        token = header.split(" ", 1)[1].strip()
    elif query.get("token"):
        token = query["token"]
    if not token:
        raise APIError(400, "You need to provide an Authorization token.")
    user = state.tokens.get(token)
    if user is None:
        return 200, {"code": 200, "message": "Token invalid.", "valid": False}
    return 200, {"code": 200, "message": "Token valid.", "valid": True, "user_name": user}


@route("POST", "/1/playing-now/delete")
def playing_now_delete(handler, state, raw, query):
    user = user_from_auth(handler, state)
    client = None
    if raw:
        try:
            client = (json.loads(raw) or {}).get("client")
        except ValueError as error:
            raise APIError(400, "Failed to decode JSON object: %s" % error)
    with state.lock:
        current = state.playing_now.get(user)
        if current is None:
            return 200, {"status": "ok", "message": "Playing now was already cleared"}
        sent_by = current.get("track_metadata", {}).get("additional_info", {}).get("submission_client")
        if client is not None and client != sent_by:
            raise APIError(404, "No playing now listen found for the specified client.")
        del state.playing_now[user]
    return 200, {"status": "ok", "message": "Playing now cleared successfully"}


# The server's user-name converter: at least 2 characters, may contain an encoded "/".
USER = "(?P<user>[^/].*?[^/]+)"


def canonical_user(state, name):
    """The stored spelling of a user (lookup is case-insensitive), or 404 as most user routes answer."""
    canonical = next((known for known in state.tokens.values() if known.lower() == name.lower()), None)
    if canonical is None:
        raise APIError(404, "Cannot find user: %s" % name)
    return canonical


@route("GET", "/1/user/" + USER + "/playing-now")
def user_playing_now(handler, state, raw, query, user):
    canonical = canonical_user(state, user)
    with state.lock:
        current = state.playing_now.get(canonical)
    listens = [] if current is None else [{"track_metadata": current["track_metadata"], "user_name": canonical,
                                           "playing_now": True}]
    return 200, {"payload": {"count": len(listens), "user_id": user, "playing_now": True, "listens": listens}}


# ------------------------------------------------------------------------------------------------
# Test control (not part of the real API)


@route("POST", "/__control")
def control(handler, state, raw, query):
    """{"fail": 500, "times": 2} | {"delay": 2.5, "times": 1} | {"drop_after_store": true, "times": 1} |
    {"rate_limit": N, "window": S} | {"account": {USER: "paused" | "no_email" | "ok"}} | {"reset": true}; each fault may carry "path" (a regex, default submit-listens);
    a "fail" may carry "body" (sent as it is, text/html, instead of the JSON error: a captive portal's page)
    and "headers" (replacing response headers, e.g. {"X-RateLimit-Reset-In": "86400"})."""
    command = json.loads(raw or b"{}")
    with state.lock:
        if command.get("reset"):
            state.listens, state.seen, state.requests, state.faults = [], set(), [], []
            state.window_counts = {}
        for name, standing in (command.get("account") or {}).items():
            if standing == "ok":
                state.accounts.pop(name, None)
            else:
                state.accounts[name] = standing
        if "rate_limit" in command:
            state.rate_limit = int(command["rate_limit"])
            state.window = int(command.get("window", state.window))
            state.window_counts = {}
        for kind in ("fail", "delay", "drop_after_store"):
            if kind in command:
                state.faults.append({"kind": kind, "value": command[kind], "times": int(command.get("times", 1)),
                                     "path": command.get("path", "^/1/submit-listens$"), "body": command.get("body"),
                                     "headers": command.get("headers") or {}})
    return 200, {"status": "ok"}


@route("GET", "/__listens")
def stored_listens(handler, state, raw, query):
    with state.lock:
        return 200, {"listens": list(state.listens), "count": len(state.listens)}


@route("GET", "/__requests")
def request_log(handler, state, raw, query):
    with state.lock:
        return 200, {"requests": list(state.requests), "count": len(state.requests)}


import social_routes; social_routes.register(route)  # noqa: E402,E702 - the feed, follows, recommendations, reviews
import dashboard_routes; dashboard_routes.register(route)  # noqa: E402,E702 - the dashboard endpoints


# ------------------------------------------------------------------------------------------------
# HTTP plumbing


class Handler(BaseHTTPRequestHandler):
    server_version = "fake-listenbrainz/1"
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def rate_limit_headers(self):
        state = self.server.state
        now = int(time.time())
        with state.lock:
            window_start = (now // state.window) * state.window
            reset = window_start + state.window
            key = (self.client_address[0], window_start)
            state.window_counts[key] = state.window_counts.get(key, 0) + 1
            used = state.window_counts[key]
            limit = state.rate_limit
        headers = {
            "X-RateLimit-Limit": str(limit), "X-RateLimit-Remaining": str(max(limit - used, 0)),
            "X-RateLimit-Reset": str(reset), "X-RateLimit-Reset-In": str(reset - now),
            "Access-Control-Expose-Headers": "X-RateLimit-Remaining,X-RateLimit-Limit,X-RateLimit-Reset,X-RateLimit-Reset-In",
        }
        return headers, used > limit

    def dispatch(self, method):
        path, _, query_text = self.path.partition("?")
        query = dict(urllib.parse.parse_qsl(query_text, keep_blank_values=True))
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        state = self.server.state
        handler = None
        for route_method, pattern, function in ROUTES:
            match = pattern.match(path)
            if match and route_method == method:
                groups = {key: urllib.parse.unquote(value) for key, value in match.groupdict().items()}
                handler = (lambda function, groups: lambda h, s, r, q: function(h, s, r, q, **groups))(function, groups)
                break
        if path.startswith("/__"):
            status, body = handler(self, state, raw, query) if handler else (404, {"error": "no such control"})
            return self.send_json(status, body, {})
        headers, over = self.rate_limit_headers()
        fault = state.take_fault(path)
        if fault and fault["kind"] == "fail":
            headers.update(fault.get("headers") or {})
        if fault and fault["kind"] == "delay":
            time.sleep(float(fault["value"]))
        if over:
            status, body = 429, {"code": 429, "error": RATE_LIMIT_BODY}
        elif fault and fault["kind"] == "fail":
            status = int(fault["value"])
            body = {"code": status, "error": fault.get("message") or "Injected failure %d" % status}
        elif handler is None:
            status, body = 404, {"code": 404, "error": "The requested URL was not found on the server. If you "
                                 "entered the URL manually please check your spelling and try again."}
        else:
            try:
                status, body = handler(self, state, raw, query)
            except APIError as error:
                status, body = error.code, error.body()
            except Exception:  # the real server's catch-all
                status, body = 500, {"code": 500, "error": "An unknown error occured."}
        if path == "/1/submit-listens":
            try:
                parsed = json.loads(raw)
                entry = {"listen_type": parsed.get("listen_type"), "count": len(parsed.get("payload") or [])}
            except Exception:
                entry = {"listen_type": None, "count": 0}
            entry.update({"bytes": len(raw), "status": status, "user_agent": self.headers.get("User-Agent"),
                          "time": time.time(), "reset_in": as_int(headers.get("X-RateLimit-Reset-In"))})
            with state.lock:
                state.requests.append(entry)
        if fault and fault["kind"] == "fail" and fault.get("body") is not None:
            return self.send_raw(status, fault["body"].encode(), headers)
        if fault and fault["kind"] == "drop_after_store":
            # The work is done (listens stored) but the reply never arrives.
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        self.send_json(status, body, headers)

    def send_raw(self, status, data, headers):
        self.send_response(status)
        self.send_header("Content-Type", "text/html")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, status, body, headers):
        data = b"" if status == 204 else (json.dumps(body, sort_keys=True, separators=(",", ":")) + "\n").encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Access-Control-Allow-Origin", "*")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if data:
            self.wfile.write(data)


def main():
    # A parent may have blocked SIGTERM (the mask is inherited through exec): unblock it so that
    # terminating the server works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--token", action="append", default=[], help="TOKEN=USER (default: test-token=tester)")
    parser.add_argument("--paused", action="append", default=[], help="USER whose account is paused")
    parser.add_argument("--no-email", action="append", default=[], help="USER without a verified e-mail address")
    parser.add_argument("--fail", type=int, help="answer submit-listens with this status (as /__control fail) …")
    parser.add_argument("--fail-times", type=int, default=1, help="… this many times, from the first request on")
    parser.add_argument("--rate-limit", type=int, default=30)
    parser.add_argument("--window", type=int, default=10)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--hold", action="store_true", help="refuse connections until SIGUSR1")
    args = parser.parse_args()
    # Blocked before any thread starts, so that only sigwait below takes it.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    tokens = dict(item.split("=", 1) for item in (args.token or ["test-token=tester"]))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler, bind_and_activate=False)
    server.server_bind()
    if not args.hold:
        server.server_activate()
    server.daemon_threads = True
    server.state = State(tokens, args.rate_limit, args.window)
    server.state.accounts.update({name: "paused" for name in args.paused})
    server.state.accounts.update({name: "no_email" for name in args.no_email})
    if args.fail:
        server.state.faults.append({"kind": "fail", "value": args.fail, "times": args.fail_times,
                                    "path": "^/1/submit-listens$", "body": None, "headers": {}})
    print(server.server_address[1], flush=True)
    if args.hold:
        # Bound, not listening: connections are refused (a reset), as by a host whose server is down.
        # SIGTERM is taken here too: a Python handler would not run while sigwait blocks.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        if signal.sigwait({signal.SIGUSR1, signal.SIGTERM}) == signal.SIGTERM:
            sys.exit(0)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
        server.server_activate()
        print("listening", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
