/* The referee offline: the service worker (static/js/sw.js, served at
   /referee/sw.js) that keeps the referee's pages on the device; asking it to keep
   the pages the referee opens next; forgetting the kept pages at log-out
   (static/js/offline/store.js says how the scripts fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  function warm() {
    if (!("serviceWorker" in navigator) || !navigator.onLine) return;
    var pattern = /^\/referee\/matches\/\d+\/(hands\/\d+\/)?$/;
    var urls = [];
    if (!navigator.serviceWorker.controller) urls.push(location.pathname);
    var near = null;
    var handUrl = S.handUrl;
    if (handUrl) {
      var n = parseInt(handUrl.replace(/.*\/hands\/(\d+)\/$/, "$1"), 10);
      near = [handUrl.replace(/\/\d+\/$/, "/" + (n - 1) + "/"), S.ui.dataset.nextUrl, S.ui.dataset.matchUrl];
    }
    document.querySelectorAll("a[href]").forEach(function (link) {
      var path = new URL(link.href, location.href).pathname;
      if (pattern.test(path) && urls.indexOf(path) === -1 && path !== location.pathname &&
          (!near || near.indexOf(path) !== -1)) urls.push(path);
    });
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active && urls.length) registration.active.postMessage({ type: "warm", urls: urls.slice(0, 40) });
    });
  }

  O.register = function () {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(S.ui.dataset.sw, { scope: S.ui.dataset.scope }).then(warm, function () { /* no worker: online only */ });
  };

  O.guardLogout = function () {
    document.querySelectorAll("form[action$='/accounts/logout/']").forEach(function (logout) {
      logout.addEventListener("submit", function (event) {
        if (O.queue().length && !window.confirm(O.say("Logout"))) { event.preventDefault(); return; }
        if (!window.caches) return;
        event.preventDefault();
        window.caches.delete(O.PAGES).then(function () { logout.submit(); }, function () { logout.submit(); });
      });
    });
  };
})(window.tarokkOffline = window.tarokkOffline || {});
