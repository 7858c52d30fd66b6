// Characters: the star turns in place (the form is sent in the background, so the list keeps its
// place), a row swiped to the right becomes a favourite (as the original app did), and a
// character's web page says plainly when it cannot be shown inside Folio. Without scripts the
// star's form is sent as usual and comes back to the row; the web page shows the link and the
// facts beside the frame either way.
(function () {
  "use strict";

  // ---------- The status line ----------

  var status = document.getElementById("characters-status");
  var statusTimer = null;

  // Success fades after a few seconds; a failure stays until the next press, so it can be read.
  function say(text, isError) {
    if (!status) return;
    clearTimeout(statusTimer);
    status.classList.toggle("is-error", !!isError);
    status.textContent = text;
    if (!isError) statusTimer = setTimeout(function () { status.textContent = ""; }, 4000);
  }

  function loginAddress() {
    return "/account/login?next=" + encodeURIComponent(location.pathname + location.search);
  }

  // ---------- The web page ----------

  (function () {
    var box = document.getElementById("web-frame");
    var frame = document.getElementById("web-page");
    var loading = document.getElementById("web-loading");
    var problem = document.getElementById("web-problem");
    var words = document.getElementById("web-problem-text");
    if (!box || !frame || !loading || !problem || !words) return;
    var patience = (parseInt(box.getAttribute("data-patience"), 10) || 6) * 1000;
    var slow = words.textContent;
    var loaded = false;
    var timer = null;
    var OFFLINE = "You are offline, so the page cannot be shown. It opens in a new tab once you are back online.";
    var REFUSED = "This site cannot be shown inside Folio. It opens in a new tab.";

    function show(reason, text) {
      clearTimeout(timer);
      loading.hidden = true;
      words.textContent = text;
      problem.hidden = false;
      box.classList.add("has-problem");
      box.setAttribute("data-problem", reason);
    }

    function clear() {
      problem.hidden = true;
      box.classList.remove("has-problem");
      box.removeAttribute("data-problem");
    }

    // A frame's load event fires for a refused or failed page too, so it only ends the wait:
    // the words beside the frame cover a site that will not be framed.
    function wait() {
      clearTimeout(timer);
      timer = setTimeout(function () { if (!loaded) show("slow", slow); }, patience);
    }

    frame.addEventListener("load", function () {
      loaded = true;
      clearTimeout(timer);
      loading.hidden = true;
      frame.setAttribute("data-loaded", "true");
      if (navigator.onLine === false) show("offline", OFFLINE);
      // It came after all: the page is worth more than the apology.
      else if (box.getAttribute("data-problem") === "slow") clear();
    });
    window.addEventListener("offline", function () { if (!loaded) show("offline", OFFLINE); });
    window.addEventListener("online", function () {
      if (box.getAttribute("data-problem") !== "offline") return;
      clear();
      loaded = false;
      loading.hidden = false;
      frame.src = frame.src;
      wait();
    });
    // Folio's own policy names the one site it frames: any other address is refused here.
    document.addEventListener("securitypolicyviolation", function (event) {
      if (/^frame-src|^child-src/.test(event.effectiveDirective || event.violatedDirective || "")) show("refused", REFUSED);
    });

    if (navigator.onLine === false) show("offline", OFFLINE);
    else wait();
  })();

  // ---------- The star ----------

  function isKept(form) {
    return form.querySelector(".favourite-button").getAttribute("aria-pressed") === "true";
  }

  function showKept(form, kept) {
    var button = form.querySelector(".favourite-button");
    button.setAttribute("aria-pressed", kept ? "true" : "false");
    // The next press asks for the other state.
    form.querySelector("input[name='keep']").value = kept ? "false" : "true";
    var row = form.closest(".character-row");
    if (row) row.classList.toggle("is-favourite", kept);
  }

  // The worker's copies of the character pages would show the old star offline: it is asked to
  // fetch them again.
  function refreshKeptCopies() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return;
    var here = location.pathname + location.search;
    [here, "/characters", "/characters/favourites"].filter(function (url, i, all) { return all.indexOf(url) === i; })
      .forEach(function (url) { worker.postMessage({ type: "keep", url: url }); });
  }

  // ---------- Stars pressed without a connection ----------
  // Kept on the device (the latest press per character, with the time it was made) and sent
  // when the connection is back; the server keeps a later change of the same character, made on
  // another device or online, instead, and the status line says so.

  var accountMeta = document.querySelector('meta[name="folio-account"]');
  var OUTBOX = accountMeta && accountMeta.getAttribute("content") ? "folio-character-outbox:" + accountMeta.getAttribute("content") : null;

  function waiting() {
    if (!OUTBOX) return {};
    try { return JSON.parse(localStorage.getItem(OUTBOX)) || {}; } catch (error) { return {}; }
  }

  function setWaiting(all) {
    if (!OUTBOX) return false;
    try {
      if (Object.keys(all).length) localStorage.setItem(OUTBOX, JSON.stringify(all));
      else localStorage.removeItem(OUTBOX);
      return true;
    } catch (error) {
      return false;
    }
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") || "" : "";
  }

  function characterOf(form) {
    var match = /\/characters\/(\d+)\//.exec(form.action || "");
    return match ? match[1] : null;
  }

  function formFor(id) {
    var forms = document.querySelectorAll(".favourite-form");
    for (var i = 0; i < forms.length; i++) {
      if (characterOf(forms[i]) === String(id)) return forms[i];
    }
    return null;
  }

  // A page kept before the press shows the star as it was: the waiting press is shown instead.
  function showWaiting() {
    var all = waiting();
    Object.keys(all).forEach(function (id) {
      var form = formFor(id);
      if (form) showKept(form, all[id].keep);
    });
  }

  var sending = false;
  function sendWaiting(retried) {
    var all = waiting();
    var ids = Object.keys(all);
    if (sending || !ids.length || navigator.onLine === false) return;
    sending = true;
    var id = ids[0], press = all[id];
    var body = new URLSearchParams({ csrfToken: csrfToken(), keep: String(press.keep), madeAt: String(press.madeAt) });
    fetch(press.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
    }).then(function (response) {
      // A page kept from an earlier session carries an old token: a fresh one, then once more.
      if (response.status === 403 && !retried && window.folioFreshToken) {
        return window.folioFreshToken().then(function () { sending = false; sendWaiting(true); return null; }, function () { return false; });
      }
      if (response.status === 401 || response.status === 403) {
        say("Log in again to save the stars pressed without a connection: they stay on this device until then.", true);
        return false;
      }
      // The server or a proxy in front of it not ready yet: the press waits for the next try.
      if (response.status >= 500 || response.status === 429) {
        say("Folio could not save a star just now (" + response.status + "): it stays on this device and is sent again later.", true);
        return false;
      }
      return response.json().catch(function () { return null; }).then(function (state) {
        var now = waiting();
        // A newer press of the same star, made while this one was on its way, waits its turn.
        if (now[id] && now[id].madeAt === press.madeAt) delete now[id];
        setWaiting(now);
        if (!response.ok || !state) {
          say("A star pressed without a connection could not be saved (the server answered " + response.status + ").", true);
          return true;
        }
        var form = formFor(id);
        if (form && !now[id]) showKept(form, state.isFavourite);
        say(state.message, !state.applied);
        refreshKeptCopies();
        return true;
      });
    }).catch(function () {
      return false;
    }).then(function (goOn) {
      if (goOn === null) return;
      sending = false;
      if (goOn) sendWaiting();
    });
  }

  function keepForLater(form, keep) {
    var id = characterOf(form);
    if (!id) return false;
    var all = waiting();
    all[id] = { keep: keep, madeAt: Date.now(), action: form.action };
    return setWaiting(all);
  }

  window.addEventListener("online", function () { sendWaiting(); });

  function send(form) {
    var button = form.querySelector(".favourite-button");
    if (!button || button.getAttribute("aria-busy") === "true") return;
    var was = isKept(form);
    // The body is the form as it stands (its CSRF token and the state asked for), read before
    // the star changes.
    var body = new URLSearchParams(new FormData(form));
    var row = form.closest(".character-row");
    showKept(form, !was);
    button.setAttribute("aria-busy", "true");
    if (row && !was) row.classList.add("just-kept");

    function undo(text) {
      showKept(form, was);
      say(text, true);
    }

    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
    }).then(function (response) {
      // Logged out meanwhile (no account, or a token from a session that has ended): log in
      // and come back here.
      if (response.status === 401 || response.status === 403 || (response.redirected && /\/account\/login/.test(response.url))) {
        undo("You are no longer logged in: taking you to log in.");
        location.assign(loginAddress());
        return;
      }
      if (!response.ok) {
        undo("The favourite was not saved (the server answered " + response.status + "). The star is as it was.");
        return;
      }
      return response.json().then(function (state) {
        // This press is the latest: one that waited on the device for the same star is spent.
        var all = waiting(), id = characterOf(form);
        if (id && all[id]) { delete all[id]; setWaiting(all); }
        showKept(form, state.isFavourite);
        if (row) row.setAttribute("data-saved", "true");
        say(state.message, false);
        refreshKeptCopies();
      });
    }).catch(function () {
      // No connection: the press waits on the device and is sent when the connection is back.
      if (keepForLater(form, !was)) {
        say(navigator.onLine === false
          ? "You are offline: the star is kept on this device and saved when you are back online."
          : "Folio could not be reached: the star is kept on this device and saved once it can be.", false);
      } else {
        undo("Folio could not be reached, and this device could not keep the star. The star is as it was.");
      }
    }).then(function () {
      button.removeAttribute("aria-busy");
      if (row) setTimeout(function () { row.classList.remove("just-kept"); }, 900);
    });
  }

  if (!window.fetch || !window.URLSearchParams || !window.FormData) return;

  showWaiting();
  sendWaiting();

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("favourite-form")) return;
    event.preventDefault();
    send(form);
  });

  // ---------- Swipe to favourite ----------

  var THRESHOLD = 80;
  var rows = document.querySelectorAll(".character-row");

  function swiped(row) {
    var form = row.querySelector(".favourite-form");
    if (!form) {
      location.assign(loginAddress());
      return;
    }
    // A swipe only ever adds: a kept row stays kept.
    if (!isKept(form)) send(form);
  }

  Array.prototype.forEach.call(rows, function (row) {
    var inner = row.querySelector(".character-row-inner");
    var startX = 0, startY = 0, dx = 0, tracking = false, horizontal = null;
    row.addEventListener("touchstart", function (event) {
      if (event.touches.length !== 1) return;
      startX = event.touches[0].clientX;
      startY = event.touches[0].clientY;
      dx = 0;
      tracking = true;
      horizontal = null;
    }, { passive: true });
    row.addEventListener("touchmove", function (event) {
      if (!tracking) return;
      var x = event.touches[0].clientX - startX, y = event.touches[0].clientY - startY;
      // Decide once whether this is a swipe or a scroll, so scrolling the list never swipes.
      if (horizontal === null && (Math.abs(x) > 8 || Math.abs(y) > 8)) horizontal = Math.abs(x) > Math.abs(y);
      if (!horizontal) return;
      dx = Math.max(0, Math.min(x, 160));
      inner.style.transform = "translateX(" + dx + "px)";
      row.classList.toggle("swiping", dx > THRESHOLD);
    }, { passive: true });
    function end() {
      if (!tracking) return;
      tracking = false;
      inner.style.transform = "";
      row.classList.remove("swiping");
      if (horizontal && dx > THRESHOLD) swiped(row);
    }
    row.addEventListener("touchend", end);
    row.addEventListener("touchcancel", end);
  });
})();
