// Vocabulary: small additions to pages that already work without script. The accent keys under
// a Welsh field, the tag filter that applies itself, dates in the reader's own time zone, rating
// with the keys 1–4, a chosen file previewed and imported, a dictionary imported a batch at a
// time with its progress shown, and a side of a pair heard in place. Each part looks for its
// elements and does nothing without them.
(function () {
  "use strict";

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") || "" : "";
  }

  function number(value) {
    try { return Number(value).toLocaleString(); } catch (e) { return String(value); }
  }

  // ---------- Accent keys ----------

  var TO_BACH = { w: "ŵ", y: "ŷ", a: "â", e: "ê", i: "î", o: "ô", u: "û",
                  W: "Ŵ", Y: "Ŷ", A: "Â", E: "Ê", I: "Î", O: "Ô", U: "Û" };
  var CARET_FORM = /([wyaeiouWYAEIOU])\^/g;

  function insertAtCaret(input, text) {
    var start = input.selectionStart == null ? input.value.length : input.selectionStart;
    var end = input.selectionEnd == null ? start : input.selectionEnd;
    input.value = input.value.slice(0, start) + text + input.value.slice(end);
    input.focus();
    input.setSelectionRange(start + text.length, start + text.length);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function setUpAccentKeys() {
    Array.prototype.forEach.call(document.querySelectorAll(".accent-keys[data-for]"), function (group) {
      var input = document.getElementById(group.getAttribute("data-for"));
      if (!input) return;
      group.hidden = false;
      group.addEventListener("mousedown", function (event) {
        // Keeping the focus in the field keeps a phone's keyboard open between letters.
        if (event.target.closest(".accent-key")) event.preventDefault();
      });
      group.addEventListener("click", function (event) {
        var key = event.target.closest(".accent-key");
        if (key) insertAtCaret(input, key.getAttribute("data-insert") || "");
      });
      // The revision answer already turns w^ into ŵ (app.js); the Welsh of a pair does it here.
      if (input.id !== "answer") {
        input.addEventListener("input", function () {
          if (input.value.indexOf("^") === -1) return;
          var caret = input.selectionEnd;
          var replace = function (_, letter) { return TO_BACH[letter]; };
          var before = caret == null ? input.value : input.value.slice(0, caret);
          var converted = input.value.replace(CARET_FORM, replace);
          if (converted === input.value) return;
          input.value = converted;
          var position = before.replace(CARET_FORM, replace).length;
          if (document.activeElement === input) input.setSelectionRange(position, position);
        });
      }
    });
  }

  // ---------- Filters that apply themselves ----------

  function setUpAutoSubmit() {
    Array.prototype.forEach.call(document.querySelectorAll("select[data-autosubmit]"), function (select) {
      select.addEventListener("change", function () {
        if (select.form) select.form.submit();
      });
    });
  }

  // ---------- Rating with the keys 1–4 ----------

  // A pair rated here, online, is written down on the device too, so that revision on this device
  // (vocab-offline.js) does not ask it again from cards taken before it was rated, should the
  // connection go mid-session; the next cards taken know its new card.
  function noteRatedOnline(form) {
    var meta = document.querySelector('meta[name="folio-account"]');
    var pair = form.querySelector('input[name="pairId"]'), direction = form.querySelector('input[name="direction"]');
    if (!meta || !pair || !direction) return;
    var key = "folio-offline-revision:" + meta.getAttribute("content");
    try {
      var state = JSON.parse(localStorage.getItem(key));
      if (!state || !state.pack) return;
      state.ratedOnline = state.ratedOnline || {};
      state.ratedOnline[pair.value + ":" + direction.value] = Date.now();
      localStorage.setItem(key, JSON.stringify(state));
    } catch (error) { /* nothing is kept on this device */ }
  }

  function setUpRatingKeys() {
    var form = document.getElementById("rate-form");
    if (!form) return;
    form.addEventListener("submit", function (event) { if (!event.defaultPrevented) noteRatedOnline(form); });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var target = event.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
      var button = form.querySelector('button[name="rating"][value="' + event.key + '"]');
      if (!button) return;
      event.preventDefault();
      button.click();
    });
  }

  // ---------- A chosen file: preview, then import ----------

  function setUpFileImport() {
    var input = document.getElementById("import-file");
    if (!input || !window.fetch) return;
    var file = null;

    function region() { return document.getElementById("import-preview"); }

    function show(html) {
      var old = region();
      if (!old) return;
      var holder = document.createElement("div");
      // Escaped, server-rendered HTML from this origin.
      holder.innerHTML = html;
      var fresh = holder.querySelector("#import-preview") || holder;
      old.replaceWith(fresh);
      var heading = fresh.querySelector("h3, .form-errors");
      if (heading) {
        heading.setAttribute("tabindex", "-1");
        heading.focus();
      }
    }

    function status(text) {
      var box = region();
      if (box) box.innerHTML = '<p class="hint" role="status"></p>';
      if (box) box.firstChild.textContent = text;
    }

    function send(path, extra) {
      // The form's action carries a #fragment for the page without script; a request has none.
      var url = new URL(path, location.href);
      url.hash = "";
      var fields = Object.assign({ fragment: "1", name: file.name }, extra || {});
      Object.keys(fields).forEach(function (name) { url.searchParams.set(name, fields[name]); });
      var type = /\.csv$/i.test(file.name) ? "text/csv" : "text/tab-separated-values";
      return fetch(url.toString(), {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": type, "X-CSRF-Token": csrfToken(), Accept: "text/html" },
        body: file
      });
    }

    function previewFile() {
      file = input.files && input.files[0];
      if (!file) return;
      // Said at once rather than after sending megabytes the server would refuse (it checks too).
      var limit = Number(input.getAttribute("data-max-bytes"));
      if (limit && file.size > limit) {
        status("“" + file.name + "” is larger than " + input.getAttribute("data-limit") +
               ". Split it into smaller files and import them one after another.");
        file = null;
        return;
      }
      status("Reading " + file.name + "…");
      send(document.getElementById("import-form").getAttribute("action"))
        .then(function (response) { return response.text(); })
        .then(show)
        .catch(function () { status("The file could not be sent. Check the connection and choose it again."); });
    }
    input.addEventListener("change", previewFile);

    // Preview pressed after choosing a file, with nothing pasted: the file is what is meant.
    // Sent as the form, it went without the file and came back "There is nothing to import".
    var form = document.getElementById("import-form");
    var pasted = document.getElementById("import-text");
    if (form) {
      form.addEventListener("submit", function (event) {
        if (event.submitter && event.submitter.id === "import-confirm") return;
        if (!(input.files && input.files[0]) || (pasted && pasted.value.trim())) return;
        event.preventDefault();
        previewFile();
      });
    }

    document.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("#import-confirm[data-checksum]");
      if (!button || !file) return;
      button.disabled = true;
      button.textContent = "Importing…";
      send(button.getAttribute("data-action"), { checksum: button.getAttribute("data-checksum") })
        .then(function (response) {
          if (response.redirected) {
            location.href = response.url;
            return null;
          }
          return response.text();
        })
        .then(function (html) { if (html !== null) show(html); })
        .catch(function () { status("The import could not be sent. Check the connection and try again."); });
    });
  }

  // ---------- A dictionary, a batch at a time ----------

  function setUpDictionaryImport() {
    if (!window.fetch || !window.URLSearchParams) return;
    Array.prototype.forEach.call(document.querySelectorAll("form.dictionary-form"), function (form) {
      var bar = form.querySelector(".dictionary-progress");
      var text = form.querySelector(".dictionary-progress-text");
      var button = form.querySelector("button[type=submit]");
      var from = form.querySelector('input[name="from"]');

      function report(message, isError) {
        text.textContent = message;
        text.setAttribute("role", isError ? "alert" : "status");
        text.classList.toggle("is-error", !!isError);
      }

      function batch() {
        var body = new URLSearchParams(new FormData(form));
        return fetch(form.getAttribute("action"), {
          method: "POST",
          credentials: "same-origin",
          headers: { Accept: "application/json", "X-CSRF-Token": csrfToken() },
          body: body
        }).then(function (response) {
          return response.json().then(function (json) {
            if (!response.ok) throw new Error(json && json.error ? json.error.message : "The import stopped (" + response.status + ").");
            return json;
          });
        }).then(function (progress) {
          // The tag is fixed once a batch is in: the server counts the import by it.
          Array.prototype.forEach.call(form.querySelectorAll('input[name="tag"]'), function (field) { field.readOnly = true; });
          from.value = String(progress.imported);
          bar.max = progress.total;
          bar.value = progress.imported;
          report(number(progress.imported) + " of " + number(progress.total) + " pairs imported", false);
          if (progress.done) {
            location.href = progress.href;
            return null;
          }
          return batch();
        });
      }

      form.addEventListener("submit", function (event) {
        event.preventDefault();
        button.disabled = true;
        button.textContent = "Importing…";
        bar.hidden = false;
        report("Reading the dictionary…", false);
        batch().catch(function (error) {
          report(error.message || "The import stopped. Press the button to go on.", true);
          button.disabled = false;
          button.textContent = "Continue importing";
        });
      });
    });
  }

  // ---------- Hearing a side ----------

  // A play link is the sound's own address, which a browser without script opens by itself;
  // here it plays in place, one sound at a time, and says so if the sound cannot be played.
  // It shows what it is doing: fetching the sound (…), playing it (■, a second tap stops it),
  // or done (▶); before, a faint tint was all, and a newcomer could not tell it had played.
  function setUpListening() {
    var current = null;
    function show(link, state) {
      var icon = link.querySelector(".listen-icon");
      if (icon) icon.textContent = state === "playing" ? "■" : state === "loading" ? "…" : "▶";
      link.classList.toggle("is-playing", state === "playing");
      link.classList.toggle("is-loading", state === "loading");
      var note = link.querySelector(".listen-state");
      if (!note) {
        note = document.createElement("span");
        note.className = "listen-state visually-hidden";
        link.appendChild(note);
      }
      note.textContent = state === "playing" ? " (playing: tap to stop)" : state === "loading" ? " (loading)" : "";
    }
    Array.prototype.forEach.call(document.querySelectorAll("a[data-listen]"), function (link) {
      link.addEventListener("click", function (event) {
        if (typeof window.Audio !== "function") return;
        event.preventDefault();
        if (current) {
          var again = current.link === link;
          current.audio.pause();
          show(current.link, "idle");
          current = null;
          if (again) return;
        }
        var audio = new Audio(link.href);
        current = { audio: audio, link: link };
        link.classList.remove("is-failed");
        show(link, "loading");
        var done = function () {
          show(link, "idle");
          if (current && current.audio === audio) current = null;
        };
        audio.addEventListener("playing", function () { show(link, "playing"); });
        audio.addEventListener("ended", done);
        audio.addEventListener("pause", done);
        var failed = function () {
          done();
          link.classList.add("is-failed");
          link.setAttribute("title", "This could not be played. Try again in a moment.");
        };
        audio.addEventListener("error", failed);
        var playing = audio.play();
        if (playing && typeof playing.catch === "function") playing.catch(function (error) {
          // Another sound started before this one could: not a failure.
          if (!error || error.name !== "AbortError") failed();
        });
      });
    });
  }

  setUpAccentKeys();
  setUpAutoSubmit();
  setUpRatingKeys();
  setUpFileImport();
  setUpDictionaryImport();
  setUpListening();
})();
