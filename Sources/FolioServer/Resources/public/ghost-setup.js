// Ghost's setup page: a word list chosen as a file is read into the form's box, where it can be
// checked before it is sent; the form itself works without this, by pasting.
(function () {
  "use strict";
  // The page that plays Ghost on the device is kept by the service worker from this visit on,
  // so that Ghost works without a connection (the worker answers Ghost's pages with it then).
  var onDevice = document.getElementById("ghost-on-device-link");
  if (onDevice && "serviceWorker" in navigator) {
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep", url: onDevice.href });
    }).catch(function () {});
  }
  var file = document.getElementById("word-list-file");
  var box = document.getElementById("word-list-words");
  var name = document.getElementById("word-list-name");
  if (!file || !box) return;
  file.addEventListener("change", function () {
    var chosen = file.files && file.files[0];
    if (!chosen) return;
    chosen.text().then(function (text) {
      box.value = text;
      if (name && !name.value) name.value = chosen.name.replace(/\.[^.]*$/, "").slice(0, 40);
    });
  });
})();
