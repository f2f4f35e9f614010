/* The referee offline (README "The referee offline"), split by job into the scripts
   of static/js/offline/, loaded in this order (tarokk_admin/core/assets.py):
     store.js      what is kept on the device: the queue of saved hands, drafts, notes;
     fields.js     a hand form's fields as [name, value] pairs, and back;
     banner.js     the status banner, the marks on links, the notes above the form;
     preview.js    the live preview and the score bar when the server cannot be reached;
     replay.js     sending the kept hands, in the order saved, when the connection returns;
     hand_form.js  the hand form: drafts, a save kept without a connection;
     worker.js     the service worker (static/js/sw.js): registering it, warming pages,
                   forgetting the kept pages at log-out;
     boot.js       starts it all on a referee page.
   They share one object, window.tarokkOffline (its "state" and the functions below).
   Texts and addresses come from the data-* attributes of #offline-ui
   (templates/scoring/_offline.html). */
(function (O) {
  "use strict";

  O.QUEUE = "tarokk.referee.queue";
  O.DRAFT_PREFIX = "tarokk.referee.draft:"; // + the user + ":" + the hand's address
  O.FLASH = "tarokk.referee.flash";
  O.PAGES = "tarokk-referee-pages";
  O.NOT_KEPT = { csrfmiddlewaretoken: true, action: true };
  O.state = {
    ui: null, form: null, handUrl: null, user: "",
    draft: O.DRAFT_PREFIX, // the signed-in referee's prefix, set by boot.js
    restoring: false, flushing: false, signinNeeded: false,
    loaded: null, // the form's fields as the page came (JSON), before any restore
    bar: null, // the score bar beside Save as the page came: put back when no check follows
    flashed: null // the last "sent" or "saved here" note of this page
  };

  O.say = function (key, n) {
    var ui = O.state.ui;
    var text = (ui && ui.dataset["s" + key]) || "";
    return n === undefined ? text : text.replace("{n}", String(n));
  };

  O.load = function (key, fallback) {
    try {
      var value = window.localStorage.getItem(key);
      return value ? JSON.parse(value) : fallback;
    } catch (e) { return fallback; }
  };
  O.store = function (key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or private */ }
  };
  O.drop = function (key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* private */ }
  };

  /* The hands saved on this device and not yet stored by the server. */
  O.queue = function () { return O.load(O.QUEUE, []); };
  O.setQueue = function (entries) {
    if (entries.length) O.store(O.QUEUE, entries); else O.drop(O.QUEUE);
    O.render();
  };

  /* What is typed in the hand form and not saved, per referee and hand. */
  O.draftKey = function (url) { return O.state.draft + url; };

  /* A note shown on the next page ("sent", "saved here"). */
  O.flash = function (text) {
    try { window.sessionStorage.setItem(O.FLASH, text); } catch (e) { /* private */ }
  };
  O.takeFlash = function () {
    var message = null;
    try { message = window.sessionStorage.getItem(O.FLASH); window.sessionStorage.removeItem(O.FLASH); } catch (e) { /* private */ }
    return message;
  };
})(window.tarokkOffline = window.tarokkOffline || {});
