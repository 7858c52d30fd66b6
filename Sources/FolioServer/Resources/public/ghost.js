// Ghost's board, made to feel like a phone game on top of forms that work without it:
// - keys of a real keyboard press the on-screen keys of one-character letters (Welsh's ll, ch and
//   the like are a tap, or typed into the letter field), and the answer to a challenge can be
//   typed on either keyboard, with the whole word on its button before it counts;
// - a room's link can be copied or shared;
// - in an online room moves go over the room's WebSocket, and whenever the game changes the
//   board is fetched again as the server renders it, so the page never draws the game twice. A
//   round's end stays on screen until its player moves on, even while the others play.
// Without this script the same forms post and the page reloads.
(function () {
  "use strict";

  var board = document.getElementById("ghost-board");
  if (!board) return;
  document.documentElement.classList.add("ghost-js");

  var id = board.getAttribute("data-game");
  var online = board.getAttribute("data-mode") === "online" && !!window.WebSocket;
  var socket = null;
  var retry = 0;
  var shownTurn = board.getAttribute("data-turn");
  var shownStatus = board.getAttribute("data-status");
  var shownOpen = board.getAttribute("data-open");
  // What the link's buttons last said, kept when a player joining redraws the board.
  var said = "";
  // Rounds ended so far, and the one whose end is on screen (null: the round in play).
  var knownRounds = Number(board.getAttribute("data-rounds")) || 0;
  var shownOver = board.getAttribute("data-over") ? Number(board.getAttribute("data-over")) : null;
  // A move is on its way: a second tap must not send a second move for the same turn.
  var busy = false;

  function socketOpen() {
    return online && socket && socket.readyState === WebSocket.OPEN;
  }

  // ---------- The link to a room ----------

  function absoluteLink() {
    var link = document.getElementById("ghost-link");
    if (link) link.value = new URL(link.value, location.href).href;
  }

  function say(message) {
    said = message;
    var status = document.getElementById("ghost-link-status");
    if (status) status.textContent = message;
  }

  function copyLink() {
    var input = document.getElementById("ghost-link");
    if (!input) return;
    var text = input.value;
    function byHand() {
      // Older browsers, or a page the clipboard API may not write from: copy the selection.
      input.focus();
      input.select();
      input.setSelectionRange(0, text.length);
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      say(copied ? "Link copied: paste it to the others." : "The link is selected: copy it and send it to the others.");
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { say("Link copied: paste it to the others."); }, byHand);
    } else {
      byHand();
    }
  }

  function shareLink(button) {
    var input = document.getElementById("ghost-link");
    if (!input) return;
    if (!navigator.share) {
      copyLink();
      return;
    }
    navigator.share({ title: button.getAttribute("data-title") || document.title, text: button.getAttribute("data-text") || "",
                      url: input.value })
      .then(function () { say("Link shared."); }, function (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error && error.name === "AbortError") return;
        copyLink();
      });
  }

  // ---------- The answer to a challenge ----------

  function answerParts() {
    var form = board.querySelector("#ghost-answer-form");
    if (!form) return null;
    // Superghost's form takes a whole word, with no fixed start.
    var prefix = form.elements.prefix ? form.elements.prefix.value : "";
    return { form: form, prefix: prefix, field: form.elements.rest || form.elements.word };
  }

  function showAnswer() {
    var parts = answerParts();
    if (!parts) return;
    var rest = parts.field.value.trim().toLowerCase();
    var word = parts.prefix + rest;
    var button = board.querySelector("#ghost-answer");
    if (button) button.textContent = rest ? "Answer “" + word + "”" : "Answer";
  }

  function typeIntoAnswer(letter) {
    var parts = answerParts();
    if (!parts) return false;
    var field = parts.field;
    if (letter === null) {
      field.value = field.value.slice(0, -1);
    } else if (field.value.length < (field.maxLength > 0 ? field.maxLength : 60)) {
      field.value += letter;
    }
    keepAnswer();
    showAnswer();
    return true;
  }

  // An answer being typed is kept in this tab for this challenge (the game and its turn), so a
  // reload, or Back to the board, gives it back rather than an empty field.
  function answerKey() {
    return "folio-ghost-answer-" + id + "-" + board.getAttribute("data-turn");
  }
  function keepAnswer() {
    var parts = answerParts();
    if (!parts) return;
    try {
      if (parts.field.value) sessionStorage.setItem(answerKey(), parts.field.value);
      else sessionStorage.removeItem(answerKey());
    } catch (e) { /* private mode: nothing kept */ }
  }
  function restoreAnswer() {
    var parts = answerParts();
    if (!parts || parts.field.value) return;
    var kept = null;
    try { kept = sessionStorage.getItem(answerKey()); } catch (e) { kept = null; }
    if (kept) parts.field.value = String(kept).slice(0, parts.field.maxLength > 0 ? parts.field.maxLength : 60);
  }

  // ---------- Drawing ----------

  // The turn timer: the seconds left, counted down from the deadline the server keeps. When it
  // passes, the server runs the turn out and the socket brings the new state.
  // After a round of a timed game, the next begins for everyone at one moment (data-round-starts):
  // until then the round's end says when, the keys wait, and then the board moves on by itself.
  var timerTick = null;
  function countDown() {
    if (timerTick) clearInterval(timerTick);
    timerTick = null;
    var timer = board.querySelector("#ghost-timer");
    var nextIn = board.querySelector("#ghost-next-in");
    var deadline = timer ? Date.parse(timer.getAttribute("data-deadline")) : NaN;
    var starts = Date.parse((timer && timer.getAttribute("data-round-starts")) || (nextIn && nextIn.getAttribute("data-round-starts")) || "");
    if (isNaN(deadline) && isNaN(starts)) return;
    function show() {
      var now = Date.now();
      var waiting = !isNaN(starts) && now < starts;
      board.toggleAttribute("data-round-waits", waiting);
      if (nextIn) {
        var wait = Math.max(0, Math.ceil((starts - now) / 1000));
        nextIn.textContent = wait > 0 ? "The next round starts in " + wait + " s, for everyone at once." : "The next round has started.";
        // The latest round's end moves on by itself when the next round begins.
        if (wait === 0 && online && shownOver !== null && shownOver >= knownRounds) {
          clearInterval(timerTick);
          timerTick = null;
          shownOver = null;
          history.replaceState(history.state, "", "/ghost/games/" + id);
          redraw();
          return;
        }
      }
      if (timer && !isNaN(deadline)) {
        if (waiting) {
          timer.textContent = "The round starts in " + Math.ceil((starts - now) / 1000) + " s.";
          timer.classList.remove("ghost-timer-low");
        } else {
          var left = Math.max(0, Math.ceil((deadline - now) / 1000));
          timer.textContent = left > 0 ? left + " s left for this turn" : "Time is up.";
          timer.classList.toggle("ghost-timer-low", left <= 5);
          if (left === 0 && !nextIn && timerTick) { clearInterval(timerTick); timerTick = null; }
        }
      }
    }
    show();
    timerTick = setInterval(show, 250);
  }

  // What only the script can offer is hidden in the page as served; each new board shows it again.
  function enhance() {
    countDown();
    absoluteLink();
    var share = board.querySelector("#ghost-share-actions");
    if (share) share.hidden = false;
    var keys = board.querySelector("#ghost-answer-keys");
    if (keys) keys.hidden = false;
    restoreAnswer();
    // The answer field takes focus only where a real keyboard is likely: on a touch screen the
    // phone's own keyboard would open over the on-screen keys, which type into it anyway.
    var parts = answerParts();
    if (parts && keys && window.matchMedia && window.matchMedia("(pointer: fine)").matches) {
      parts.field.focus({ preventScroll: true });
    }
    showAnswer();
  }

  // A tapped letter shows on the board at once, marked as on its way: the server's board then
  // replaces it, or its refusal takes it back. It took 230–550 ms to appear.
  function showPending(fields, pressed) {
    if (fields.get("type") !== "letter") return;
    var letter = String(fields.get("letter") || "").trim().toLowerCase();
    var shown = board.querySelector("#ghost-fragment");
    if (!letter || !shown) return;
    var text = Array.prototype.filter.call(shown.childNodes, function (n) { return n.nodeType === 3; })
      .map(function (n) { return n.textContent; }).join("").trim();
    var word = fields.get("side") === "start" ? letter + text : text + letter;
    shown.textContent = word;
    shown.classList.add("ghost-pending");
    if (pressed && pressed.classList) pressed.classList.add("ghost-key-pressed");
  }

  function showError(message) {
    var current = document.getElementById("ghost-error");
    var status = document.getElementById("ghost-status");
    if (!current && status) {
      // Said where the turn is said, in room kept for it: the keyboard never moves. The players'
      // row still shows whose turn it is.
      current = document.createElement("span");
      current.id = "ghost-error";
      current.className = "ghost-refusal";
      status.replaceChildren(current);
    } else if (!current) {
      current = document.createElement("p");
      current.id = "ghost-error";
      current.className = "flash flash-error";
      current.setAttribute("role", "alert");
      var meta = board.querySelector(".ghost-meta");
      board.insertBefore(current, meta ? meta.nextSibling : board.firstChild);
    }
    current.textContent = message;
  }

  function redraw() {
    var address = "/ghost/games/" + id + "?fragment=1" + (shownOver ? "&over=" + shownOver : "");
    return fetch(address, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) { swapBoard(html); })
      .catch(function () { busy = false; /* the next state message tries again */ });
  }

  // Puts the board of `html` (a page or a fragment the server drew) in place of this one; false
  // when it holds none.
  function swapBoard(html) {
    var holder = document.createElement("div");
    // Escaped, server-rendered HTML from this origin.
    holder.innerHTML = html;
    var fresh = holder.querySelector("#ghost-board");
    if (!fresh) return false;
    var typed = answerParts();
    var keep = typed && typed.field.value;
    board.replaceWith(fresh);
    board = fresh;
    busy = false;
    if (socketOpen()) board.setAttribute("data-connected", "true");
    shownTurn = board.getAttribute("data-turn");
    shownStatus = board.getAttribute("data-status");
    shownOpen = board.getAttribute("data-open");
    var status = board.querySelector("#ghost-link-status");
    if (status) status.textContent = said;
    // A letter typed into an answer survives a redraw that leaves the challenge standing.
    var again = answerParts();
    if (keep && again) again.field.value = keep;
    enhance();
    var focus = board.querySelector("[autofocus]");
    if (focus) focus.focus({ preventScroll: true });
    return true;
  }

  // ---------- The room's socket ----------

  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/ghost/games/" + id + "/socket");
    socket.addEventListener("open", function () {
      retry = 0;
      board.setAttribute("data-connected", "true");
    });
    socket.addEventListener("message", function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "state" && message.game) {
        var game = message.game;
        var rounds = (game.rounds || []).length;
        var ended = rounds > knownRounds;
        if (ended) {
          // Show the first round this player has not seen end; "Next round" steps on from it.
          if (shownOver === null) shownOver = knownRounds + 1;
          knownRounds = rounds;
        }
        if (ended || String(game.turn) !== shownTurn || game.status !== shownStatus || String(game.openSeats) !== shownOpen) redraw();
      } else if (message.type === "error" && message.error) {
        busy = false;
        var refusal = message.error.message;
        // The letter shown on its way was refused: the board as it stands again, then why.
        if (board.querySelector(".ghost-pending")) redraw().then(function () { showError(refusal); });
        else showError(refusal);
      }
    });
    socket.addEventListener("close", function (event) {
      board.removeAttribute("data-connected");
      // A move sent as the socket went may be lost: the player may send it again (a repeat of
      // one that did arrive is refused as stale, never played twice).
      busy = false;
      // 1008: the session ended (the error message already says to log in again); connecting
      // again would only be refused. 1013, a socket limit, is worth another try later.
      if (event.code === 1008) return;
      // 1012: this server is restarting; another (or this one, back up) takes the game over.
      // Soon, but at a random moment, so a room's players do not all arrive at once.
      if (event.code === 1012) {
        retry = 0;
        setTimeout(connect, 200 + Math.random() * 800);
        return;
      }
      // Back off to at most ten seconds; the game waits in the database meanwhile.
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, retry * 2000 - 1000);
    });
  }

  // ---------- Events, for whichever board is on the page ----------

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("ghost-form") || !board.contains(form)) return;
    if (busy) {
      event.preventDefault();
      return;
    }
    busy = true;
    var fields = new FormData(form);
    var pressed = event.submitter;
    if (pressed && pressed.name) fields.set(pressed.name, pressed.value);
    var fragmentBefore = board.querySelector("#ghost-fragment");
    fragmentBefore = fragmentBefore && fragmentBefore.cloneNode(true);
    showPending(fields, pressed);
    // Moves go over the socket while it is open; otherwise they are posted from here.
    if (!socketOpen()) {
      if (window.fetch && window.URLSearchParams) post(event, form, fields, fragmentBefore);
      return;
    }
    event.preventDefault();
    var move = { type: fields.get("type"), turn: Number(fields.get("turn")) };
    if (fields.get("letter")) move.letter = fields.get("letter");
    if (fields.get("side")) move.side = fields.get("side");
    // Ghost's answer form takes the letters after the fragment; Superghost's, a whole word.
    if (move.type === "answer") {
      move.word = fields.has("word") ? String(fields.get("word")).trim().toLowerCase()
        : String(fields.get("prefix") || "") + String(fields.get("rest") || "").trim().toLowerCase();
    }
    socket.send(JSON.stringify(move));
  });

  // A move posted by the form added a page to the history for every letter (after four, Back took
  // five presses to leave the game), and a refused one left the address at the move's, where a
  // reload sent it again. Posted from here, the game's next page replaces this one, and a refusal
  // is drawn on this board.
  function post(event, form, fields, fragmentBefore) {
    event.preventDefault();
    fetch(form.getAttribute("action"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "text/html" },
      body: new URLSearchParams(fields),
    }).then(function (response) {
      if (response.ok && response.redirected) {
        location.replace(response.url);
        return;
      }
      return response.text().then(function (html) {
        busy = false;
        if (swapBoard(html)) return;
        // Not a board (an expired form, the server unwell): the page the server sent, as the
        // form's post would have shown it.
        document.open();
        document.write(html);
        document.close();
      });
    }).catch(function () {
      busy = false;
      var shown = board.querySelector("#ghost-fragment");
      if (shown && fragmentBefore) shown.replaceWith(fragmentBefore);
      showError("Folio cannot be reached: the move was not played. Try again once you are back online.");
    });
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("button, a") : null;
    if (!target || !board.contains(target)) return;
    if (target.id === "ghost-copy") {
      copyLink();
    } else if (target.id === "ghost-share") {
      shareLink(target);
    } else if (target.hasAttribute("data-letter")) {
      typeIntoAnswer(target.getAttribute("data-letter"));
    } else if (target.hasAttribute("data-delete")) {
      typeIntoAnswer(null);
    } else if (target.id === "ghost-next-round" && !online) {
      // The next round replaces the round's end in the history too: Back leaves the game.
      event.preventDefault();
      location.replace(target.href);
    } else if (target.id === "ghost-next-round" && online) {
      // In a room the board is redrawn in place: the next result, or the round in play.
      event.preventDefault();
      shownOver = shownOver !== null && shownOver < knownRounds ? shownOver + 1 : null;
      history.replaceState(history.state, "", "/ghost/games/" + id);
      redraw();
    }
  });

  document.addEventListener("input", function (event) {
    if (event.target && event.target.id === "ghost-word") {
      keepAnswer();
      showAnswer();
    }
  });

  // A real keyboard: a letter presses its on-screen key, or types into the answer; Backspace
  // takes the answer's last letter back. Keys typed into a field stay that field's.
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var key = event.key || "";
    if (key === "Backspace") {
      if (typeIntoAnswer(null)) event.preventDefault();
      return;
    }
    if (!/^[a-zA-Z]$/.test(key)) return;
    var letter = key.toLowerCase();
    var button = board.querySelector('#ghost-keys button[value="' + letter + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    } else if (typeIntoAnswer(letter)) {
      event.preventDefault();
    }
  });

  // A page brought back from the browser's history may have been left mid-move, and shows the
  // game as it was: Back after a round showed an old board with live keys, whose taps were
  // refused as stale. It is drawn again as the game stands now.
  window.addEventListener("pageshow", function (event) {
    busy = false;
    if (event.persisted) redraw();
  });

  enhance();
  if (online) connect();
})();
