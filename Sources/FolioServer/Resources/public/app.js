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
      // The address says the last word was being typed (any word it starts), so that a reload or
      // a shared link shows this list; Search sends the words as whole words.
      if (params.get("q")) params.set("typing", "1");
      else params.delete("q");
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
          rememberList();
        })
        .catch(function (error) {
          // Keep the results on screen (the search button still submits the form normally), but
          // say above them that they are not this query's: offline, typing "hamlet" left every
          // monologue listed as if it had been searched.
          if (current !== controller || (error && error.name === "AbortError")) return;
          var note = document.getElementById("search-unanswered") || document.createElement("p");
          note.id = "search-unanswered";
          note.className = "search-unanswered";
          note.setAttribute("role", "status");
          var query = (params.get("q") || "").trim();
          var offline = navigator.onLine === false;
          note.textContent = (offline ? "Searching needs the connection" : "The search did not answer")
            + (query ? ": the list below is not for “" + query + "”." : ": the list below may not match the filters.")
            + (offline ? " Search again once you are back online." : " Press Search to try again.");
          if (!note.parentNode) region.insertBefore(note, region.firstChild);
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

  // ---------- The browser's time zone ----------

  // Sent with a sign-up or log-in: an account that has chosen no time zone takes this one, so
  // a new learner's day starts at their own hour rather than UTC's.
  function setUpTimeZone() {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* none to send */ }
    Array.prototype.forEach.call(document.querySelectorAll("input[data-time-zone]"), function (input) {
      input.value = zone;
    });
  }

  // ---------- Installing and offline ----------

  function setUpServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    // The page was fetched before any worker ran (a first visit): once one runs, it is asked to
    // keep this page too, so the first page read is readable offline like the rest.
    var controlled = !!navigator.serviceWorker.controller;
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js")
        .then(function () { return navigator.serviceWorker.ready; })
        .then(function (registration) {
          if (!controlled && registration.active) registration.active.postMessage({ type: "keep", url: location.href });
        })
        .catch(function () {
          // No worker (a private window may refuse one): the site works as before, online only.
        });
    });
  }

  // A page kept by the service worker carries the CSRF token of the session it was kept in; after
  // logging in again (the same account), work sent from it is refused. A page fetched now carries
  // the session's token: the page takes it, meta and forms alike, for its scripts to send again.
  window.folioFreshToken = function () {
    return fetch("/account", { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var found = /<meta name="csrf-token" content="([^"]*)"/.exec(html);
        if (!found || !found[1]) throw new Error("no token");
        var meta = document.querySelector('meta[name="csrf-token"]');
        if (meta) meta.setAttribute("content", found[1]);
        Array.prototype.forEach.call(document.querySelectorAll('input[name="csrfToken"]'), function (input) { input.value = found[1]; });
        return found[1];
      });
  };

  // Work done on this device waits in localStorage until it is sent: reviews
  // (public/vocab-offline-data.js) and rehearsed lines (public/rehearsal-offline-data.js). It
  // stays there through a log-out and goes with the next log-in of the same account, but someone
  // handing the phone on should know it has not reached the account yet.
  var OFFLINE_WORK = [
    { prefix: "folio-offline-revision:", module: "/public/vocab-offline-data.js", one: "1 review", many: " reviews",
      send: function (data, account) { return data.deviceRevision(account, { sync: "/api/v1/vocab/sync", pack: "/api/v1/vocab/offline" }).sync(); } },
    { prefix: "folio-offline-rehearsal:", module: "/public/rehearsal-offline-data.js", one: "1 rehearsed line", many: " rehearsed lines",
      send: function (data, account) { return data.deviceRehearsal(account, "/api/v1/rehearsal/sync").sync(); } },
    { prefix: "folio-ghost-device:", module: "/public/ghost-offline-data.js", one: "1 Ghost game", many: " Ghost games",
      send: function (data, account) { return data.deviceGhost(account, "/api/v1/ghost/offline-games").sync(); } },
    { prefix: "folio-offline-pairs:", module: "/public/vocab-pairs-data.js", one: "1 change to a pair", many: " changes to pairs",
      send: function (data, account) { return data.devicePairs(account, { pairs: "/api/v1/vocab/offline/pairs", sync: "/api/v1/vocab/sync/pairs" }).sync(); } },
    // Keep and Remove of plots: the latest press per plot, by its ids.
    { prefix: "folio-plot-outbox:", module: "/public/plots-outbox.js", one: "1 change to your kept plots", many: " changes to your kept plots",
      waiting: function (kept) { return Object.keys(kept); },
      send: function (outbox, account) { return outbox.plotOutbox(account, function () {}).send(); } },
  ];
  function waitingWork(account, work) {
    try {
      var kept = JSON.parse(localStorage.getItem(work.prefix + account)) || {};
      return work.waiting ? work.waiting(kept) : kept.queue || [];
    } catch (error) {
      return [];
    }
  }
  function sendWork(account, work) {
    return import(work.module).then(function (data) { return work.send(data, account); }).catch(function () { /* still waiting */ });
  }

  function setUpLogoutWarning() {
    var form = document.getElementById("logout-form");
    var meta = document.querySelector('meta[name="folio-account"]');
    if (!form || !meta) return;
    var account = meta.getAttribute("content");
    function waiting() {
      return OFFLINE_WORK.filter(function (work) { return waitingWork(account, work).length > 0; });
    }
    var sure = false;
    form.addEventListener("submit", function (event) {
      if (sure || waiting().length === 0) return;
      // First it is sent, if the server can be reached; only what still waits is asked about.
      event.preventDefault();
      Promise.all(waiting().map(function (work) { return sendWork(account, work); })).then(function () {
        var left = OFFLINE_WORK.map(function (work) {
          var count = waitingWork(account, work).length;
          return count === 0 ? null : count === 1 ? work.one : count + work.many;
        }).filter(Boolean);
        var words = left.join(" and ") + (left.length === 1 && /^1 /.test(left[0]) ? " made on this device has" : " made on this device have");
        if (left.length === 0 || window.confirm(words + " not been sent to your account yet. Log out anyway? They stay on this device and are sent when you are next here, logged in.")) {
          sure = true;
          form.requestSubmit ? form.requestSubmit() : form.submit();
        }
      });
    });
  }

  // A log-out and a new account both answer with a redirect, so the page they lead to cannot say
  // what happened: the form leaves a word for it in this tab's storage (nothing is kept once it is
  // read), with whom it is for. A register form sent back with a refusal is a visitor's page, so
  // the welcome is read there and never shown.
  var NOTICE_KEY = "folio-notice";
  function leaveNotice(formId, forAccount, message) {
    var form = document.getElementById(formId);
    if (!form) return;
    form.addEventListener("submit", function (event) {
      // Registered after the warning above: a log-out it holds back is not one yet.
      if (event.defaultPrevented) return;
      var text = typeof message === "function" ? message(form) : message;
      try { sessionStorage.setItem(NOTICE_KEY, JSON.stringify({ text: text, forAccount: forAccount })); } catch (e) {}
    });
  }
  function setUpNotices() {
    leaveNotice("logout-form", false, "You are logged out. Log in again from Account to see your favourites, pairs and games.");
    leaveNotice("register-form", true, function (form) {
      var name = form.elements.username ? form.elements.username.value.trim() : "";
      return "Welcome" + (name ? ", " + name : "") + ": your account is made and you are logged in.";
    });
    var notice = null;
    try {
      var stored = sessionStorage.getItem(NOTICE_KEY);
      if (stored) {
        sessionStorage.removeItem(NOTICE_KEY);
        notice = JSON.parse(stored);
      }
    } catch (e) { notice = null; }
    var meta = document.querySelector('meta[name="folio-account"]');
    var main = document.getElementById("main");
    var loggedIn = !!(meta && meta.getAttribute("content"));
    // Shown only on the page the form led to: the log-out's on a visitor's page, the welcome on an
    // account's; neither on the offline page or an error page (the form did not reach the server).
    if (!notice || typeof notice.text !== "string" || !main || loggedIn !== !!notice.forAccount) return;
    if (document.getElementById("offline-page") || main.querySelector(".error-page")) return;
    // The first page's own welcome says it already.
    if (notice.forAccount && document.getElementById("welcome")) return;
    var box = document.createElement("div");
    box.id = notice.forAccount ? "account-notice" : "logout-notice";
    box.className = "flash flash-info";
    box.setAttribute("role", "status");
    box.textContent = notice.text;
    var note = document.getElementById("offline-note");
    main.insertBefore(box, note ? note.nextSibling : main.firstChild);
  }

  // The first page's welcome is for the visit registering led to: the address drops its mark, so
  // a reload, or Back to it later, shows the page as it is every other time.
  function forgetWelcome() {
    if (!document.getElementById("welcome") || !window.history.replaceState) return;
    var url = new URL(location.href);
    if (!url.searchParams.has("welcome")) return;
    url.searchParams.delete("welcome");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }

  // Lines rehearsed offline, and changes to pairs and kept plots, go as soon as any page is opened
  // online: the favourites' progress, the pairs and the plots shown there are then the account's. (Reviews go from the
  // revision pages, where the last one can still be undone.)
  function sendRehearsedLines() {
    var meta = document.querySelector('meta[name="folio-account"]');
    if (!meta || navigator.onLine === false) return;
    var account = meta.getAttribute("content");
    var rehearsing = document.getElementById("offline-rehearsal") || document.getElementById("rehearse-offline");
    if (!rehearsing && waitingWork(account, OFFLINE_WORK[1]).length > 0) sendWork(account, OFFLINE_WORK[1]);
    // Changes to pairs and to kept plots too; the pages that keep them send their own.
    var keepingPairs = document.getElementById("offline-pairs") || document.getElementById("pairs-take");
    if (!keepingPairs && waitingWork(account, OFFLINE_WORK[3]).length > 0) sendWork(account, OFFLINE_WORK[3]);
    var keepingPlots = document.getElementById("keep-form") || document.getElementById("kept-plots");
    if (!keepingPlots && waitingWork(account, OFFLINE_WORK[4]).length > 0) sendWork(account, OFFLINE_WORK[4]);
  }

  // A favourite let go here is forgotten by this device too (public/rehearsal-offline-data.js
  // keeps favourites to rehearse offline), unless lines rehearsed of it still wait to be sent:
  // those go, and the server answers that the speech is no longer a favourite.
  function setUpFavouriteRemoval() {
    var form = document.getElementById("favourite-form");
    var meta = document.querySelector('meta[name="folio-account"]');
    var id = form && form.getAttribute("data-monologue");
    if (!form || !meta || !id) return;
    form.addEventListener("submit", function () {
      var wanted = form.querySelector('input[name="favourite"]');
      if (!wanted || wanted.value !== "0") return;
      var key = OFFLINE_WORK[1].prefix + meta.getAttribute("content");
      try {
        var kept = JSON.parse(localStorage.getItem(key));
        if (!kept || !kept.packs || (kept.queue || []).some(function (op) { return op.monologueId === id; })) return;
        delete kept.packs[id];
        if (kept.lines) delete kept.lines[id];
        localStorage.setItem(key, JSON.stringify(kept));
      } catch (error) { /* nothing kept, or storage off */ }
    });
  }

  function setUpConnectionNote() {
    var note = document.getElementById("offline-note");
    // The offline page says it all already.
    if (!note || document.getElementById("offline-page") || document.querySelector("[data-own-offline-note]")) return;
    function reflect() { note.hidden = navigator.onLine !== false; }
    window.addEventListener("online", reflect);
    window.addEventListener("offline", reflect);
    reflect();
  }

  // The browser offers installation when it is ready to; until then the home page's words say how.
  function setUpInstallButton() {
    var button = document.getElementById("install-button");
    if (!button) return;
    var offer = null;
    window.addEventListener("beforeinstallprompt", function (event) {
      event.preventDefault();
      offer = event;
      button.hidden = false;
    });
    button.addEventListener("click", function () {
      if (!offer) return;
      offer.prompt();
      offer = null;
      button.hidden = true;
    });
    window.addEventListener("appinstalled", function () { button.hidden = true; });
  }

  // The offline page lists the pages this device keeps, newest first, by their titles.
  var APPS = { monologues: "Monologues", vocab: "Vocabulary", plots: "Plots", characters: "Characters", ghost: "Ghost" };

  function listKeptPages() {
    var list = document.getElementById("offline-saved-list");
    if (!list || !window.caches) return;
    var section = document.getElementById("offline-saved");
    var LIMIT = 40;
    caches.keys()
      .then(function (names) {
        var name = names.filter(function (n) { return n.indexOf("folio-pages-") === 0; })[0];
        if (!name) return [];
        return caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            var pages = requests.reverse().filter(function (request) {
              var url = new URL(request.url);
              // The first page has its own button above ("All of Folio"): not listed twice.
              return url.origin === location.origin && url.pathname !== "/offline" && url.pathname !== "/";
            }).slice(0, LIMIT * 2);
            return Promise.all(pages.map(function (request) {
              return cache.match(request).then(function (response) {
                var type = response && response.headers.get("Content-Type") || "";
                if (type.indexOf("text/html") !== 0) return null;
                return response.text().then(function (html) {
                  var doc = new DOMParser().parseFromString(html, "text/html");
                  // A search that found nothing is no page to go back to offline.
                  var count = doc.getElementById("result-count");
                  if (count && /^No /.test((count.textContent || "").trim())) return null;
                  var title = doc.title || request.url;
                  return { url: request.url, title: title.replace(/ · Folio$/, "") };
                });
              });
            }));
          });
        });
      })
      .then(function (pages) {
        // One link a title: every kept plot page is titled "Plots" (and shows any plot), so the
        // newest stands for them all.
        var listed = {};
        pages.filter(Boolean).slice(0, LIMIT).forEach(function (page) {
          var item = document.createElement("li");
          var link = document.createElement("a");
          var url = new URL(page.url);
          link.href = url.pathname + url.search;
          // Titles alone can repeat ("Favourites" is in two apps, a search is titled by its app):
          // the app and the words searched for tell them apart.
          var app = APPS[url.pathname.split("/")[1]];
          var query = url.searchParams.get("q");
          var text = page.title;
          if (app && page.title.indexOf(app) === -1) text += " · " + app;
          link.textContent = text + (query ? " — “" + query + "”" : "");
          if (listed[link.textContent]) return;
          listed[link.textContent] = true;
          item.appendChild(link);
          list.appendChild(item);
        });
        if (list.children.length) section.hidden = false;
      })
      .catch(function () {
        // Storage unavailable: the page's fixed lists still say what works.
      });
  }

  // A link on the offline page leads somewhere only once that page is kept on this device (what
  // plays on the device has a page of its own, kept when its app is first opened with a
  // connection; the wheels, the characters and the rules are kept once read). Until then the
  // worker would answer it with this offline page again, so the link would go round in a circle:
  // it is shown as words, with a note that it is not on this device yet (a button is hidden).
  // `data-kept-page="any"`: any kept page under that address will do (every plot page shows the wheels).
  function markUnkeptOfflinePages() {
    var links = document.querySelectorAll("#offline-page a[data-kept-page]");
    if (!links.length || !window.caches) return;
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (n) { return n.indexOf("folio-") === 0; }).map(function (name) {
          return caches.open(name).then(function (cache) { return cache.keys(); });
        }));
      })
      .then(function (lists) {
        var kept = {};
        lists.forEach(function (requests) {
          requests.forEach(function (request) {
            var url = new URL(request.url);
            if (url.origin === location.origin) kept[url.pathname] = true;
          });
        });
        Array.prototype.forEach.call(links, function (link) {
          var path = new URL(link.href, location.href).pathname;
          var found = kept[path] || (link.getAttribute("data-kept-page") === "any" && Object.keys(kept).some(function (p) {
            return p.indexOf(path + "/") === 0;
          }));
          if (found) return;
          if (link.classList.contains("button")) {
            link.hidden = true;
            return;
          }
          var words = document.createElement("span");
          words.className = "not-kept";
          words.textContent = link.textContent;
          var item = link.parentNode;
          item.replaceChild(words, link);
          if (item.querySelector(".not-kept-note")) return;
          var note = document.createElement("em");
          note.className = "not-kept-note";
          note.textContent = " Not on this device yet.";
          item.appendChild(note);
        });
      })
      .catch(function () { /* storage unavailable: the links stay */ });
  }

  // A time the server wrote in UTC (it does not know the reader's zone), in the reader's own.
  function setUpLocalTimes() {
    Array.prototype.forEach.call(document.querySelectorAll("time[data-local]"), function (time) {
      var date = new Date(time.getAttribute("datetime"));
      if (isNaN(date.getTime())) return;
      try {
        time.textContent = date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      } catch (e) { /* the server's UTC text stays */ }
    });
  }

  // ---------- Monologues: the way back, and the reading size ----------

  var LIST_KEY = "folio-monologue-list";

  // The search list remembers where it is (words, filters, page), so "← Monologues" on a speech
  // reached through related speeches still goes back to that search. The server's link already
  // does for the first step, from the Referer; this covers the rest.
  function rememberList() {
    if (location.pathname !== "/monologues") return;
    try { sessionStorage.setItem(LIST_KEY, location.pathname + location.search); } catch (error) { /* private mode */ }
  }

  function setUpBackToList() {
    rememberList();
    var back = document.getElementById("back-to-list");
    if (!back) return;
    var stored = null;
    try { stored = sessionStorage.getItem(LIST_KEY); } catch (error) { return; }
    // Only ever the list's own address: a stored value can never send the reader elsewhere.
    if (stored && /^\/monologues(\?[^#]*)?$/.test(stored)) back.setAttribute("href", stored);
  }

  // The size buttons apply at once; the choice is kept in the background, and without script
  // the form posts and the page comes back at the new size.
  function setUpTextSize() {
    var form = document.getElementById("text-size-form");
    if (!form || !window.fetch) return;
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || !button.value) return;
      event.preventDefault();
      var size = button.value;
      document.body.className = document.body.className.replace(/\btext-(small|medium|large|xlarge)\b/g, "").trim() + " text-" + size;
      Array.prototype.forEach.call(form.querySelectorAll("button[name='textSize']"), function (other) {
        other.setAttribute("aria-pressed", String(other === button));
      });
      var body = new URLSearchParams(new FormData(form));
      body.set("textSize", size);
      fetch(form.action, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" }).catch(function () {
        // Offline: the size still applies to this page; the next page shows the one kept before.
      });
    });
  }

  // A print button is script's to offer (print() has no form equivalent); without script the
  // browser's own Print menu prints the same page.
  function setUpPrintButtons() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (button) {
      button.addEventListener("click", function () { window.print(); });
    });
  }

  // A second tap on a button that has just sent its form lands on the page that answers it, where
  // another button may stand in the same place: Check, then Again on the answer's page, rated a
  // right answer Again. A form marked data-settle takes no tap in its first 400 ms on screen
  // (a double tap's second tap comes within 300 ms); <html data-settled> says when it does.
  function setUpSettlingForms() {
    var forms = document.querySelectorAll("form[data-settle]");
    if (!forms.length) return;
    // The attribute is the one clock: a tap is taken once it is set. (Comparing Date.now() with
    // the moment shown let a tap through the attribute and then refused it, when the timer fired
    // a millisecond early by Date.now's count.)
    var root = document.documentElement, timer = 0;
    function shown() {
      clearTimeout(timer);
      root.removeAttribute("data-settled");
      timer = setTimeout(function () { root.setAttribute("data-settled", "true"); }, SETTLE_MS);
    }
    shown();
    window.addEventListener("pageshow", function (event) { if (event.persisted) shown(); });
    // A page kept in the browser's page cache comes back as it left: not settled until shown.
    window.addEventListener("pagehide", function () { clearTimeout(timer); root.removeAttribute("data-settled"); });
    Array.prototype.forEach.call(forms, function (form) {
      form.addEventListener("submit", function (event) {
        if (!root.hasAttribute("data-settled")) event.preventDefault();
      });
    });
  }
  var SETTLE_MS = 400;

  // Back and Forward show a page as it was: from the back-forward cache, or (for the pages kept
  // offline, marked `private, no-cache`) from the HTTP cache, which history navigations use
  // without asking the server. After a log-in or a log-out since, its header named the wrong
  // person ("Log in" to someone signed in, two Backs after signing up). Each page notes which
  // session it was made for (a hash of its CSRF token, which changes with the session; never the
  // token itself), and one shown again by Back or Forward for another session is fetched anew.
  var SESSION_KEY = "folio-session";
  function setUpSessionCheck() {
    var token = csrfToken();
    if (!token) return;
    var hash = 2166136261;
    for (var i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 16777619) >>> 0;
    var mine = hash.toString(16);
    function noted() { try { return localStorage.getItem(SESSION_KEY); } catch (error) { return null; } }
    function note() { try { localStorage.setItem(SESSION_KEY, mine); } catch (error) { /* no storage: no check */ } }
    function stale() { var last = noted(); return last !== null && last !== mine; }
    var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    // A reload is never "back_forward", so this cannot loop.
    if (navigation && navigation.type === "back_forward" && stale()) { location.reload(); return; }
    note();
    window.addEventListener("pageshow", function (event) {
      if (!event.persisted) return;
      if (stale()) location.reload(); else note();
    });
  }

  setUpSettlingForms();
  setUpSessionCheck();
  setUpBackToList();
  setUpTextSize();
  setUpPrintButtons();
  setUpLiveSearch();
  setUpConfirmations();
  setUpThemeToggle();
  setUpTimeZone();
  setUpServiceWorker();
  setUpLogoutWarning();
  setUpNotices();
  forgetWelcome();
  sendRehearsedLines();
  // And when the connection comes back with a page open.
  window.addEventListener("online", sendRehearsedLines);
  setUpFavouriteRemoval();
  setUpConnectionNote();
  setUpInstallButton();
  listKeptPages();
  markUnkeptOfflinePages();
  setUpLocalTimes();
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
