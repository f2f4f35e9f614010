/* The live event day (issue 16). htmx polls the board (hx-trigger="every 3s" in the
   server's HTML) and swaps it when it changed; this file only
   - says when the board was last checked or updated, and when the connection is lost
     (the texts come translated in data- attributes of #live-status);
   - in projector mode, shows one match at a time and moves on every data-cycle
     seconds (arrow keys move by hand), keeping its place when the board is swapped;
   - offers full screen where the browser allows it.
   No inline script anywhere: the pages run under a Content-Security-Policy. */
(function () {
  "use strict";

  var status = document.getElementById("live-status");

  function clock() {
    return new Date().toLocaleTimeString(document.documentElement.lang || undefined, {
      hour: "2-digit", minute: "2-digit", second: "2-digit"
    });
  }

  function say(kind) {
    if (!status) return;
    status.textContent = status.dataset[kind] + (kind === "offline" ? "" : " " + clock());
    status.classList.toggle("offline", kind === "offline");
  }

  function isBoard(event) {
    var elt = event.detail && event.detail.elt;
    return elt && elt.id === "live-board";
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isBoard(event) && event.detail.xhr.status === 200) say("updated");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isBoard(event) && event.detail.xhr.status === 204) say("checked");
  });
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (isBoard(event)) say("offline");
    });
  });

  /* Projector mode */
  var body = document.body;
  var seconds = parseInt(body.dataset.cycle || "0", 10);
  if (!body.classList.contains("projector")) return;
  var current = null;
  var position = document.querySelector(".projector-position");

  function matches() {
    return Array.prototype.slice.call(document.querySelectorAll(".projector-match"));
  }

  function indexOfCurrent(list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].dataset.match === current) return i;
    }
    return 0;
  }

  function show(step) {
    var list = matches();
    if (!list.length) {
      if (position) position.textContent = "";
      return;
    }
    var index = (indexOfCurrent(list) + (step || 0) + list.length) % list.length;
    list.forEach(function (match, i) { match.classList.toggle("is-current", i === index); });
    current = list[index].dataset.match;
    if (position && list.length > 1) {
      position.textContent = position.dataset.positionTemplate
        .replace("%(n)s", index + 1).replace("%(total)s", list.length);
    }
  }

  body.classList.add("cycling");
  show(0);
  document.addEventListener("htmx:load", function () { show(0); });
  if (seconds > 0) {
    setInterval(function () { show(1); }, seconds * 1000);
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") show(1);
    if (event.key === "ArrowLeft") show(-1);
  });

  var full = document.querySelector("[data-fullscreen]");
  if (full && document.fullscreenEnabled) {
    full.hidden = false;
    full.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen();
    });
  }
})();
