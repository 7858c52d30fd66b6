// The plot wheels: each wheel scrolls and comes to rest on the first line of an entry (CSS scroll
// snapping does the resting); Spin deals a plot from a new seed as the server would, with no
// connection needed, and turns the wheels to it, with a click as each entry passes; the
// predicate wheel shows the forms that agree with the subject; Share hands the plot to the
// phone's share sheet, or copies it.
// Without this script the page still shows its plot, Spin is a link to a new one, and the link to
// the plot is there to copy.
(function () {
  "use strict";

  // The grammar page: a file chosen is read into the text area.
  var file = document.getElementById("grammar-file");
  var json = document.getElementById("grammar-json");
  if (file && json && window.FileReader) {
    file.addEventListener("change", function () {
      if (!file.files || !file.files[0]) return;
      var reader = new FileReader();
      reader.onload = function () { json.value = String(reader.result || ""); };
      reader.readAsText(file.files[0]);
    });
  }

  var machine = document.getElementById("plot-machine");
  if (!machine) return;
  var MUTE_KEY = "folio-plots-muted";
  var names = ["subject", "predicate", "modifier"];
  var wheels = {};
  names.forEach(function (name) { wheels[name] = document.getElementById("wheel-" + name); });
  var spinning = false;
  var muted = false;
  try { muted = localStorage.getItem(MUTE_KEY) === "true"; } catch (e) { /* private mode */ }

  // ---------- Sound: a short tick, made rather than loaded ----------
  // Only once the person has touched or typed on this page: the wheels also turn by themselves
  // as a plot page opens, and an AudioContext made before any gesture is refused (three console
  // warnings a page load) and stays silent.
  var audio = null;
  var touched = false;
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function () { touched = true; }, { capture: true, passive: true });
  });
  function tick() {
    if (muted) return;
    if (!touched && !(navigator.userActivation && navigator.userActivation.hasBeenActive)) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      var now = audio.currentTime;
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.type = "square";
      osc.frequency.setValueAtTime(1400, now);
      gain.gain.setValueAtTime(0.06, now);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.03);
      osc.connect(gain).connect(audio.destination);
      osc.start(now);
      osc.stop(now + 0.035);
    } catch (e) { /* no sound is no reason to stop */ }
  }

  // A toggle: its name stays "Mute the clicks" and aria-pressed says whether they are muted.
  var mute = document.getElementById("plot-mute");
  function showMute() {
    mute.setAttribute("aria-pressed", muted ? "true" : "false");
    mute.title = muted ? "The clicks are muted" : "Mute the clicks";
  }
  if (mute) {
    mute.hidden = false;
    showMute();
    mute.addEventListener("click", function () {
      muted = !muted;
      try { localStorage.setItem(MUTE_KEY, muted ? "true" : "false"); } catch (e) { /* not remembered */ }
      showMute();
    });
  }

  // ---------- Geometry ----------
  function entries(wheel) { return Array.prototype.slice.call(wheel.querySelectorAll(".wheel-entry")); }
  function firstLine(entry) { return entry.querySelector(".first-line"); }
  function restingTop(wheel, entry) {
    var line = firstLine(entry);
    return line.offsetTop + line.offsetHeight / 2 - wheel.clientHeight / 2;
  }
  // The entry whose first line is nearest the middle of the wheel.
  function nearest(wheel) {
    var middle = wheel.scrollTop + wheel.clientHeight / 2;
    var best = null, bestDistance = Infinity;
    entries(wheel).forEach(function (entry) {
      var line = firstLine(entry);
      var distance = Math.abs(line.offsetTop + line.offsetHeight / 2 - middle);
      if (distance < bestDistance) { best = entry; bestDistance = distance; }
    });
    return best;
  }
  // The band a wheel rests in is as tall as the first line resting there: a line too long for the
  // wheel wraps rather than being cut short, and the band must hold all of it.
  function band(wheel, entry) {
    var line = entry && firstLine(entry);
    if (line) wheel.parentNode.style.setProperty("--band", line.offsetHeight + "px");
  }
  function text(entry) {
    return Array.prototype.map.call(entry.querySelectorAll(".wheel-line"), function (l) { return l.textContent; }).join(" ");
  }

  // ---------- Agreement ----------
  function agree(agreement) {
    if (machine.getAttribute("data-agreement") === agreement) return;
    var wheel = wheels.predicate;
    var anchor = nearest(wheel);
    entries(wheel).forEach(function (entry) {
      var lines = (entry.getAttribute("data-" + agreement) || "").split("\n");
      var spans = entry.querySelectorAll(".wheel-line");
      if (spans.length === lines.length) {
        lines.forEach(function (line, i) { spans[i].textContent = line; });
      } else {
        entry.textContent = "";
        lines.forEach(function (line, i) {
          var span = document.createElement("span");
          span.className = "wheel-line" + (i === 0 ? " first-line" : "");
          span.textContent = line;
          entry.appendChild(span);
        });
      }
    });
    wheel.scrollTop = restingTop(wheel, anchor);
    machine.setAttribute("data-agreement", agreement);
  }

  // ---------- The plot the wheels show ----------
  function update() {
    var chosen = {};
    names.forEach(function (name) {
      var entry = nearest(wheels[name]);
      entries(wheels[name]).forEach(function (e) { e.setAttribute("aria-selected", e === entry ? "true" : "false"); });
      chosen[name] = entry;
      band(wheels[name], entry);
    });
    agree(chosen.subject.getAttribute("data-agreement"));
    var ids = names.map(function (n) { return chosen[n].getAttribute("data-id"); }).join("-");
    if (ids !== machine.getAttribute("data-ids")) {
      // Turned by hand: the seed no longer describes the plot, the entry ids do.
      machine.setAttribute("data-seed", "");
      machine.setAttribute("data-ids", ids);
    }
    var sentence = text(chosen.subject) + " " + text(chosen.predicate) + " " + text(chosen.modifier);
    if (!/[.!?]$/.test(sentence)) sentence += ".";
    document.getElementById("plot-text").textContent = sentence;
    var seed = machine.getAttribute("data-seed");
    var link = "/plots/" + (seed || ids);
    document.getElementById("plot-permalink").setAttribute("href", link);
    var keepIds = document.getElementById("keep-ids");
    if (keepIds) {
      keepIds.value = ids;
      document.getElementById("keep-seed").value = seed;
      var keep = document.getElementById("keep-plot");
      if (keep && keep.getAttribute("data-for") !== ids) { keep.textContent = "Keep"; keep.setAttribute("data-for", ids); }
      markWaitingKeep();
    }
    // A spin is a new plot to come back to with Back; a wheel turned by hand changes this one.
    if (window.history && history.replaceState) {
      if (spun && link !== location.pathname) history.pushState(null, "", link); else history.replaceState(null, "", link);
    }
    spun = false;
    hideCopy();
  }
  var spun = false;

  // ---------- Turning by hand ----------
  names.forEach(function (name) {
    var wheel = wheels[name];
    var last = null;
    var timer = 0;
    wheel.addEventListener("scroll", function () {
      if (spinning) return;
      var now = nearest(wheel);
      if (now !== last) { tick(); band(wheel, now); last = now; }
      clearTimeout(timer);
      timer = setTimeout(update, 140);
    });
    wheel.addEventListener("keydown", function (event) {
      var list = entries(wheel);
      var index = list.indexOf(nearest(wheel));
      var next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      next = Math.max(0, Math.min(list.length - 1, next));
      wheel.scrollTo({ top: restingTop(wheel, list[next]), behavior: "smooth" });
    });
  });

  // ---------- Spinning ----------
  function turn(wheel, target, duration) {
    return new Promise(function (resolve) {
      var start = wheel.scrollTop;
      var end = restingTop(wheel, target);
      var list = entries(wheel);
      // At least a dozen entries go by, so a spin looks like one even when the target is close.
      var minimum = firstLine(list[Math.min(list.length - 1, 12)]).offsetTop - firstLine(list[0]).offsetTop;
      var detour = Math.abs(end - start) < minimum ? (end > minimum ? -minimum : minimum) : 0;
      var began = null;
      var last = nearest(wheel);
      wheel.classList.add("spinning");
      function frame(time) {
        if (began === null) began = time;
        var t = Math.min(1, (time - began) / duration);
        var eased = 1 - Math.pow(1 - t, 3);
        // Out to the detour and back in one eased sweep.
        wheel.scrollTop = start + (end - start) * eased + detour * Math.sin(Math.PI * eased);
        var now = nearest(wheel);
        if (now !== last) { tick(); last = now; }
        if (t < 1) {
          requestAnimationFrame(frame);
        } else {
          wheel.scrollTop = end;
          band(wheel, target);
          wheel.classList.remove("spinning");
          resolve();
        }
      }
      requestAnimationFrame(frame);
    });
  }

  // Spin deals a plot here, from a new seed, exactly as the server deals one (rules/plot-seed.js),
  // so it needs no connection; the address is the seed's, as the server's would be.
  var spin = document.getElementById("plot-spin");
  function counts() {
    return { subjects: entries(wheels.subject).length, predicates: entries(wheels.predicate).length,
             modifiers: entries(wheels.modifier).length };
  }
  function idsOf(at) { return ["s" + at.subject, "p" + at.predicate, "m" + at.modifier]; }
  spin.addEventListener("click", function (event) {
    if (!window.Promise) return;
    event.preventDefault();
    if (spinning) return;
    spinning = true;
    machine.setAttribute("data-spinning", "true");
    import("/public/rules/plot-seed.js")
      .then(function (rule) {
        var seed = rule.newSeed();
        var ids = idsOf(rule.plotIndices(seed, counts()));
        machine.setAttribute("data-seed", String(seed));
        machine.setAttribute("data-ids", ids.join("-"));
        var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        return Promise.all(names.map(function (name, i) {
          var target = document.getElementById("entry-" + ids[i]);
          return turn(wheels[name], target, reduce ? 1 : 1300 + 500 * i);
        }));
      })
      .then(function () { spun = true; })
      .catch(function () { location.href = spin.getAttribute("href"); })
      .then(function () {
        spinning = false;
        update();
        machine.removeAttribute("data-spinning");
      });
  });

  // ---------- Sharing ----------
  // The share sheet where the browser has one (phones); otherwise the plot and its link go to the
  // clipboard, and where even that is refused they are shown selected, for the reader to copy.
  var share = document.getElementById("plot-share");
  var shareStatus = document.getElementById("plot-share-status");
  var copyBox = document.getElementById("plot-copy");
  var copyText = document.getElementById("plot-copy-text");
  var saidTimer = 0;
  function say(message, fade) {
    clearTimeout(saidTimer);
    shareStatus.textContent = message;
    shareStatus.classList.toggle("done", !!fade);
    if (fade) saidTimer = setTimeout(function () { shareStatus.textContent = ""; }, 4000);
  }
  function hideCopy() {
    if (copyBox && !copyBox.hidden) { copyBox.hidden = true; say(""); }
  }
  function plotNow() {
    return {
      text: document.getElementById("plot-text").textContent.trim(),
      url: new URL(document.getElementById("plot-permalink").getAttribute("href"), location.href).href
    };
  }
  function copied() {
    say("Copied: the plot and its link are ready to paste.", true);
  }
  function copyByHand(words) {
    copyBox.hidden = false;
    copyText.value = words;
    copyText.focus();
    copyText.select();
    copyText.setSelectionRange(0, words.length);
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    if (done) {
      copyBox.hidden = true;
      share.focus();
      copied();
    } else {
      say("This browser would not copy it for you: the text below is selected, ready to copy.");
    }
  }
  function copy(plot) {
    var words = plot.text + "\n" + plot.url;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(words).then(copied, function () { copyByHand(words); });
    } else {
      copyByHand(words);
    }
  }
  if (share) {
    share.hidden = false;
    share.addEventListener("click", function () {
      var plot = plotNow();
      if (!navigator.share) { copy(plot); return; }
      navigator.share({ title: "A plot from Folio", text: plot.text, url: plot.url })
        .then(function () { say(""); }, function (error) {
          // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
          if (error && error.name === "AbortError") return;
          copy(plot);
        });
    });
  }

  // The page's own plot, centred on each wheel.
  function rest(ids) {
    names.forEach(function (name, i) {
      var selected = (ids && document.getElementById("entry-" + ids[i]))
        || wheels[name].querySelector('.wheel-entry[aria-selected="true"]') || entries(wheels[name])[0];
      wheels[name].scrollTop = restingTop(wheels[name], selected);
      band(wheels[name], selected);
    });
  }
  rest(null);
  // The wheels go to the plot the address names (a seed or three entry ids) when the page shows
  // another: offline, the device answers a plot's address it has not kept with a plot page it
  // has (see sw.js), and Back after a spin returns to an earlier plot's address.
  function follow() {
    var named = /^\/plots\/(\d{1,20}|s\d+-p\d+-m\d+)$/.exec(location.pathname);
    var shown = machine.getAttribute("data-seed") || machine.getAttribute("data-ids");
    if (!named || named[1] === shown) return Promise.resolve();
    var ready = /^\d/.test(named[1])
      ? import("/public/rules/plot-seed.js").then(function (rule) {
          machine.setAttribute("data-seed", named[1]);
          return idsOf(rule.plotIndices(named[1], counts()));
        })
      : Promise.resolve(named[1].split("-")).then(function (ids) {
          machine.setAttribute("data-seed", "");
          return ids;
        });
    return ready.then(function (ids) {
      if (!ids.every(function (id) { return document.getElementById("entry-" + id); })) return;
      machine.setAttribute("data-ids", ids.join("-"));
      rest(ids);
      update();
    }).catch(function () { /* the page's own plot stays */ });
  }
  window.addEventListener("popstate", function () { if (!spinning) follow(); });

  // ---------- Keep without a connection ----------
  // Keep pressed offline waits on the device (public/plots-outbox.js) and is sent when the
  // connection is back; the button says so meanwhile.

  var keepForm = document.getElementById("keep-form");
  var accountMeta = document.querySelector('meta[name="folio-account"]');
  var outbox = null;
  // The plot shown, kept on the device and not yet sent, says so on its button.
  function markWaitingKeep() {
    var ids = document.getElementById("keep-ids"), keep = document.getElementById("keep-plot");
    var waiting = outbox && ids && outbox.waiting()[ids.value];
    // Removed on this device from the kept plots: this copy of the page may still say it is kept.
    if (keep && waiting) keep.textContent = waiting.kept === false ? "Keep" : "Kept on this device";
  }
  function sendKeeps() {
    if (!outbox) return;
    outbox.send(function (answer) {
      var keep = document.getElementById("keep-plot"), shown = document.getElementById("keep-ids");
      if (keep && shown && shown.value === answer.ids) keep.textContent = answer.kept ? "Kept ★" : "Keep";
    });
  }
  if (keepForm && accountMeta && accountMeta.getAttribute("content")) {
    import("/public/plots-outbox.js").then(function (module) {
      outbox = module.plotOutbox(accountMeta.getAttribute("content"), say);
      markWaitingKeep();
      sendKeeps();
    }).catch(function () { /* Keep works online as before */ });
    keepForm.addEventListener("submit", function (event) {
      if (navigator.onLine !== false || !outbox) return;
      event.preventDefault();
      var pressed = outbox.press({ ids: document.getElementById("keep-ids").value, seed: document.getElementById("keep-seed").value,
                                   kept: true, action: keepForm.action, text: plotNow().text, href: location.pathname });
      if (pressed) {
        document.getElementById("keep-plot").textContent = "Kept on this device";
        say("You are offline: the plot is kept on this device and saved when you are back online.", false);
      } else {
        say("This device could not keep the plot: keep it again once you are back online.", false);
      }
    });
    window.addEventListener("online", sendKeeps);
  }

  follow().then(function () { machine.setAttribute("data-ready", "true"); });
})();
