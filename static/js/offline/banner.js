/* The referee offline: the status banner at the top of every referee page (no
   connection, the hands waiting to send, a hand sent), the marks on every link to a
   waiting hand, and the notes above the hand form (static/js/offline/store.js says
   how the scripts fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  O.element = function (tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  };
  var element = O.element;

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

  O.note = function (id, kind, text, button) {
    var old = document.getElementById(id);
    if (old) old.remove();
    if (!S.form) return null;
    var box = element("div", "alert alert-" + kind + " d-flex flex-wrap align-items-center gap-2", null);
    box.id = id;
    box.setAttribute("role", "status");
    box.appendChild(element("span", "flex-grow-1", text));
    if (button) box.appendChild(button);
    S.form.parentNode.insertBefore(box, S.form);
    return box;
  };

  /* A refused hand's problems as the form lists them: "label: message". */
  O.problemList = function (problems) {
    var list = element("ul", "offline-problems w-100 mb-0 small", null);
    problems.forEach(function (p) {
      list.appendChild(element("li", null, (p.label ? p.label + ": " : "") + p.message));
    });
    return list;
  };

  function entryItem(entry) {
    var item = element("li", "offline-entry", null);
    item.dataset.url = entry.url;
    var link = element("a", null, entry.label);
    link.href = entry.url;
    item.appendChild(link);
    if (entry.state === "problem") {
      item.appendChild(document.createTextNode(" · "));
      item.appendChild(element("strong", "text-danger", O.say("MarkProblem") + ": " + entry.message));
      if (entry.problems && entry.problems.length) item.appendChild(O.problemList(entry.problems));
    } else {
      item.appendChild(document.createTextNode(" · " + O.say("Mark")));
    }
    return item;
  }

  function queuePanel(entries) {
    var panel = element("div", "alert alert-secondary mb-2 offline-queue", null);
    panel.appendChild(element("strong", "offline-count", entries.length === 1 ? O.say("WaitingOne") : O.say("WaitingMany", entries.length)));
    var list = element("ul", "mb-0 small", null);
    entries.forEach(function (entry) { list.appendChild(entryItem(entry)); });
    panel.appendChild(list);
    if (navigator.onLine && entries.some(function (e) { return e.state === "waiting"; })) {
      var send = element("button", "btn btn-sm btn-primary mt-2", O.say("Send"));
      send.type = "button";
      send.addEventListener("click", function () { S.signinNeeded = false; O.flush(); });
      panel.appendChild(send);
    }
    return panel;
  }

  O.render = function () {
    if (!S.ui) return;
    var box = statusBox();
    box.textContent = "";
    var all = O.queue();
    var entries = all.filter(function (e) { return e.user === S.user; });
    var others = all.length - entries.length;
    if (!navigator.onLine) box.appendChild(element("div", "alert alert-warning mb-2 offline-banner", O.say("Offline")));
    var message = O.takeFlash();
    // Shown until the next page: the list is drawn again when the sending ends.
    if (message) S.flashed = message;
    if (S.flashed) box.appendChild(element("div", "alert alert-info mb-2 offline-flash", S.flashed));
    if (S.signinNeeded && entries.length) box.appendChild(element("div", "alert alert-danger mb-2", O.say("Signin")));
    if (entries.length) box.appendChild(queuePanel(entries));
    if (others) box.appendChild(element("div", "alert alert-secondary mb-2 small", O.say("Others", others)));
    mark(entries);
  };

  function mark(entries) {
    document.querySelectorAll(".offline-mark").forEach(function (el) { el.remove(); });
    var state = {};
    entries.forEach(function (entry) { state[entry.url] = entry.state; });
    document.querySelectorAll("a[href]").forEach(function (link) {
      if (link.closest("#offline-status")) return;
      var path = new URL(link.href, location.href).pathname;
      if (!state[path]) return;
      var text = state[path] === "problem" ? O.say("MarkProblem") : O.say("Mark");
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
})(window.tarokkOffline = window.tarokkOffline || {});
