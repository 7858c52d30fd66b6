// The favourite editor, line by line: tap a line to cut it or bring it back, tap between two
// lines to mark a beat, and watch the running time. The text field stays the form's one source
// of truth (it is what is saved, and the page works without this script); the lines are drawn
// from it and write back to it.
(function () {
  "use strict";

  var form = document.getElementById("edit-form");
  var textarea = document.getElementById("edit-text");
  var field = document.getElementById("text-field");
  var runningTime = document.getElementById("running-time");
  if (!form || !textarea || !field || !runningTime) return;

  var BEAT = "/";
  var original = (form.getAttribute("data-original") || "").split("\n").filter(function (line) { return line !== BEAT && line !== ""; });
  var wordsPerMinute = Number(form.getAttribute("data-words-per-minute")) || 150;
  // Past this many line pairs the alignment's table would cost more than a tap should: lines the
  // actor cut are then not offered back (their text field still has everything typed).
  var MAX_ALIGNMENT_CELLS = 4000000;

  // Each item: { text, cut, beat (a beat before it), own (not in the library's text) }.
  var items = [];

  // ---------- Reading the text field ----------

  function parse(text) {
    var lines = [], beat = false;
    text.replace(/\r\n?/g, "\n").split("\n").forEach(function (line) {
      if (line === BEAT) { beat = true; return; }
      if (line === "" ) return;
      lines.push({ text: line, beat: beat });
      beat = false;
    });
    return lines;
  }

  // The library's lines and the actor's, aligned by their longest common run of lines: a line
  // only in the library is one the actor cut; one only in theirs is their own.
  function align(kept) {
    var n = original.length, m = kept.length;
    if (n * m > MAX_ALIGNMENT_CELLS) {
      return kept.map(function (line) { return { text: line.text, beat: line.beat, cut: false, own: true }; });
    }
    var width = m + 1, table = new Uint32Array((n + 1) * width);
    for (var i = n - 1; i >= 0; i--) {
      for (var j = m - 1; j >= 0; j--) {
        table[i * width + j] = original[i] === kept[j].text
          ? table[(i + 1) * width + j + 1] + 1
          : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
      }
    }
    var out = [];
    i = 0; j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && original[i] === kept[j].text) {
        out.push({ text: kept[j].text, beat: kept[j].beat, cut: false, own: false });
        i++; j++;
      } else if (i < n && (j === m || table[(i + 1) * width + j] >= table[i * width + j + 1])) {
        out.push({ text: original[i], beat: false, cut: true, own: false });
        i++;
      } else {
        out.push({ text: kept[j].text, beat: kept[j].beat, cut: false, own: true });
        j++;
      }
    }
    return out;
  }

  // ---------- Writing it back ----------

  function serialise() {
    var lines = [], pendingBeat = false;
    items.forEach(function (item) {
      // A beat before a cut line still marks that moment: it moves to the next line kept.
      pendingBeat = pendingBeat || item.beat;
      if (item.cut) return;
      if (pendingBeat && lines.length) lines.push(BEAT);
      pendingBeat = false;
      lines.push(item.text);
    });
    return lines.join("\n");
  }

  // Counted as the server counts: runs of characters holding a letter or digit, stage directions
  // (in square brackets) left out.
  function words(text) {
    return text.split(/\s+/).filter(function (word) { return /[\p{Alphabetic}0-9]/u.test(word); }).length;
  }

  function timeLabel(seconds) {
    var minutes = Math.floor(seconds / 60), rest = seconds % 60;
    return minutes === 0 ? rest + " s" : minutes + " min " + rest + " s";
  }

  function showRunningTime() {
    var spoken = items.filter(function (item) { return !item.cut && item.text.charAt(0) !== "["; });
    var count = spoken.reduce(function (sum, item) { return sum + words(item.text); }, 0);
    var seconds = Math.round(count * 60 / wordsPerMinute);
    var cut = items.filter(function (item) { return item.cut; }).length;
    runningTime.innerHTML = "";
    runningTime.appendChild(document.createTextNode("Running time "));
    var strong = document.createElement("strong");
    strong.textContent = timeLabel(seconds);
    runningTime.appendChild(strong);
    runningTime.appendChild(document.createTextNode(" · " + count + " words · " + spoken.length + " lines" +
      (cut ? " · " + cut + " cut" : "")));
    runningTime.setAttribute("data-seconds", String(seconds));
  }

  function changed() {
    textarea.value = serialise();
    showRunningTime();
    askForCuts();
    keepDraft();
  }

  // ---------- The audition slot ----------

  var slotForm = document.getElementById("slot-form");
  var slotSelect = document.getElementById("slot");
  var plan = document.getElementById("slot-plan");
  var cutsTimer = 0, cutsRequest = null;

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") || "" : "";
  }

  // The plan for the text as it stands now, taps not yet saved included.
  function askForCuts() {
    if (!slotForm || !slotSelect || !window.fetch) return;
    clearTimeout(cutsTimer);
    if (!slotSelect.value) {
      plan.hidden = true;
      return;
    }
    cutsTimer = setTimeout(function () {
      if (cutsRequest) cutsRequest.abort();
      var controller = new AbortController();
      cutsRequest = controller;
      var body = new URLSearchParams();
      body.set("text", textarea.value);
      body.set("slot", slotSelect.value);
      fetch(slotForm.getAttribute("data-cuts"), {
        method: "POST", body: body, credentials: "same-origin", signal: controller.signal,
        headers: { "X-CSRF-Token": csrfToken(), Accept: "application/json" }
      })
        .then(function (response) {
          if (!response.ok) throw new Error("cuts: " + response.status);
          return response.json();
        })
        .then(function (answer) { if (cutsRequest === controller) showPlan(answer); })
        .catch(function () { /* Offline or aborted: the last plan stays on screen. */ });
    }, 250);
  }

  function showPlan(answer) {
    plan.hidden = !answer.hasSlot;
    var verdict = document.getElementById("slot-verdict");
    verdict.textContent = answer.secondsLabel + " for a " + answer.targetLabel + " slot: ";
    var strong = document.createElement("strong");
    strong.textContent = answer.verdict;
    verdict.appendChild(strong);
    var hint = document.getElementById("slot-hint");
    hint.hidden = !answer.hasProposals;
    hint.textContent = "Whole sentences the speech can lose without its key words (" + answer.keyWordsText +
      "); never the first or the last line. All of them: " + answer.after + ".";
    var list = document.getElementById("slot-proposals");
    list.innerHTML = "";
    answer.proposals.forEach(function (proposal) {
      var item = document.createElement("li");
      item.className = "slot-proposal";
      item.setAttribute("data-lines", proposal.lines.join(","));
      var text = document.createElement("span");
      text.className = "proposal-text";
      proposal.text.forEach(function (line) {
        var span = document.createElement("span");
        span.className = "proposal-line";
        span.textContent = line;
        text.appendChild(span);
      });
      var saves = document.createElement("span");
      saves.className = "proposal-saves";
      saves.textContent = "saves " + proposal.saves;
      var accept = document.createElement("button");
      accept.type = "button";
      accept.className = "secondary accept-cut";
      accept.textContent = "Cut these lines";
      item.appendChild(text);
      item.appendChild(saves);
      item.appendChild(accept);
      list.appendChild(item);
    });
    var excerpt = document.getElementById("slot-excerpt");
    if (excerpt) {
      excerpt.hidden = !answer.excerpt;
      document.getElementById("slot-excerpt-text").textContent = answer.excerpt ? answer.excerpt.text : "";
      document.getElementById("accept-excerpt").setAttribute("data-lines", answer.excerpt ? answer.excerpt.indexes : "");
    }
  }

  // A proposal names lines of the text field as it was sent: the kept lines, in order, with
  // beats between them. Each is found among the lines not yet cut.
  function acceptCut(indexes) {
    var kept = items.filter(function (item) { return !item.cut; });
    var ordinal = -1, byLine = {};
    textarea.value.split("\n").forEach(function (line, index) {
      if (line === BEAT || line === "") return;
      ordinal += 1;
      byLine[index] = kept[ordinal];
    });
    indexes.forEach(function (index) { if (byLine[index]) byLine[index].cut = true; });
    draw();
    changed();
  }

  if (slotForm && slotSelect && plan) {
    slotForm.addEventListener("submit", function (event) {
      event.preventDefault();
      askForCuts();
    });
    slotSelect.addEventListener("change", askForCuts);
    document.getElementById("slot-proposals").addEventListener("click", function (event) {
      var button = event.target.closest("button.accept-cut");
      if (!button) return;
      var lines = button.closest(".slot-proposal").getAttribute("data-lines").split(",").map(Number);
      acceptCut(lines);
    });
    var keepStretch = document.getElementById("accept-excerpt");
    if (keepStretch) keepStretch.addEventListener("click", function () {
      var lines = (keepStretch.getAttribute("data-lines") || "").split(",").filter(Boolean).map(Number);
      if (lines.length) acceptCut(lines);
    });
  }

  // ---------- The lines ----------

  var editor = document.createElement("section");
  editor.className = "line-editor";
  editor.id = "line-editor";
  editor.setAttribute("aria-labelledby", "line-editor-heading");
  var heading = document.createElement("h2");
  heading.id = "line-editor-heading";
  heading.textContent = "Lines";
  var hint = document.createElement("p");
  hint.className = "hint";
  hint.id = "line-editor-hint";
  hint.textContent = "Tap a line to cut it; tap it again to bring it back. Tap the space between two lines to mark a beat there.";
  var list = document.createElement("ol");
  list.className = "line-list";
  list.id = "line-list";
  list.setAttribute("aria-describedby", "line-editor-hint");
  var asText = document.createElement("button");
  asText.type = "button";
  asText.className = "secondary";
  asText.id = "edit-as-text";
  asText.setAttribute("aria-expanded", "false");
  asText.setAttribute("aria-controls", "text-field");
  asText.textContent = "Change the words as text";
  editor.appendChild(heading);
  editor.appendChild(hint);
  editor.appendChild(list);
  editor.appendChild(asText);
  field.parentNode.insertBefore(editor, field);
  field.hidden = true;

  asText.addEventListener("click", function () {
    field.hidden = !field.hidden;
    asText.setAttribute("aria-expanded", String(!field.hidden));
    if (!field.hidden) textarea.focus();
  });

  function gapButton(index) {
    var gap = document.createElement("button");
    gap.type = "button";
    gap.className = "beat-gap";
    gap.setAttribute("data-index", String(index));
    gap.setAttribute("aria-pressed", String(items[index].beat));
    gap.setAttribute("aria-label", "Beat before line " + (index + 1));
    var label = document.createElement("span");
    label.className = "beat-label";
    label.setAttribute("aria-hidden", "true");
    label.textContent = "beat";
    gap.appendChild(label);
    return gap;
  }

  function lineButton(index) {
    var item = items[index];
    var button = document.createElement("button");
    button.type = "button";
    button.className = "edit-line" + (item.text.charAt(0) === "[" ? " direction" : "");
    button.setAttribute("data-index", String(index));
    // Pressed means cut: a screen reader hears "toggle button, pressed" on a cut line.
    button.setAttribute("aria-pressed", String(item.cut));
    button.textContent = item.text;
    return button;
  }

  function draw() {
    list.innerHTML = "";
    items.forEach(function (item, index) {
      if (index > 0) {
        var gapItem = document.createElement("li");
        gapItem.className = "line-gap";
        gapItem.appendChild(gapButton(index));
        list.appendChild(gapItem);
      }
      var lineItem = document.createElement("li");
      lineItem.appendChild(lineButton(index));
      list.appendChild(lineItem);
    });
  }

  list.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !list.contains(button)) return;
    var item = items[Number(button.getAttribute("data-index"))];
    if (!item) return;
    if (button.classList.contains("beat-gap")) {
      item.beat = !item.beat;
      button.setAttribute("aria-pressed", String(item.beat));
    } else {
      item.cut = !item.cut;
      button.setAttribute("aria-pressed", String(item.cut));
    }
    changed();
  });

  // Words changed by hand: the lines are drawn again from what was typed.
  textarea.addEventListener("input", function () {
    items = align(parse(textarea.value));
    draw();
    showRunningTime();
    keepDraft();
  });

  // ---------- Kept on this device ----------
  // Every change is written to the device at once, so a reload, a closed tab or a lost
  // connection never loses a cut, a beat or a note: the editor brings unsaved changes back.
  // Saved without a connection, they wait on the device and are sent as soon as it is back,
  // with the time they were made: an edit made since on another device (or online) stands
  // instead, and the editor says so.

  var notesField = document.getElementById("edit-notes");
  var tagsField = document.getElementById("edit-tags");
  var genderField = document.getElementById("edit-gender");
  var draftNote = document.getElementById("draft-note");
  var draftText = document.getElementById("draft-text");
  var discard = document.getElementById("draft-discard");
  var DRAFT_KEY = "folio-editor-draft:" + (form.getAttribute("data-account") || "") + ":" + location.pathname;
  var NOTE_KEY = "folio-editor-note:" + location.pathname;

  function fields() {
    return { text: textarea.value, notes: notesField ? notesField.value : "", tags: tagsField ? tagsField.value : "",
             gender: genderField ? genderField.value : "" };
  }
  function same(a, b) {
    return a.text === b.text && a.notes === b.notes && a.tags === b.tags && a.gender === b.gender;
  }
  // The favourite as the server sent it with this page.
  var served = fields();

  function readDraft() {
    try { return JSON.parse(localStorage.getItem(DRAFT_KEY)); } catch (error) { return null; }
  }
  function writeDraft(draft) {
    try {
      if (draft) localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
      else localStorage.removeItem(DRAFT_KEY);
    } catch (error) {
      say("This device would not keep the changes (its storage is full or off): save them before leaving.");
    }
  }
  function keepDraft(waiting) {
    var now = fields(), before = readDraft();
    var wait = waiting === undefined ? !!(before && before.waiting) : waiting;
    if (same(now, served) && !wait) writeDraft(null);
    else writeDraft({ fields: now, madeAt: Date.now(), waiting: wait });
  }
  // Said at the top of the editor, and under Save as well once Save has been pressed: that is
  // where the actor is looking.
  var saveNote = document.getElementById("save-note");
  var saveTapped = false;
  function say(text, withDiscard) {
    if (!draftNote) return;
    draftText.textContent = text;
    draftNote.hidden = !text;
    discard.hidden = !withDiscard;
    if (saveNote) {
      saveNote.textContent = saveTapped ? text : "";
      saveNote.hidden = !saveTapped || !text;
    }
  }
  function clock(milliseconds) {
    return new Date(milliseconds).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }
  function restore(saved) {
    textarea.value = saved.text;
    if (notesField) notesField.value = saved.notes;
    if (tagsField) tagsField.value = saved.tags;
    if (genderField) genderField.value = saved.gender;
    items = align(parse(textarea.value));
    draw();
    showRunningTime();
  }
  // The pages that show this favourite are fetched afresh by the worker: offline they then show
  // the cut as saved, not the one read before.
  function refreshKeptCopies() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return;
    (form.getAttribute("data-shows") || "").split(" ").filter(Boolean).forEach(function (url) {
      worker.postMessage({ type: "keep", url: url });
    });
  }

  var sendingDraft = false;
  function sendWaiting(retried) {
    var draft = readDraft();
    if (sendingDraft || !draft || !draft.waiting || navigator.onLine === false || !window.fetch) return;
    sendingDraft = true;
    var saved = draft.fields;
    fetch(form.getAttribute("data-api"), {
      method: "PATCH",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": csrfToken() },
      body: JSON.stringify({ text: saved.text, notes: saved.notes, gender: saved.gender, madeAt: draft.madeAt,
                             tags: saved.tags.split(",").map(function (tag) { return tag.trim(); }).filter(Boolean) }),
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (body) {
        var message = body && body.error && body.error.message;
        if (response.ok) {
          served = saved;
          var now = readDraft();
          // Changes made while it was on its way stay a draft of their own.
          writeDraft(now && !same(now.fields, saved) ? { fields: now.fields, madeAt: now.madeAt, waiting: false } : null);
          say("Saved: the changes made without a connection are in your favourite now.", false);
          refreshKeptCopies();
        } else if (response.status === 409) {
          // The later change stands; the actor's own version stays in the editor, unsaved, to
          // save over it or discard.
          writeDraft({ fields: saved, madeAt: draft.madeAt, waiting: false });
          sessionStorage.setItem(NOTE_KEY, (message || "A later change stands.") +
            " Your version from " + clock(draft.madeAt) + " is in the editor below: save it to keep it instead, or discard it.");
          location.reload();
        } else if (response.status === 403 && !retried && window.folioFreshToken) {
          // A page kept from an earlier session carries an old token: a fresh one, then once more.
          return window.folioFreshToken().then(function () { sendingDraft = false; sendWaiting(true); });
        } else if (response.status === 401 || response.status === 403) {
          say("Log in again to save: your changes stay on this device until then.", true);
        } else if (response.status >= 500 || response.status === 429) {
          say("Folio could not save just now (" + response.status + "): your changes stay on this device and are sent again later.", true);
        } else {
          writeDraft({ fields: saved, madeAt: draft.madeAt, waiting: false });
          say("Your changes could not be saved: " + (message || "the server answered " + response.status + ".") +
              " They are back in the editor: change them and save again.", true);
        }
      });
    }).catch(function () {
      // Still unreachable: they wait for the next try.
    }).then(function () {
      sendingDraft = false;
    });
  }

  form.addEventListener("submit", function (event) {
    if (navigator.onLine !== false) {
      // Sent to the server, whose page says "Saved"; the draft stays until then.
      keepDraft(false);
      return;
    }
    event.preventDefault();
    keepDraft(true);
    saveTapped = true;
    say("You are offline: your changes are kept on this device and will be saved as soon as it is back online.", true);
  });
  [notesField, tagsField, genderField].forEach(function (control) {
    if (!control) return;
    control.addEventListener("input", function () { keepDraft(); });
    control.addEventListener("change", function () { keepDraft(); });
  });
  if (discard) {
    discard.addEventListener("click", function () {
      if (!window.confirm("Discard the changes not saved? The editor goes back to your favourite as last saved.")) return;
      writeDraft(null);
      restore(served);
      say("Discarded: this is your favourite as last saved.", false);
    });
  }
  // Restoring the library's text is the server's to do: without a connection it waits for one.
  var restoreForm = document.getElementById("restore-form");
  if (restoreForm) {
    restoreForm.addEventListener("submit", function (event) {
      if (navigator.onLine !== false) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      saveTapped = false;
      say("Restoring the library's text needs a connection: nothing was changed.", false);
    }, true);
  }
  window.addEventListener("online", function () { sendWaiting(); });

  items = align(parse(textarea.value));
  draw();
  showRunningTime();

  var note = sessionStorage.getItem(NOTE_KEY);
  if (note) sessionStorage.removeItem(NOTE_KEY);
  if (form.hasAttribute("data-saved")) refreshKeptCopies();
  function bringBack() {
    var draft = readDraft();
    if (draft && !same(draft.fields, served)) {
      restore(draft.fields);
      say(note ? note : draft.waiting
        ? "Your changes from " + clock(draft.madeAt) + " are kept on this device and will be saved as soon as it is back online."
        : "Your unsaved changes from " + clock(draft.madeAt) + " are back. Save them, or discard them.", true);
      sendWaiting();
    } else if (draft) {
      // Saved already (the page says so), or nothing left to keep.
      writeDraft(null);
    }
    if (note && !(draft && !same(draft.fields, served))) say(note, false);
    note = null;
  }
  bringBack();
  // Back to the editor from the browser's page cache runs no script again: it is asked here.
  window.addEventListener("pageshow", function (event) { if (event.persisted) bringBack(); });
})();
