"""Times every Vocabulary, Monologues, Plots and Ghost read of one account at scale, against the
product's floors; run by scripts/scale-bench.sh against a seeded `folio serve`."""
import http.client
import json
import os
import statistics
import sys
import time
import urllib.parse

PAGE_BYTES = 150 * 1024
READ_MS = 20.0
REVIEW_MS = 5.0


class Session:
    """One kept-alive connection with the session and CSRF cookies."""

    def __init__(self, host, port):
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";")[0]
        return response.status, data

    def log_in(self, username, password):
        self.request("GET", "/account/login")
        form = urllib.parse.urlencode({"username": username, "password": password, "next": "/account",
                                       "csrfToken": self.cookies.get("folio_csrf", "")})
        status, _ = self.request("POST", "/account/login", form, {"Content-Type": "application/x-www-form-urlencoded"})
        if status not in (302, 303):
            sys.exit(f"logging in as {username} answered {status}")

    def time(self, path, count):
        for _ in range(3):
            self.request("GET", path)
        times, size, status = [], 0, 0
        for _ in range(count):
            start = time.perf_counter()
            status, data = self.request("GET", path)
            times.append((time.perf_counter() - start) * 1000)
            size = len(data)
        return status, statistics.median(times), size


def main():
    host, port = sys.argv[1], int(sys.argv[2])
    count = int(os.environ.get("SCALE_REQUESTS", "30"))
    report_only = os.environ.get("SCALE_REPORT_ONLY") == "1"
    session = Session(host, port)
    session.log_in(os.environ["SCALE_USERNAME"], os.environ["SCALE_PASSWORD"])

    status, body = session.request("GET", "/api/v1/favourites?limit=1&offset=0")
    favourite = urllib.parse.quote(json.loads(body)["items"][0]["monologue"]["id"], safe="")
    # Lists other apps page on their own get the first page asked for; unknown parameters are ignored.
    page = "limit=50&offset=0"
    reads = {
        "Vocabulary": [
            ("pairs page", "/vocab"),
            ("pairs search page", "/vocab?q=ba"),
            ("pairs API", f"/api/v1/vocab/pairs?{page}"),
            ("pairs search API", f"/api/v1/vocab/pairs?q=ba&{page}"),
            ("tags API", f"/api/v1/vocab/tags?{page}"),
            ("revise page", "/vocab/revise"),
            ("next review page", "/vocab/revise/session"),
            ("next review API", "/api/v1/vocab/review", REVIEW_MS),
            ("statistics page", "/vocab/stats"),
        ],
        "Monologues": [
            ("list page", "/monologues"),
            ("search page", "/monologues?q=love+death"),
            ("search API", "/api/v1/monologues?q=love+death"),
            ("tags page", "/monologues/tags"),
            ("tags API", "/api/v1/tags"),
            ("favourites page", "/monologues/favourites"),
            ("favourites page 10", "/monologues/favourites?page=10"),
            ("favourites API", f"/api/v1/favourites?{page}"),
            ("favourite page", f"/monologues/{favourite}"),
            ("favourite edit page", f"/monologues/favourites/{favourite}/edit"),
        ],
        "Characters": [
            ("favourites page", "/characters/favourites"),
            ("favourites API", f"/api/v1/characters/favourites?{page}"),
        ],
        "Ghost": [
            ("games page", "/ghost"),
            ("games API", f"/api/v1/ghost/games?{page}"),
            ("leaderboard page", "/ghost/scores"),
            ("leaderboard API", f"/api/v1/ghost/highscores?{page}"),
        ],
        "Plots": [
            ("kept plots page", "/plots/kept"),
            ("kept plots API", f"/api/v1/plots/kept?{page}"),
            ("grammars page", "/plots/grammars"),
            ("grammars API", f"/api/v1/plots/grammars?{page}"),
        ],
    }
    print(f"{'app':<11} {'read':<22} {'median':>9} {'size':>10}  floor       path")
    broken = []
    for app, name, path, floor in [(app, *read, READ_MS)[:4] for app, group in reads.items() for read in group]:
        status, median, size = session.time(path, count)
        problems = []
        if status != 200:
            problems.append(f"status {status}")
        if median > floor:
            problems.append(f"median > {floor:g} ms")
        if size > PAGE_BYTES:
            problems.append("size > 150 KB")
        mark = "ok" if not problems else "BROKEN: " + ", ".join(problems)
        print(f"{app:<11} {name:<22} {median:7.2f} ms {size / 1024:7.1f} KB  ≤{floor:g} ms  {path}  {mark}")
        if problems:
            broken.append(f"{app} {name}")
    print(f"\n{sum(len(group) for group in reads.values())} reads, median of {count} requests each; floors: ≤ 150 KB, ≤ {READ_MS:g} ms, next review ≤ {REVIEW_MS:g} ms")
    if broken:
        print(f"{len(broken)} broken: " + "; ".join(broken))
        if not report_only:
            sys.exit(1)
    else:
        print("every floor holds")


if __name__ == "__main__":
    main()
