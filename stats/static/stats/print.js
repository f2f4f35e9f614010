/* Print buttons of the statistics pages: shown only when this script runs (no inline
   handlers: the pages are served under a Content-Security-Policy without them). */
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
