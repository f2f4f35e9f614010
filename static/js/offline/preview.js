/* The referee offline: the hand form's live preview and the score bar beside Save
   when the server cannot be reached (static/js/offline/store.js says how the scripts
   fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  /* Without a connection the bar beside Save cannot show a checked score: it says
     so rather than keep the last one (the hand may have changed since). */
  function scoreUnknown() {
    var status = document.getElementById("score-status");
    if (!status) return;
    status.textContent = O.say("Unchecked");
    status.classList.remove("score-status-bad");
    status.removeAttribute("data-first-problem");
    status.setAttribute("href", "#preview-title");
  }

  /* The bar as the page came, kept to be put back when no check follows. */
  O.keepBar = function () {
    var status = document.getElementById("score-status");
    if (!status) return;
    S.bar = { html: status.innerHTML };
    ["class", "href", "data-first-problem"].forEach(function (name) { S.bar[name] = status.getAttribute(name); });
  };

  O.barAsLoaded = function () {
    var status = document.getElementById("score-status");
    var bar = S.bar;
    if (!status || !bar) return;
    status.innerHTML = bar.html;
    ["class", "href", "data-first-problem"].forEach(function (name) {
      if (bar[name] === null) status.removeAttribute(name);
      else status.setAttribute(name, bar[name]);
    });
  };

  O.previewNote = function (show) {
    var preview = document.getElementById("preview");
    if (!preview) return;
    var old = document.getElementById("preview-offline");
    if (!show) {
      if (old) old.remove();
      preview.classList.remove("opacity-50");
      return;
    }
    scoreUnknown();
    if (!old) {
      old = O.element("p", "alert alert-warning small mb-2", O.say("Stale"));
      old.id = "preview-offline";
      old.setAttribute("role", "status");
      preview.parentNode.insertBefore(old, preview);
    }
    preview.classList.add("opacity-50");
  };
})(window.tarokkOffline = window.tarokkOffline || {});
