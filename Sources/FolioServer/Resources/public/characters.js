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
        showKept(form, state.isFavourite);
        if (row) row.setAttribute("data-saved", "true");
        say(state.message, false);
        refreshKeptCopies();
      });
    }).catch(function () {
      undo(navigator.onLine === false
        ? "You are offline: the favourite was not saved. The star is as it was."
        : "Folio could not be reached: the favourite was not saved. The star is as it was.");
    }).then(function () {
      button.removeAttribute("aria-busy");
      if (row) setTimeout(function () { row.classList.remove("just-kept"); }, 900);
    });
  }

  if (!window.fetch || !window.URLSearchParams || !window.FormData) return;

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
