"""A browser's side of Folio for the proof scripts: one account's cookies and CSRF token, over
the JSON API and the account forms. Standard library only."""

from __future__ import annotations

import http.cookiejar
import json
import time
import urllib.error
import urllib.parse
import urllib.request


class Browser:
    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), urllib.request.ProxyHandler({}))

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    @property
    def cookies(self) -> str:
        """The Cookie header a WebSocket handshake sends."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(self, method: str, path: str, body=None, form: dict | None = None, timeout: float = 10):
        """(status, JSON or text). The CSRF token goes in the header, and in the form when there is one."""
        headers = {"X-CSRF-Token": self.cookie("folio_csrf")}
        data = None
        if form is not None:
            data = urllib.parse.urlencode({**form, "csrfToken": self.cookie("folio_csrf")}).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(req, timeout=timeout) as response:
                text = response.read().decode()
                return response.status, (json.loads(text) if text.startswith(("{", "[")) else text)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")

    def register(self, username: str, password: str, timeout: float = 10) -> None:
        self.request("GET", "/account/register", timeout=timeout)
        for _ in range(120):
            status, _ = self.request("POST", "/account/register", timeout=timeout,
                                     form={"username": username, "password": password, "passwordConfirmation": password})
            if status != 503:
                break
            # Every password thread was busy (a burst of sign-ups): the server asks for a second.
            time.sleep(1)
        if not self.cookie("folio_session"):
            raise SystemExit(f"could not register {username} ({status})")


def ghost_move(game: dict) -> dict:
    """The next move of a Ghost game as the proof scripts play it: a letter, a challenge, a
    concession, so every round is three moves, always legal, and a game ends in a known number."""
    if game.get("challenge"):
        move = {"type": "concede"}
    elif game["fragment"] == "":
        move = {"type": "letter", "letter": "s"}
    else:
        move = {"type": "challenge"}
    move["turn"] = game["turn"]
    return move
