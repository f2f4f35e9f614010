/* The referee offline: starts the scripts of static/js/offline/ on a referee page
   (the page includes templates/scoring/_offline.html; store.js says how the scripts
   fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  function forgetSaved() {
    // A hand posted online whose answer was the next page (or the match page) is stored.
    try {
      Object.keys(window.localStorage).forEach(function (key) {
        if (key.indexOf(S.draft) !== 0) return;
        var draft = O.load(key, null);
        if (draft && draft.sent && (location.pathname === draft.next || location.pathname === draft.match)) O.drop(key);
      });
    } catch (e) { /* private */ }
  }

  function listen() {
    var form = S.form;
    document.body.addEventListener("htmx:sendError", function () { O.previewNote(true); });
    document.body.addEventListener("htmx:afterRequest", function (event) {
      if (event.detail && event.detail.successful) O.previewNote(false);
    });
    window.addEventListener("offline", function () { O.previewNote(true); O.render(); });
    window.addEventListener("online", function () {
      O.render();
      O.flush();
      if (!form) return;
      // A hand typed or restored here is checked again; an untouched one is not (it
      // would only show what is still to be entered as problems).
      if (JSON.stringify(O.typed()) !== S.loaded) {
        if (window.htmx) window.htmx.trigger(form, "change");
      } else {
        O.previewNote(false);
        O.barAsLoaded();
      }
    });
    window.addEventListener("pageshow", function (event) { if (event.persisted) { O.render(); O.flush(); } });
    window.setInterval(O.flush, 20000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var ui = document.getElementById("offline-ui");
    if (!ui) return;
    S.ui = ui;
    S.handUrl = ui.dataset.handUrl || null;
    S.user = ui.dataset.user || "";
    S.draft = O.DRAFT_PREFIX + S.user + ":";
    S.form = S.handUrl ? document.getElementById("hand-form") : null;
    // Known to be offline: no check is sent (it could only fail, logging errors),
    // not even for a hand restored below.
    document.body.addEventListener("htmx:beforeRequest", function (event) {
      if (navigator.onLine || !S.form || event.target !== S.form) return;
      event.preventDefault();
      O.previewNote(true);
    });
    forgetSaved();
    if (S.form) O.setUpForm();
    O.render();
    O.register();
    O.guardLogout();
    O.flush();
    listen();
  });
})(window.tarokkOffline = window.tarokkOffline || {});
