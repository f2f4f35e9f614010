"""Slow clients against a running site, 127.0.0.1 only: ``--clients`` connections
that send a request's header one line every ``--every`` seconds and never finish it
(the attack that stalls a server reading headers itself), while one client asks
``/healthz`` and a public page in turn; prints how long each answer took.

    .venv/bin/python bench/slow_clients.py --url http://127.0.0.1:8850 \\
        --page /live/2026-12-01/ --clients 100 --seconds 30
"""

from __future__ import annotations

import argparse
import socket
import statistics
import threading
import time
import urllib.request
from urllib.parse import urlsplit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the site, e.g. the front")
    parser.add_argument("--page", default="/", help="a public page to ask")
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--every", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    parts = urlsplit(args.url)
    if parts.hostname not in ("127.0.0.1", "localhost"):
        raise SystemExit("This bench runs against 127.0.0.1 only.")

    def connect() -> socket.socket:
        sock = socket.create_connection((parts.hostname, parts.port or 80))
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {parts.netloc}\r\n".encode())
        return sock

    slow = [connect() for _ in range(args.clients)]
    stop = threading.Event()
    reconnected = [0]

    def trickle() -> None:  # a header line each, never the end; a dropped one returns
        n = 0
        while not stop.wait(args.every):
            n += 1
            for index, sock in enumerate(slow):
                try:
                    sock.sendall(f"X-Slow-{n}: still here\r\n".encode())
                except OSError:
                    sock.close()
                    slow[index] = connect()
                    reconnected[0] += 1

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    timings: dict[str, list[float]] = {"/healthz": [], args.page: []}
    failures = 0
    started = time.monotonic()
    while time.monotonic() - started < args.seconds:
        for path, seconds in timings.items():
            began = time.monotonic()
            try:
                with urllib.request.urlopen(args.url + path, timeout=10) as answer:
                    answer.read()
                    ok = answer.status == 200
            except OSError:
                ok = False
            seconds.append(time.monotonic() - began)
            failures += not ok
        time.sleep(0.2)
    stop.set()
    thread.join()
    for sock in slow:
        sock.close()
    print(
        f"{args.clients} slow clients (a header line every {args.every:g} s) for "
        f"{args.seconds:g} s; {reconnected[0]} dropped by the server and reconnected"
    )
    for path, seconds in timings.items():
        ordered = sorted(seconds)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(
            f"  {path}: {len(seconds)} requests, median "
            f"{statistics.median(seconds) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {max(seconds) * 1000:.1f} ms"
        )
    print(f"  not answered 200: {failures}")


if __name__ == "__main__":
    main()
