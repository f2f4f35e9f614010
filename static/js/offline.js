/* The referee offline (README "The referee offline"). On the referee's pages:
   - registers the service worker (static/js/sw.js) that keeps the pages on the device
     and asks it to keep the pages the referee opens next;
   - a hand saved without a connection is kept on the device (localStorage), shown as
     "waiting to send" (a count, a mark on every link to that hand) and sent, in the
     order saved, when the connection returns; the server's version check settles
     conflicts, which are shown here and on the hand's page, never dropped;
   - what is typed in a hand form is kept as a draft per hand until it is saved, and
     restored after a reload with a note and a "Discard draft" button;
   - the live preview says so when it cannot reach the server.
   Texts and addresses come from the data-* attributes of #offline-ui
   (templates/scoring/_offline.html). */
(function () {
  "use strict";

  var QUEUE = "tarokk.referee.queue";
  var DRAFT = "tarokk.referee.draft:"; // + the user + ":" + the hand's address
  var FLASH = "tarokk.referee.flash";
  var PAGES = "tarokk-referee-pages";
  var NOT_KEPT = { csrfmiddlewaretoken: true, action: true };
  var ui, form, handUrl, user, restoring = false, flushing = false, signinNeeded = false;
  var loaded = null; // the form's fields as the page came (JSON), before any restore
  var bar = null; // the score bar beside Save as the page came: put back when no check follows
  var flashed = null; // the last "sent" or "saved here" note of this page

  function say(key, n) {
    var text = (ui && ui.dataset["s" + key]) || "";
    return n === undefined ? text : text.replace("{n}", String(n));
  }

  function load(key, fallback) {
    try {
      var value = window.localStorage.getItem(key);
      return value ? JSON.parse(value) : fallback;
    } catch (e) { return fallback; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or private */ }
  }
  function drop(key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* private */ }
  }
  function queue() { return load(QUEUE, []); }
  function setQueue(entries) {
    if (entries.length) store(QUEUE, entries); else drop(QUEUE);
    render();
  }
  function flash(text) {
    try { window.sessionStorage.setItem(FLASH, text); } catch (e) { /* private */ }
  }

  /* ---- the form's fields as [name, value] pairs, and back ---- */

  function pairs(submitter) {
    var data;
    try { data = submitter ? new FormData(form, submitter) : new FormData(form); } catch (e) { data = new FormData(form); }
    var out = [];
    data.forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") out.push([name, value]);
    });
    return out;
  }
  function typed() {
    return pairs(null).filter(function (pair) { return !NOT_KEPT[pair[0]]; });
  }
  // Whether the form shows these fields (names the form has but they lack, such as
  // the conflict panel's overwrite_version, are not compared).
  function same(fields, now) {
    var names = {};
    fields.forEach(function (pair) { names[pair[0]] = true; });
    form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (el) { names[el.name] = true; });
    return JSON.stringify(fields) === JSON.stringify(now.filter(function (pair) { return names[pair[0]]; }));
  }

  function restore(fields) {
    var values = {};
    fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    var total = form.querySelector("input[name$='-TOTAL_FORMS']");
    var add = document.getElementById("add-announcement");
    var wanted = total && values[total.name] ? parseInt(values[total.name][0], 10) : 0;
    restoring = true;
    // Rows are added by the form's own script; never let a click post the form.
    var hold = function (event) { event.preventDefault(); };
    form.addEventListener("submit", hold);
    for (var guard = 0; total && add && parseInt(total.value, 10) < wanted && guard < 60; guard++) add.click();
    form.removeEventListener("submit", hold);
    // The feasts first: a row gets the fields its feast declares (referee.js), and
    // then they are there to take what was typed in them.
    form.querySelectorAll("select.feast-select").forEach(function (el) {
      var kept = values[el.name];
      if (!kept || el.value === kept[0]) return;
      el.value = kept[0];
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    var used = {};
    Array.prototype.slice.call(form.elements).forEach(function (el) {
      var name = el.name;
      if (!name || NOT_KEPT[name] || el.type === "file" || el.type === "submit" || el.type === "button") return;
      var list = values[name] || [];
      var changed = false;
      var choice = el.type === "checkbox" || el.type === "radio";
      if (!choice && !values[name]) return; // not kept: left as the page has it
      if (choice) {
        var on = list.indexOf(el.value) !== -1;
        changed = el.checked !== on;
        el.checked = on;
      } else if (el.tagName === "SELECT" && el.multiple) {
        Array.prototype.forEach.call(el.options, function (option) {
          var pick = list.indexOf(option.value) !== -1;
          changed = changed || option.selected !== pick;
          option.selected = pick;
        });
      } else {
        var i = used[name] || 0;
        used[name] = i + 1;
        var value = i < list.length ? list[i] : "";
        changed = el.value !== value;
        el.value = value;
      }
      if (changed) el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    restoring = false;
  }

  /* ---- messages on the page ---- */

  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  }

  function statusBox() {
    var box = document.getElementById("offline-status");
    if (!box) {
      box = element("div", "container mt-2");
      box.id = "offline-status";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      var main = document.getElementById("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    return box;
  }

  function note(id, kind, text, button) {
    var old = document.getElementById(id);
    if (old) old.remove();
    if (!form) return null;
    var box = element("div", "alert alert-" + kind + " d-flex flex-wrap align-items-center gap-2", null);
    box.id = id;
    box.setAttribute("role", "status");
    box.appendChild(element("span", "flex-grow-1", text));
    if (button) box.appendChild(button);
    form.parentNode.insertBefore(box, form);
    return box;
  }

  function render() {
    if (!ui) return;
    var box = statusBox();
    box.textContent = "";
    var all = queue();
    var entries = all.filter(function (e) { return e.user === user; });
    var others = all.length - entries.length;
    if (!navigator.onLine) box.appendChild(element("div", "alert alert-warning mb-2 offline-banner", say("Offline")));
    var message = null;
    try { message = window.sessionStorage.getItem(FLASH); window.sessionStorage.removeItem(FLASH); } catch (e) { /* private */ }
    // Shown until the next page: the list is drawn again when the sending ends.
    if (message) flashed = message;
    if (flashed) box.appendChild(element("div", "alert alert-info mb-2 offline-flash", flashed));
    if (signinNeeded && entries.length) box.appendChild(element("div", "alert alert-danger mb-2", say("Signin")));
    if (entries.length) {
      var panel = element("div", "alert alert-secondary mb-2 offline-queue", null);
      panel.appendChild(element("strong", "offline-count", entries.length === 1 ? say("WaitingOne") : say("WaitingMany", entries.length)));
      var list = element("ul", "mb-0 small", null);
      entries.forEach(function (entry) {
        var item = element("li", "offline-entry", null);
        item.dataset.url = entry.url;
        var link = element("a", null, entry.label);
        link.href = entry.url;
        item.appendChild(link);
        if (entry.state === "problem") {
          item.appendChild(document.createTextNode(" · "));
          item.appendChild(element("strong", "text-danger", say("MarkProblem") + ": " + entry.message));
          if (entry.problems && entry.problems.length) item.appendChild(problemList(entry.problems));
        } else {
          item.appendChild(document.createTextNode(" · " + say("Mark")));
        }
        list.appendChild(item);
      });
      panel.appendChild(list);
      if (navigator.onLine && entries.some(function (e) { return e.state === "waiting"; })) {
        var send = element("button", "btn btn-sm btn-primary mt-2", say("Send"));
        send.type = "button";
        send.addEventListener("click", function () { signinNeeded = false; flush(); });
        panel.appendChild(send);
      }
      box.appendChild(panel);
    }
    if (others) box.appendChild(element("div", "alert alert-secondary mb-2 small", say("Others", others)));
    mark(entries);
  }

  function mark(entries) {
    document.querySelectorAll(".offline-mark").forEach(function (el) { el.remove(); });
    var state = {};
    entries.forEach(function (entry) { state[entry.url] = entry.state; });
    document.querySelectorAll("a[href]").forEach(function (link) {
      if (link.closest("#offline-status")) return;
      var path = new URL(link.href, location.href).pathname;
      if (!state[path]) return;
      var text = state[path] === "problem" ? say("MarkProblem") : say("Mark");
      var badge = element("span", "offline-mark badge ms-1 " + (state[path] === "problem" ? "text-bg-danger" : "text-bg-warning"), null);
      if (link.offsetWidth < 80) {
        // A small button (the hand numbers): a sign, and the words for screen readers.
        badge.appendChild(element("span", null, state[path] === "problem" ? "!" : "↑"));
        badge.firstChild.setAttribute("aria-hidden", "true");
        badge.appendChild(element("span", "visually-hidden", text));
        badge.title = text;
      } else {
        badge.textContent = text;
      }
      link.appendChild(badge);
    });
  }

  /* A refused hand's problems as the form lists them: "label: message". */
  function problemList(problems) {
    var list = element("ul", "offline-problems w-100 mb-0 small", null);
    problems.forEach(function (p) {
      list.appendChild(element("li", null, (p.label ? p.label + ": " : "") + p.message));
    });
    return list;
  }

  /* Without a connection the bar beside Save cannot show a checked score: it says
     so rather than keep the last one (the hand may have changed since). */
  function scoreUnknown() {
    var status = document.getElementById("score-status");
    if (!status) return;
    status.textContent = say("Unchecked");
    status.classList.remove("score-status-bad");
    status.removeAttribute("data-first-problem");
    status.setAttribute("href", "#preview-title");
  }

  function barAsLoaded() {
    var status = document.getElementById("score-status");
    if (!status || !bar) return;
    status.innerHTML = bar.html;
    ["class", "href", "data-first-problem"].forEach(function (name) {
      if (bar[name] === null) status.removeAttribute(name);
      else status.setAttribute(name, bar[name]);
    });
  }

  function previewNote(show) {
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
      old = element("p", "alert alert-warning small mb-2", say("Stale"));
      old.id = "preview-offline";
      old.setAttribute("role", "status");
      preview.parentNode.insertBefore(old, preview);
    }
    preview.classList.add("opacity-50");
  }

  /* ---- keeping a saved hand, and sending it ---- */

  function keep(fields) {
    var entries = queue().filter(function (entry) { return entry.url !== handUrl; });
    // A later save of the same hand replaces one that never left the device; it was
    // made on the same stored version (the form shows the kept hand).
    entries.push({ url: handUrl, user: user, label: ui.dataset.handLabel || handUrl, fields: fields, at: Date.now(), state: "waiting" });
    setQueue(entries);
    drop(DRAFT + handUrl);
  }

  function settle(entry, answer) {
    var entries = queue();
    var index = -1;
    entries.forEach(function (e, i) { if (e.url === entry.url && e.at === entry.at) index = i; });
    if (index === -1) return;
    if (answer.status === "saved" || answer.status === "already") {
      entries.splice(index, 1);
      flash(say("Sent") + " " + entry.label + ". " + (answer.message || ""));
      setQueue(entries);
      if (entry.url === handUrl && !load(DRAFT + handUrl, null)) location.reload();
    } else {
      entries[index].state = "problem";
      entries[index].kind = answer.status; // "refused" or "conflict"
      entries[index].message = answer.message || "";
      entries[index].problems = answer.problems || [];
      setQueue(entries);
    }
  }

  function sendNext(csrf) {
    // Only the signed-in referee's own hands: a shared device may keep another's.
    var entry = queue().filter(function (e) { return e.state === "waiting" && e.user === user; })[0];
    if (!entry) return Promise.resolve();
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(entry.url + "replay/", {
      method: "POST", body: body, credentials: "same-origin", headers: { "X-CSRFToken": csrf }
    }).then(function (response) {
      return response.json().catch(function () { return { status: response.status === 403 ? "signin" : "error" }; });
    }).then(function (answer) {
      if (answer.status === "signin") { signinNeeded = true; render(); return null; }
      if (answer.status === "error" || !answer.status) return null; // the server's trouble: later
      settle(entry, answer);
      return sendNext(csrf);
    });
  }

  function sendAll() {
    return fetch(ui.dataset.token, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (token) {
        if (!token.signed_in || token.user !== user) { signinNeeded = true; render(); return null; }
        signinNeeded = false;
        return sendNext(token.csrf);
      })
      .catch(function () { return null; }); // no connection after all: later
  }

  function flush() {
    if (flushing || !navigator.onLine) return;
    if (!queue().some(function (e) { return e.state === "waiting" && e.user === user; })) return;
    flushing = true;
    var run = navigator.locks ? navigator.locks.request("tarokk-referee-queue", sendAll) : sendAll();
    Promise.resolve(run).then(function () { flushing = false; render(); }, function () { flushing = false; });
  }

  /* ---- the hand form ---- */

  function draftButton() {
    var button = element("button", "btn btn-sm btn-outline-danger", say("Discard"));
    button.type = "button";
    button.id = "discard-draft";
    button.addEventListener("click", function () {
      drop(DRAFT + handUrl);
      location.reload();
    });
    return button;
  }

  function setUpForm() {
    var initial = JSON.stringify(typed());
    loaded = initial;
    var status = document.getElementById("score-status");
    if (status) {
      bar = { html: status.innerHTML };
      ["class", "href", "data-first-problem"].forEach(function (name) { bar[name] = status.getAttribute(name); });
    }
    var entry = queue().filter(function (e) { return e.url === handUrl; })[0];
    var draft = load(DRAFT + handUrl, null);
    var unsent = /[?&]unsent=1/.test(location.search);
    if (unsent) history.replaceState(null, "", location.pathname);
    if (draft && draft.sent) {
      if (unsent && draft.posted) {
        // The save left without a connection (the service worker answered): keep it.
        restore(draft.posted);
        keep(draft.posted);
        entry = queue().filter(function (e) { return e.url === handUrl; })[0];
        draft = null;
      } else {
        delete draft.sent;
        delete draft.posted;
        store(DRAFT + handUrl, draft);
        if (same(draft.fields, typed())) draft = null; // the page shows what was posted
      }
    }
    if (entry) {
      if (!same(entry.fields.filter(function (p) { return !NOT_KEPT[p[0]]; }), typed())) restore(entry.fields);
      if (entry.state === "problem" && entry.kind === "refused") {
        // Refused by the rules, not overtaken: the problems, and what to do.
        note("offline-note", "danger", entry.message + " " + say("RefusedHere"))
          .appendChild(problemList(entry.problems || []));
        if (navigator.onLine && window.htmx) window.htmx.trigger(form, "preview");
      } else if (entry.state === "problem") {
        note("offline-note", "danger", say("Conflict") + " " + entry.message + " " + say("ConflictHere"));
      } else {
        note("offline-note", "info", say("QueuedHere"));
      }
    }
    if (draft && (!entry || draft.at > entry.at) && !same(draft.fields, typed())) {
      restore(draft.fields);
      note("offline-draft", "warning", say("Draft"), draftButton());
    }
    if (!navigator.onLine) previewNote(true);

    var timer = null;
    function keepDraftNow() {
      timer = null;
      var now = typed();
      if (JSON.stringify(now) === initial) drop(DRAFT + handUrl);
      else store(DRAFT + handUrl, { fields: now, at: Date.now() });
    }
    // Only the referee's own keystrokes and taps make a draft: the form's scripts
    // (the feast picker, a restored hand) change fields too, and are not typing.
    function keepDraft(event) {
      if (restoring || !event.isTrusted) return;
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
      if (event.defaultPrevented) return;
      var submitter = event.submitter;
      var action = submitter ? submitter.value : "";
      window.clearTimeout(timer);
      timer = null;
      if (action === "save" || action === "overwrite") {
        var fields = pairs(submitter);
        if (!navigator.onLine) {
          event.preventDefault();
          keep(fields);
          if (navigator.serviceWorker && navigator.serviceWorker.controller) {
            flash(say("Queued") + " (" + (ui.dataset.handLabel || "") + ")");
            location.assign(ui.dataset.nextUrl || location.href);
          } else {
            // No worker to show the next page without a connection: stay here.
            note("offline-note", "info", say("QueuedHere"));
            window.scrollTo(0, 0);
          }
          return;
        }
        // Online: kept until the answer shows it stored (the next page), or kept as
        // waiting to send if the service worker finds no network.
        store(DRAFT + handUrl, { fields: typed(), at: Date.now(), sent: action, posted: fields,
          next: ui.dataset.nextUrl, match: ui.dataset.matchUrl });
        setQueue(queue().filter(function (e) { return e.url !== handUrl; }));
      } else if (!navigator.onLine) {
        event.preventDefault();
        note("offline-note", "warning", say("CheckOffline"));
      }
    });
  }

  /* ---- every referee page ---- */

  function forgetSaved() {
    // A hand posted online whose answer was the next page (or the match page) is stored.
    try {
      Object.keys(window.localStorage).forEach(function (key) {
        if (key.indexOf(DRAFT) !== 0) return;
        var draft = load(key, null);
        if (draft && draft.sent && (location.pathname === draft.next || location.pathname === draft.match)) drop(key);
      });
    } catch (e) { /* private */ }
  }

  function warm() {
    if (!("serviceWorker" in navigator) || !navigator.onLine) return;
    var pattern = /^\/referee\/matches\/\d+\/(hands\/\d+\/)?$/;
    var urls = [];
    if (!navigator.serviceWorker.controller) urls.push(location.pathname);
    var near = null;
    if (handUrl) {
      var n = parseInt(handUrl.replace(/.*\/hands\/(\d+)\/$/, "$1"), 10);
      near = [handUrl.replace(/\/\d+\/$/, "/" + (n - 1) + "/"), ui.dataset.nextUrl, ui.dataset.matchUrl];
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

  function register() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(ui.dataset.sw, { scope: ui.dataset.scope }).then(warm, function () { /* no worker: online only */ });
  }

  function guardLogout() {
    document.querySelectorAll("form[action$='/accounts/logout/']").forEach(function (logout) {
      logout.addEventListener("submit", function (event) {
        if (queue().length && !window.confirm(say("Logout"))) { event.preventDefault(); return; }
        if (!window.caches) return;
        event.preventDefault();
        window.caches.delete(PAGES).then(function () { logout.submit(); }, function () { logout.submit(); });
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    ui = document.getElementById("offline-ui");
    if (!ui) return;
    handUrl = ui.dataset.handUrl || null;
    user = ui.dataset.user || "";
    DRAFT = DRAFT + user + ":";
    form = handUrl ? document.getElementById("hand-form") : null;
    // Known to be offline: no check is sent (it could only fail, logging errors),
    // not even for a hand restored below.
    document.body.addEventListener("htmx:beforeRequest", function (event) {
      if (navigator.onLine || !form || event.target !== form) return;
      event.preventDefault();
      previewNote(true);
    });
    forgetSaved();
    if (form) setUpForm();
    render();
    register();
    guardLogout();
    flush();
    document.body.addEventListener("htmx:sendError", function () { previewNote(true); });
    document.body.addEventListener("htmx:afterRequest", function (event) {
      if (event.detail && event.detail.successful) previewNote(false);
    });
    window.addEventListener("offline", function () { previewNote(true); render(); });
    window.addEventListener("online", function () {
      render();
      flush();
      if (!form) return;
      // A hand typed or restored here is checked again; an untouched one is not (it
      // would only show what is still to be entered as problems).
      if (JSON.stringify(typed()) !== loaded) {
        if (window.htmx) window.htmx.trigger(form, "change");
      } else {
        previewNote(false);
        barAsLoaded();
      }
    });
    window.addEventListener("pageshow", function (event) { if (event.persisted) { render(); flush(); } });
    window.setInterval(flush, 20000);
  });
})();
