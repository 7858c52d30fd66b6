// Ghost online rooms: moves go over the room's WebSocket, and whenever the game changes the
// board is fetched again as the server renders it, so the page never draws the game twice.
// Without this script the same forms post and the page reloads.
(function () {
  "use strict";

  var board = document.getElementById("ghost-board");
  if (!board || board.getAttribute("data-mode") !== "online" || !window.WebSocket) return;

  var id = board.getAttribute("data-game");
  var socket = null;
  var retry = 0;
  var shownTurn = board.getAttribute("data-turn");
  var shownStatus = board.getAttribute("data-status");

  function absoluteLink() {
    var link = document.getElementById("ghost-link");
    if (link) link.value = new URL(link.value, location.href).href;
  }

  function showError(message) {
    var current = document.getElementById("ghost-error");
    if (!current) {
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
    return fetch("/ghost/games/" + id + "?fragment=1", { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#ghost-board");
        if (!fresh) return;
        board.replaceWith(fresh);
        board = fresh;
        if (socket && socket.readyState === WebSocket.OPEN) board.setAttribute("data-connected", "true");
        shownTurn = board.getAttribute("data-turn");
        shownStatus = board.getAttribute("data-status");
        absoluteLink();
        var focus = board.querySelector("[autofocus]");
        if (focus) focus.focus();
      })
      .catch(function () { /* the next state message tries again */ });
  }

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
        if (String(game.turn) !== shownTurn || game.status !== shownStatus || board.querySelector("#ghost-waiting")) redraw();
      } else if (message.type === "error" && message.error) {
        showError(message.error.message);
      }
    });
    socket.addEventListener("close", function (event) {
      board.removeAttribute("data-connected");
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

  // Moves from the board's forms go over the socket while it is open; otherwise the form posts.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("ghost-form") || !board.contains(form)) return;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    event.preventDefault();
    var fields = new FormData(form);
    var move = { type: fields.get("type"), turn: Number(fields.get("turn")) };
    if (fields.has("letter")) move.letter = fields.get("letter");
    if (fields.has("word")) move.word = fields.get("word");
    socket.send(JSON.stringify(move));
  });

  absoluteLink();
  connect();
})();
