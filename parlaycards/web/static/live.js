// The board refreshes its changing part in place; without this script the page is the same, reloaded by hand.
(function () {
  var box = document.getElementById("live");
  if (!box || !window.fetch) return;
  var note = document.getElementById("live-note");
  if (note) note.textContent = "This page updates itself as scores come in.";
  var every = parseInt(box.getAttribute("data-every") || "4000", 10);
  function poll() {
    var since = encodeURIComponent(box.getAttribute("data-stamp") || "");
    fetch(box.getAttribute("data-src") + "?since=" + since, { cache: "no-store", credentials: "omit" })
      .then(function (r) { return r.status === 200 ? r.json() : null; })  // 204: nothing changed
      .then(function (d) {
        if (d && d.stamp && d.stamp !== box.getAttribute("data-stamp")) {
          box.innerHTML = d.html;
          box.setAttribute("data-stamp", d.stamp);
        }
      })
      .catch(function () {})
      .then(function () { setTimeout(poll, document.hidden ? every * 4 : every); });
  }
  setTimeout(poll, every);
})();
