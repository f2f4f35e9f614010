/* The referee offline: a hand saved without a connection is kept on the device and
   sent, in the order saved, when the connection returns; the server's version check
   settles conflicts, which are shown here and on the hand's page, never dropped
   (static/js/offline/store.js says how the scripts fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  O.keep = function (fields) {
    var handUrl = S.handUrl;
    var entries = O.queue().filter(function (entry) { return entry.url !== handUrl; });
    // A later save of the same hand replaces one that never left the device; it was
    // made on the same stored version (the form shows the kept hand).
    entries.push({ url: handUrl, user: S.user, label: S.ui.dataset.handLabel || handUrl, fields: fields, at: Date.now(), state: "waiting" });
    O.setQueue(entries);
    O.drop(O.draftKey(handUrl));
  };

  function settle(entry, answer) {
    var entries = O.queue();
    var index = -1;
    entries.forEach(function (e, i) { if (e.url === entry.url && e.at === entry.at) index = i; });
    if (index === -1) return;
    if (answer.status === "saved" || answer.status === "already") {
      entries.splice(index, 1);
      O.flash(O.say("Sent") + " " + entry.label + ". " + (answer.message || ""));
      O.setQueue(entries);
      if (entry.url === S.handUrl && !O.load(O.draftKey(S.handUrl), null)) location.reload();
    } else {
      entries[index].state = "problem";
      entries[index].kind = answer.status; // "refused" or "conflict"
      entries[index].message = answer.message || "";
      entries[index].problems = answer.problems || [];
      O.setQueue(entries);
    }
  }

  function sendNext(csrf) {
    // Only the signed-in referee's own hands: a shared device may keep another's.
    var entry = O.queue().filter(function (e) { return e.state === "waiting" && e.user === S.user; })[0];
    if (!entry) return Promise.resolve();
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(entry.url + "replay/", {
      method: "POST", body: body, credentials: "same-origin", headers: { "X-CSRFToken": csrf }
    }).then(function (response) {
      return response.json().catch(function () { return { status: response.status === 403 ? "signin" : "error" }; });
    }).then(function (answer) {
      if (answer.status === "signin") { S.signinNeeded = true; O.render(); return null; }
      if (answer.status === "error" || !answer.status) return null; // the server's trouble: later
      settle(entry, answer);
      return sendNext(csrf);
    });
  }

  function sendAll() {
    return fetch(S.ui.dataset.token, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (token) {
        if (!token.signed_in || token.user !== S.user) { S.signinNeeded = true; O.render(); return null; }
        S.signinNeeded = false;
        return sendNext(token.csrf);
      })
      .catch(function () { return null; }); // no connection after all: later
  }

  O.flush = function () {
    if (S.flushing || !navigator.onLine) return;
    if (!O.queue().some(function (e) { return e.state === "waiting" && e.user === S.user; })) return;
    S.flushing = true;
    var run = navigator.locks ? navigator.locks.request("tarokk-referee-queue", sendAll) : sendAll();
    Promise.resolve(run).then(function () { S.flushing = false; O.render(); }, function () { S.flushing = false; });
  };
})(window.tarokkOffline = window.tarokkOffline || {});
