/* The referee offline: the hand form. What is typed is kept as a draft per hand
   until it is saved, and restored after a reload with a note and a "Discard draft"
   button; a save without a connection is kept on the device (replay.js sends it);
   a hand kept here is shown in the form (static/js/offline/store.js says how the
   scripts fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  function draftButton() {
    var button = O.element("button", "btn btn-sm btn-outline-danger", O.say("Discard"));
    button.type = "button";
    button.id = "discard-draft";
    button.addEventListener("click", function () {
      O.drop(O.draftKey(S.handUrl));
      location.reload();
    });
    return button;
  }

  function keptEntry() {
    return O.queue().filter(function (e) { return e.url === S.handUrl; })[0];
  }

  /* The hand kept on this device, or the draft typed here, put back in the form. */
  function showKept() {
    var key = O.draftKey(S.handUrl);
    var entry = keptEntry();
    var draft = O.load(key, null);
    var unsent = /[?&]unsent=1/.test(location.search);
    if (unsent) history.replaceState(null, "", location.pathname);
    if (draft && draft.sent) {
      if (unsent && draft.posted) {
        // The save left without a connection (the service worker answered): keep it.
        O.restore(draft.posted);
        O.keep(draft.posted);
        entry = keptEntry();
        draft = null;
      } else {
        delete draft.sent;
        delete draft.posted;
        O.store(key, draft);
        if (O.same(draft.fields, O.typed())) draft = null; // the page shows what was posted
      }
    }
    if (entry) {
      if (!O.same(entry.fields.filter(function (p) { return !O.NOT_KEPT[p[0]]; }), O.typed())) O.restore(entry.fields);
      if (entry.state === "problem" && entry.kind === "refused") {
        // Refused by the rules, not overtaken: the problems, and what to do.
        O.note("offline-note", "danger", entry.message + " " + O.say("RefusedHere"))
          .appendChild(O.problemList(entry.problems || []));
        if (navigator.onLine && window.htmx) window.htmx.trigger(S.form, "preview");
      } else if (entry.state === "problem") {
        O.note("offline-note", "danger", O.say("Conflict") + " " + entry.message + " " + O.say("ConflictHere"));
      } else {
        O.note("offline-note", "info", O.say("QueuedHere"));
      }
    }
    if (draft && (!entry || draft.at > entry.at) && !O.same(draft.fields, O.typed())) {
      O.restore(draft.fields);
      O.note("offline-draft", "warning", O.say("Draft"), draftButton());
    }
  }

  /* Saving: kept on the device without a connection; online, kept until the answer
     shows it stored. */
  function onSubmit(event, stopDraft) {
    if (event.defaultPrevented) return;
    var ui = S.ui;
    var submitter = event.submitter;
    var action = submitter ? submitter.value : "";
    stopDraft();
    if (action === "save" || action === "overwrite") {
      var fields = O.pairs(submitter);
      if (!navigator.onLine) {
        event.preventDefault();
        O.keep(fields);
        if (navigator.serviceWorker && navigator.serviceWorker.controller) {
          O.flash(O.say("Queued") + " (" + (ui.dataset.handLabel || "") + ")");
          location.assign(ui.dataset.nextUrl || location.href);
        } else {
          // No worker to show the next page without a connection: stay here.
          O.note("offline-note", "info", O.say("QueuedHere"));
          window.scrollTo(0, 0);
        }
        return;
      }
      // Online: kept until the answer shows it stored (the next page), or kept as
      // waiting to send if the service worker finds no network.
      O.store(O.draftKey(S.handUrl), { fields: O.typed(), at: Date.now(), sent: action, posted: fields,
        next: ui.dataset.nextUrl, match: ui.dataset.matchUrl });
      O.setQueue(O.queue().filter(function (e) { return e.url !== S.handUrl; }));
    } else if (!navigator.onLine) {
      event.preventDefault();
      O.note("offline-note", "warning", O.say("CheckOffline"));
    }
  }

  O.setUpForm = function () {
    var form = S.form;
    var key = O.draftKey(S.handUrl);
    var initial = JSON.stringify(O.typed());
    S.loaded = initial;
    O.keepBar();
    showKept();
    if (!navigator.onLine) O.previewNote(true);

    var timer = null;
    function keepDraftNow() {
      timer = null;
      var now = O.typed();
      if (JSON.stringify(now) === initial) O.drop(key);
      else O.store(key, { fields: now, at: Date.now() });
    }
    // Only the referee's own keystrokes and taps make a draft: the form's scripts
    // (the feast picker, a restored hand) change fields too, and are not typing.
    function keepDraft(event) {
      if (S.restoring || !event.isTrusted) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(keepDraftNow, 250);
    }
    form.addEventListener("input", keepDraft);
    form.addEventListener("change", keepDraft);
    form.addEventListener("click", keepDraft);
    // A reload or a closed tab within the pause still keeps the last keystrokes.
    window.addEventListener("pagehide", function () {
      if (timer !== null) { window.clearTimeout(timer); keepDraftNow(); }
    });
    form.addEventListener("submit", function (event) {
      onSubmit(event, function () { window.clearTimeout(timer); timer = null; });
    });
  };
})(window.tarokkOffline = window.tarokkOffline || {});
