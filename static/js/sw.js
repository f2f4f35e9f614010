/* The referee's service worker (served at /referee/sw.js by scoring/views/offline.py,
   which puts self.TAROKK_SW = {version, assets, pages, offline, static} before this).
   - the referee's pages: network first, the last copy seen on this device when the
     network fails, else the "no connection" page;
   - static files and the feast catalogue: from the device once kept (their names
     change with each release);
   - a hand form posted when the network fails (the browser thought it was online):
     answered with the same page again, marked so that the offline scripts (js/offline/) keep the hand;
   - a page asks it to keep copies of the pages the referee opens next ("warm"). */
/* global self, caches, fetch, Response, URL */
(function () {
  "use strict";

  var CONFIG = self.TAROKK_SW || { version: "0", assets: [], pages: [], offline: "", static: "/static/" };
  var PAGES = "tarokk-referee-pages";
  var ASSETS = "tarokk-referee-assets-" + CONFIG.version;
  var SCOPE = new URL(self.registration.scope).pathname;
  var HAND_PATH = /\/matches\/\d+\/hands\/\d+\/$/;

  function inScope(url) {
    return url.origin === self.location.origin && url.pathname.indexOf(SCOPE) === 0;
  }

  function keep(request, response) {
    // Only whole pages that really are the page asked for (not a sign-in redirect).
    if (!response || !response.ok || response.redirected || response.type !== "basic") return;
    var type = response.headers.get("Content-Type") || "";
    if (type.indexOf("text/html") !== 0) return;
    var copy = response.clone();
    return caches.open(PAGES).then(function (cache) { return cache.put(request, copy); });
  }

  self.addEventListener("install", function (event) {
    event.waitUntil(
      caches.open(ASSETS).then(function (cache) { return cache.addAll(CONFIG.assets); })
        .then(function () {
          return Promise.all(CONFIG.pages.map(function (url) {
            return fetch(url, { credentials: "same-origin" })
              .then(function (response) { return keep(new Request(url), response); })
              .catch(function () { return null; });
          }));
        })
        .then(function () { return self.skipWaiting(); })
    );
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(
      caches.keys().then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("tarokk-referee-assets-") === 0 && name !== ASSETS;
        }).map(function (name) { return caches.delete(name); }));
      }).then(function () { return self.clients.claim(); })
    );
  });

  function fromDevice(request) {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request, { ignoreVary: true }).then(function (hit) {
        return hit || cache.match(request, { ignoreSearch: true, ignoreVary: true });
      }).then(function (hit) {
        return hit || cache.match(CONFIG.offline) || caches.match(CONFIG.offline);
      });
    }).then(function (hit) {
      return hit || new Response("No connection.", {
        status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
      });
    });
  }

  function page(event) {
    var request = event.request;
    return fetch(request).then(function (response) {
      event.waitUntil(Promise.resolve(keep(request, response)));
      return response;
    }).catch(function () { return fromDevice(request); });
  }

  function postedHand(request) {
    // The hand form posted without a network: the same page again, marked, so that
    // the offline scripts (js/offline/hand_form.js) keep what was posted (it kept a copy before the form left).
    return fetch(request).catch(function () {
      return Response.redirect(request.url + "?unsent=1", 303);
    });
  }

  function asset(request) {
    return caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(ASSETS).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
    });
  }

  // The feast catalogue an older page kept on the device asks for (a release
  // later): the copy kept now, when the network cannot give that version.
  var CATALOGUE = /\/feasts\.[\w-]+\.js$/;

  function catalogue(request) {
    return asset(request).catch(function () {
      return caches.match(request, { ignoreSearch: true }).then(function (kept) {
        return kept || Response.error();
      });
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (request.mode === "navigate" && inScope(url)) {
      if (request.method === "GET") event.respondWith(page(event));
      else if (request.method === "POST" && HAND_PATH.test(url.pathname)) event.respondWith(postedHand(request));
      return;
    }
    if (request.method === "GET" && inScope(url) && CATALOGUE.test(url.pathname)) {
      event.respondWith(catalogue(request));
      return;
    }
    if (request.method === "GET" && url.pathname.indexOf(CONFIG.static) === 0) {
      event.respondWith(asset(request));
    }
  });

  self.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "warm" && Array.isArray(data.urls)) {
      event.waitUntil(Promise.all(data.urls.slice(0, 40).map(function (href) {
        var url = new URL(href, self.location.origin);
        if (!inScope(url)) return null;
        var request = new Request(url.href, { credentials: "same-origin" });
        return fetch(request).then(function (response) { return keep(request, response); })
          .catch(function () { return null; });
      })));
    } else if (data.type === "forget") {
      event.waitUntil(caches.delete(PAGES));
    }
  });
})();
