// Tap a word of the speech to see what it means. The page is not wrapped word by word (a long
// speech would double in size); the word is found under the tap from the text itself, and its
// meaning asked of /api/v1/monologues/define. On the reading screen a tap (or a selected word)
// looks it up; in the favourite editor a tap cuts a line, so there a long press does, or the
// "Look up a word" field both pages get for keyboards.
(function () {
  "use strict";

  var text = document.getElementById("monologue-text");
  var editor = document.getElementById("edit-form");
  if (!text && !editor) return;

  var ENDPOINT = "/api/v1/monologues/define?word=";
  var LONG_PRESS_MS = 500;
  var WORD_CHAR = /[\p{L}'’\-]/u;
  var cache = new Map();
  var panel = null, pending = null, opener = null, swallowClick = false;

  // ---------- Finding the word under a point ----------

  function caretAt(x, y) {
    if (document.caretPositionFromPoint) {
      var position = document.caretPositionFromPoint(x, y);
      return position && { node: position.offsetNode, offset: position.offset };
    }
    if (document.caretRangeFromPoint) {
      var range = document.caretRangeFromPoint(x, y);
      return range && { node: range.startContainer, offset: range.startOffset };
    }
    return null;
  }

  // The word around a caret, as a Range, or null when the point is not on a word (a caret is
  // found even for a tap in the margin beside a line, so the word's box must hold the point).
  function wordAt(x, y) {
    var caret = caretAt(x, y);
    if (!caret || !caret.node || caret.node.nodeType !== Node.TEXT_NODE) return null;
    var value = caret.node.nodeValue, start = caret.offset, end = caret.offset;
    while (start > 0 && WORD_CHAR.test(value.charAt(start - 1))) start--;
    while (end < value.length && WORD_CHAR.test(value.charAt(end))) end++;
    // Dashes and quotes around a word are not part of it ("--" between phrases, 'quoted').
    while (start < end && /[\-'’]/.test(value.charAt(start)) && !/^['’](tis|twas|twere|twill|twould|gainst|twixt|mongst|scape|em)\b/i.test(value.slice(start, end))) start++;
    while (end > start && /[\-]/.test(value.charAt(end - 1))) end--;
    if (end <= start || !/\p{L}/u.test(value.slice(start, end))) return null;
    var range = document.createRange();
    range.setStart(caret.node, start);
    range.setEnd(caret.node, end);
    var box = range.getBoundingClientRect(), slack = 4;
    if (x < box.left - slack || x > box.right + slack || y < box.top - slack || y > box.bottom + slack) return null;
    return range;
  }

  // A selection of one word inside `root`, as a Range.
  function selectedWord(root) {
    var selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount !== 1) return null;
    var range = selection.getRangeAt(0);
    if (!root.contains(range.commonAncestorContainer)) return null;
    var word = range.toString().trim();
    return /^[\p{L}'’\-]{1,40}$/u.test(word) ? range : null;
  }

  // ---------- The panel ----------

  function element(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    // Dictionary text goes in as text, never as markup.
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function ensurePanel() {
    if (panel) return panel;
    panel = element("aside", "glossary-panel");
    panel.id = "glossary-panel";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-labelledby", "glossary-title");
    panel.tabIndex = -1;
    panel.hidden = true;
    var head = element("div", "glossary-head");
    var title = element("h2", "glossary-title");
    title.id = "glossary-title";
    var close = element("button", "glossary-close icon-button");
    close.type = "button";
    close.id = "glossary-close";
    close.setAttribute("aria-label", "Close the meaning");
    close.appendChild(element("span", "", "×")).setAttribute("aria-hidden", "true");
    close.addEventListener("click", hide);
    head.appendChild(title);
    head.appendChild(close);
    var body = element("div", "glossary-body");
    body.id = "glossary-body";
    body.setAttribute("aria-live", "polite");
    panel.appendChild(head);
    panel.appendChild(body);
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { event.preventDefault(); hide(); }
    });
    document.body.appendChild(panel);
    return panel;
  }

  function show(word, range) {
    ensurePanel();
    opener = range ? null : document.activeElement;
    highlight(range);
    render({ title: word, loading: true });
    panel.hidden = false;
    place(range);
    panel.focus({ preventScroll: true });
    lookUp(word).then(function (result) {
      if (panel.hidden || panel.getAttribute("data-word") !== word) return;
      render(result);
      place(range);
    });
    panel.setAttribute("data-word", word);
  }

  function hide() {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    panel.removeAttribute("data-word");
    highlight(null);
    if (pending) { pending.abort(); pending = null; }
    if (opener && opener.focus) opener.focus();
    opener = null;
  }

  function render(result) {
    var title = panel.querySelector(".glossary-title");
    var body = panel.querySelector(".glossary-body");
    body.textContent = "";
    panel.classList.toggle("glossary-error", !!result.error);
    if (result.loading) {
      title.textContent = result.title;
      body.appendChild(element("p", "glossary-status", "Looking it up…"));
      return;
    }
    if (result.error) {
      title.textContent = result.word;
      body.appendChild(element("p", "glossary-status", result.error));
      return;
    }
    var meaning = result.meaning;
    // "kill'd → kill": the form tapped, and the headword its meaning is found under.
    title.textContent = meaning.word === meaning.headword ? meaning.word : meaning.word + " → " + meaning.headword;
    if (meaning.gloss) body.appendChild(element("p", "glossary-gloss", meaning.gloss));
    meaning.entries.forEach(function (entry) {
      var section = element("section", "glossary-entry");
      var head = element("p", "glossary-entry-head");
      head.appendChild(element("strong", "", entry.headword));
      if (entry.partOfSpeech) head.appendChild(element("span", "glossary-pos", entry.partOfSpeech));
      section.appendChild(head);
      if (entry.senses.length) {
        var list = element(entry.senses.length > 1 ? "ol" : "ul", "glossary-senses");
        entry.senses.forEach(function (sense) { list.appendChild(element("li", "", sense)); });
        section.appendChild(list);
      }
      body.appendChild(section);
    });
    body.appendChild(element("p", "glossary-source", "GCIDE, from Webster's 1913"));
  }

  // Below the word's line when there is room in the window, else above it: never over the word.
  function place(range) {
    var gap = 8, margin = 8;
    var width = Math.min(window.innerWidth - 2 * margin, 26 * 16);
    panel.style.width = width + "px";
    var box = range ? range.getBoundingClientRect() : null;
    if (!box) {
      var anchor = document.getElementById("glossary-lookup") || text || editor;
      box = anchor.getBoundingClientRect();
    }
    var height = panel.offsetHeight;
    var below = box.bottom + gap, above = box.top - gap - height;
    var bottomLimit = window.innerHeight - tabbarHeight() - margin;
    var top = below + height <= bottomLimit || above < margin ? below : above;
    var left = Math.max(margin, Math.min(box.left + box.width / 2 - width / 2, window.innerWidth - width - margin));
    panel.style.left = (left + window.scrollX) + "px";
    panel.style.top = (top + window.scrollY) + "px";
    // A panel running past the bottom of the window scrolls into view, the word still above it.
    var rect = panel.getBoundingClientRect();
    if (rect.bottom > bottomLimit) window.scrollBy({ top: rect.bottom - bottomLimit, behavior: "instant" });
  }

  function tabbarHeight() {
    var bar = document.querySelector(".tabbar, .tab-bar, nav.tabs");
    if (!bar) return 0;
    var rect = bar.getBoundingClientRect();
    return rect.top < window.innerHeight && getComputedStyle(bar).position === "fixed" ? window.innerHeight - rect.top : 0;
  }

  // The tapped word stays marked while its meaning shows, where the browser can (no DOM change).
  function highlight(range) {
    if (!window.CSS || !CSS.highlights || typeof Highlight === "undefined") return;
    if (range) CSS.highlights.set("glossary-word", new Highlight(range.cloneRange()));
    else CSS.highlights.delete("glossary-word");
  }

  // ---------- Asking the server ----------

  function lookUp(word) {
    var key = word.toLowerCase();
    if (cache.has(key)) return Promise.resolve(cache.get(key));
    if (pending) pending.abort();
    var controller = typeof AbortController === "function" ? new AbortController() : null;
    pending = controller;
    return fetch(ENDPOINT + encodeURIComponent(word), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (body) {
        var result;
        if (response.ok && body && Array.isArray(body.entries)) {
          result = { meaning: body };
          cache.set(key, result);
        } else {
          var message = body && body.error && body.error.message;
          result = { word: word, error: message || "No meaning could be found for this word." };
          if (response.status === 404) cache.set(key, result);
        }
        return result;
      });
    }).catch(function (error) {
      if (error && error.name === "AbortError") return { word: word, error: "" };
      return { word: word, error: "You seem to be offline: word meanings need a connection. Try again when you are back online." };
    });
  }

  // ---------- Reading screen: tap or select ----------

  if (text) {
    text.classList.add("glossary-ready");
    text.addEventListener("click", function (event) {
      var range = selectedWord(text) || wordAt(event.clientX, event.clientY);
      if (!range) { hide(); return; }
      event.stopPropagation();
      show(range.toString(), range);
    });
  }

  // ---------- Editor: long press on a line ----------

  if (editor) {
    var timer = null, start = null;
    var cancel = function () { if (timer) { clearTimeout(timer); timer = null; } };
    editor.addEventListener("pointerdown", function (event) {
      var line = event.target.closest && event.target.closest("button.edit-line");
      if (!line || event.button !== 0) return;
      start = { x: event.clientX, y: event.clientY };
      cancel();
      timer = setTimeout(function () {
        timer = null;
        var range = wordAt(start.x, start.y);
        if (!range) return;
        // The click that ends this press must not cut the line.
        swallowClick = true;
        show(range.toString(), range);
      }, LONG_PRESS_MS);
    });
    editor.addEventListener("pointermove", function (event) {
      if (start && Math.abs(event.clientX - start.x) + Math.abs(event.clientY - start.y) > 10) cancel();
    });
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (type) { editor.addEventListener(type, cancel); });
    // Capture, so the editor's own click handler never sees a long press's click.
    editor.addEventListener("click", function (event) {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    }, true);
    editor.addEventListener("contextmenu", function (event) {
      if (event.target.closest && event.target.closest("button.edit-line") && (swallowClick || timer)) event.preventDefault();
    });
  }

  // ---------- A field for keyboards (and for any word) ----------

  function addLookupField() {
    var host = text || document.querySelector(".line-editor") || editor;
    if (!host || document.getElementById("glossary-lookup")) return;
    var form = element("form", "glossary-lookup");
    form.id = "glossary-lookup";
    form.setAttribute("role", "search");
    var label = element("label", "glossary-lookup-label", text ? "Look up a word (or tap one)" : "Look up a word (or press and hold one)");
    label.htmlFor = "glossary-word";
    var input = element("input");
    input.id = "glossary-word";
    input.type = "text";
    input.maxLength = 40;
    input.autocapitalize = "off";
    input.setAttribute("autocomplete", "off");
    input.setAttribute("spellcheck", "false");
    var button = element("button", "secondary", "Look up");
    button.type = "submit";
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(button);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var word = input.value.trim();
      if (word) show(word, null);
    });
    host.parentNode.insertBefore(form, host.nextSibling);
  }

  // The editor draws its line list after load; the field goes after it once it is there.
  if (text) addLookupField();
  else window.addEventListener("load", addLookupField);

  document.addEventListener("click", function (event) {
    if (panel && !panel.hidden && !panel.contains(event.target) && !(event.target.closest && event.target.closest("#glossary-lookup"))) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && panel && !panel.hidden) hide();
  });
})();
