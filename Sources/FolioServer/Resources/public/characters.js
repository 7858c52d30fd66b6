// Characters: swipe a row to the right to make it a favourite (as the original app did), and
// show a loading indicator until a character's web page has loaded. Without script the star
// buttons still work and the page loads as usual.
(function () {
  "use strict";

  // ---------- The web page and its indicator ----------
  var frame = document.getElementById("web-page");
  var loading = document.getElementById("web-loading");
  if (frame && loading) {
    frame.addEventListener("load", function () {
      loading.hidden = true;
      frame.setAttribute("data-loaded", "true");
    });
  }

  // ---------- Swipe to favourite ----------
  var THRESHOLD = 80;
  var rows = document.querySelectorAll(".character-row");
  if (!rows.length || !window.fetch) return;
  var loggedIn = !!document.querySelector(".favourite-form");

  function csrf() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  function favourite(row) {
    if (!loggedIn) {
      location.href = "/account/login?next=" + encodeURIComponent(location.pathname);
      return;
    }
    row.classList.add("is-favourite", "just-kept");
    var button = row.querySelector(".favourite-button");
    if (button) {
      button.setAttribute("aria-pressed", "true");
      button.setAttribute("aria-label", "Remove " + row.getAttribute("data-name") + " from favourites");
    }
    fetch("/api/v1/characters/favourites/" + row.getAttribute("data-id"), {
      method: "PUT", credentials: "same-origin", headers: { "X-CSRF-Token": csrf() },
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      row.setAttribute("data-saved", "true");
    }).catch(function () {
      row.classList.remove("is-favourite");
      if (button) button.setAttribute("aria-pressed", "false");
    }).then(function () {
      setTimeout(function () { row.classList.remove("just-kept"); }, 900);
    });
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
      if (horizontal && dx > THRESHOLD) favourite(row);
    }
    row.addEventListener("touchend", end);
    row.addEventListener("touchcancel", end);
  });
})();
