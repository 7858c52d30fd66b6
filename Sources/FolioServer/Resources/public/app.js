// Folio: small enhancements on top of pages that already work without script.
(function () {
  "use strict";

  var THEME_KEY = "folio-theme";
  var FILTER_PARAMS = ["tag", "gender", "tone", "length"];
  var root = document.documentElement;

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") || "" : "";
  }

  // Same-origin fetch that carries the CSRF token, so scripts can post without a form.
  function api(url, options) {
    var init = Object.assign({ credentials: "same-origin" }, options || {});
    var method = (init.method || "GET").toUpperCase();
    var headers = new Headers(init.headers || {});
    if (method !== "GET" && method !== "HEAD") {
      headers.set("X-CSRF-Token", csrfToken());
    }
    init.headers = headers;
    return fetch(url, init);
  }

  window.folio = Object.assign(window.folio || {}, { api: api });

  // ---------- Live search ----------

  function setUpLiveSearch() {
    var form = document.getElementById("search-form");
    var input = document.getElementById("search-input");
    var region = document.getElementById("results-region");
    if (!form || !input || !region || !window.fetch) return;

    var timer = 0;
    var current = null;

    function search() {
      var fields = new FormData(form);
      var params = new URLSearchParams(fields);
      // Filters that came in the address (a tag from the tags page, say) stay in force while typing.
      new URLSearchParams(location.search).forEach(function (value, name) {
        if (FILTER_PARAMS.indexOf(name) !== -1 && !fields.has(name)) params.append(name, value);
      });
      // A changed query starts again from its first page.
      params.delete("page");
      if (!params.get("q")) params.delete("q");
      var pageQuery = params.toString();

      var fragmentParams = new URLSearchParams(params);
      fragmentParams.set("fragment", "1");
      var path = new URL(form.action, location.href).pathname;

      // Aborting the previous request means a slow early answer can never overwrite a later one.
      if (current) current.abort();
      var controller = new AbortController();
      current = controller;
      region.setAttribute("aria-busy", "true");

      fetch(path + "?" + fragmentParams.toString(), {
        credentials: "same-origin",
        headers: { Accept: "text/html" },
        signal: controller.signal
      })
        .then(function (response) {
          if (!response.ok) throw new Error("search failed: " + response.status);
          return response.text();
        })
        .then(function (html) {
          if (current !== controller) return;
          // The fragment is escaped, server-rendered HTML from this origin.
          region.innerHTML = html;
          history.replaceState(history.state, "", path + (pageQuery ? "?" + pageQuery : ""));
        })
        .catch(function () {
          // Keep the results on screen; the search button still submits the form normally.
        })
        .then(function () {
          if (current === controller) {
            current = null;
            region.removeAttribute("aria-busy");
          }
        });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(search, 200);
    });
  }

  // ---------- Confirmations ----------

  function setUpConfirmations() {
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      var message = form.getAttribute("data-confirm");
      if (!message) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        return;
      }
      // The reader has just confirmed here, so the server's own confirmation page would ask twice.
      if (form.hasAttribute("data-confirm-yes") && !form.querySelector('input[name="confirm"]')) {
        var field = document.createElement("input");
        field.type = "hidden";
        field.name = "confirm";
        field.value = "yes";
        form.appendChild(field);
      }
    });
  }

  // ---------- Theme ----------

  function setUpThemeToggle() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    var prefersDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

    function effectiveTheme() {
      var chosen = root.getAttribute("data-theme");
      if (chosen === "light" || chosen === "dark") return chosen;
      return prefersDark && prefersDark.matches ? "dark" : "light";
    }

    function reflect() {
      button.setAttribute("aria-pressed", effectiveTheme() === "dark" ? "true" : "false");
    }

    button.addEventListener("click", function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try {
        localStorage.setItem(THEME_KEY, next);
      } catch (error) {
        // Private browsing can refuse storage; the choice then lasts for this page only.
      }
      reflect();
    });

    if (prefersDark && prefersDark.addEventListener) {
      prefersDark.addEventListener("change", reflect);
    }
    reflect();
    button.hidden = false;
  }

  setUpLiveSearch();
  setUpConfirmations();
  setUpThemeToggle();
})();

// ---------- Vocabulary: typing Welsh ----------
(function () {
  "use strict";

  // The to bach (circumflex) is missing from most keyboards, so "w^" stands in for "ŵ".
  var TO_BACH = {
    w: "ŵ", y: "ŷ", a: "â", e: "ê", i: "î", o: "ô", u: "û",
    W: "Ŵ", Y: "Ŷ", A: "Â", E: "Ê", I: "Î", O: "Ô", U: "Û"
  };
  var CARET_FORM = /([wyaeiouWYAEIOU])\^/g;

  function convertCaretForms(input) {
    var value = input.value;
    if (value.indexOf("^") === -1) return;
    var caret = input.selectionEnd;
    var before = caret == null ? value : value.slice(0, caret);
    var replace = function (_, letter) { return TO_BACH[letter]; };
    var converted = value.replace(CARET_FORM, replace);
    if (converted === value) return;
    input.value = converted;
    if (caret != null && document.activeElement === input) {
      // Each pair before the caret became one letter, so the caret moves back by as many.
      var position = before.replace(CARET_FORM, replace).length;
      input.setSelectionRange(position, position);
    }
  }

  function insertAtCaret(input, text) {
    var start = input.selectionStart == null ? input.value.length : input.selectionStart;
    var end = input.selectionEnd == null ? start : input.selectionEnd;
    input.value = input.value.slice(0, start) + text + input.value.slice(end);
    input.focus();
    input.setSelectionRange(start + text.length, start + text.length);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function setUpTypingAids() {
    var input = document.getElementById("answer");
    if (!input) return;
    input.addEventListener("input", function () { convertCaretForms(input); });

    var buttons = document.querySelectorAll("button.typing-aid");
    Array.prototype.forEach.call(buttons, function (button) {
      // Keeping focus in the field keeps the phone's keyboard open between letters.
      button.addEventListener("mousedown", function (event) { event.preventDefault(); });
      button.addEventListener("click", function () {
        insertAtCaret(input, button.getAttribute("data-insert") || "");
      });
    });
  }

  // Welsh prompts want Welsh hyphenation and voices even when the page names no language for them.
  function setUpPromptLanguage() {
    var prompt = document.getElementById("prompt");
    if (!prompt || prompt.hasAttribute("lang")) return;
    var direction = prompt.getAttribute("data-direction");
    if (direction === "welshToEnglish") prompt.setAttribute("lang", "cy");
    else if (direction === "englishToWelsh") prompt.setAttribute("lang", "en");
  }

  setUpTypingAids();
  setUpPromptLanguage();
})();
