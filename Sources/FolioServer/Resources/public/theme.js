// Loaded in <head> without `defer`, before the page is drawn: the saved theme applies from the
// first paint (no flash of the other one), and `js` on <html> tells the styles that scripts run.
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  try {
    var theme = localStorage.getItem("folio-theme");
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
  } catch (e) {}
})();
