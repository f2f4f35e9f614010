/* Behaviour shared by every page, kept out of the HTML so that the
   Content-Security-Policy can forbid inline scripts and on* attributes.
   - a button with data-print prints the page. */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
