/* The score-sheet form of a hand: small helpers on top of server-rendered HTML.
   - the feast picker on each announcement row (feast_picker.js),
   - declared cards / suits / count shown only for a feast that takes them; outcome and
     contra hidden for a message (R6: always made, never contra'd),
   - "Add an announcement" and "Remove" without a round trip (both also work without JS),
   - Enter (a phone's Go key) in a field checks the hand: it never adds a row,
   - the score bar beside Save and every problem list take the referee to the field. */
(function () {
  "use strict";

  function form() { return document.getElementById("hand-form"); }

  function preview() {
    var f = form();
    if (f && window.htmx) window.htmx.trigger(f, "preview");
  }

  var feastParams = null;

  function paramsOf(code) {
    if (!feastParams) feastParams = (window.TarokkFeastData || {}).params || {};
    return feastParams[code] || {};
  }

  /* The row's parameter fields (R12) are those its feast takes, in the template's
     order: missing ones are copied from #announcement-params, others removed (the
     page sends no card for a feast that declares none). */
  function placeParams(row, data) {
    var holder = row.querySelector(".params");
    var template = document.getElementById("announcement-params");
    if (!holder || !template) return;
    var prefix = row.dataset.prefix;
    Array.prototype.forEach.call(template.content.children, function (slot) {
      var name = slot.dataset.slot;
      var n = parseInt(name.replace(/\D/g, "") || "0", 10);
      var wanted = name.indexOf("card") === 0 ? n < (data.cards || 0)
        : name.indexOf("suit") === 0 ? n < (data.suits || 0) : data.count === 1;
      var present = holder.querySelector('[data-slot="' + name + '"]');
      if (!wanted) {
        if (present) present.remove();
        return;
      }
      if (present) {
        holder.appendChild(present); // keeps the template's order
        return;
      }
      var box = document.createElement("div");
      box.innerHTML = slot.outerHTML.replace(/announcements-__prefix__/g, prefix);
      holder.appendChild(box.firstElementChild);
    });
  }

  function showParams(row) {
    // Without the catalogue (its script did not load) the row stays as the server
    // rendered it: nothing a referee typed is removed.
    if (!window.TarokkFeastData) return;
    var select = row.querySelector("select.feast-select");
    var data = paramsOf(select ? select.value : "");
    var message = data.message === 1;
    placeParams(row, data);
    row.querySelectorAll("[data-param]").forEach(function (el) {
      var name = el.dataset.param;
      if (name === "made") el.hidden = message;
      else if (name === "contra") el.hidden = message || data.contra === 0;
      else if (name === "message-note") el.hidden = !message;
    });
  }

  function removeRow(row) {
    var flag = row.querySelector("input[data-delete]");
    if (flag) flag.value = "on";
    row.hidden = true;
    var next = document.getElementById("add-announcement");
    if (next) next.focus();
    preview();
  }

  function setUp(row) {
    if (window.TarokkFeastPicker) window.TarokkFeastPicker.setUp(row.querySelector("[data-feast-picker]"));
    var select = row.querySelector("select.feast-select");
    if (select) select.addEventListener("change", function () { showParams(row); });
    var remove = row.querySelector("[data-remove-row]");
    if (remove) remove.addEventListener("click", function (event) {
      event.preventDefault();
      removeRow(row);
    });
    showParams(row);
  }

  /* A blank row to copy, taken from the page's first row before it is enhanced
     (the page carries no second copy of the row's markup). */
  var blankRow = null;

  function keepBlankRow() {
    var first = document.querySelector("#announcements [data-row]");
    if (!first) return;
    var row = first.cloneNode(true);
    row.hidden = false;
    row.querySelectorAll("input, select").forEach(function (el) {
      if (el.type === "radio" || el.type === "checkbox") {
        // Unticked, but their value is the choice itself (who announced, made):
        // without it the browser posts "on".
        el.checked = false;
        el.removeAttribute("checked");
      } else if (el.tagName === "SELECT") {
        el.selectedIndex = 0;
      } else {
        el.value = "";
        el.removeAttribute("value");
      }
    });
    row.querySelectorAll("option[selected]").forEach(function (o) { o.removeAttribute("selected"); });
    row.querySelectorAll(".field-errors").forEach(function (el) { el.textContent = ""; });
    blankRow = row.outerHTML.replace(/announcements-\d+(?=[-"])/g, "announcements-__prefix__");
  }

  function addRow(event) {
    var total = document.getElementById("id_announcements-TOTAL_FORMS");
    if (!blankRow || !total) return;
    event.preventDefault();
    var index = parseInt(total.value, 10);
    var html = blankRow.replace(/__prefix__/g, String(index));
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var row = holder.firstElementChild;
    var number = row.querySelector(".row-number");
    if (number) number.textContent = String(index + 1);
    document.getElementById("announcements").appendChild(row);
    total.value = String(index + 1);
    setUp(row);
    var search = row.querySelector(".feast-search") || row.querySelector("select.feast-select");
    if (search) search.focus();
  }

  /* The element to focus for a field id: radio and checkbox groups by their first
     choice, the feast by its picker. */
  function fieldElement(id) {
    return document.getElementById(id + "-search") || document.getElementById(id) ||
      document.getElementById(id + "_0");
  }

  function goTo(id) {
    var el = fieldElement(id);
    if (!el) return false;
    var row = el.closest("[data-row]");
    if (row && row.hidden) return false;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "center" });
    return true;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-focus-field], #score-status[data-first-problem], [data-skip-to-field]");
    if (!link) return;
    var id = link.dataset.focusField || link.dataset.firstProblem ||
      (link.getAttribute("href") || "").replace(/^#/, "");
    if (goTo(id)) event.preventDefault();
  });

  /* The score bar is updated in place, never replaced: a check's answer arriving
     while a finger is on it (between press and release) would otherwise swallow
     the tap. Its words come as the bar's content; its state is copied here. */
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var d = event.detail || {};
    if (!d.target || d.target.id !== "score-status" || !d.fragment || !d.fragment.getAttribute) return;
    ["class", "href", "data-first-problem"].forEach(function (name) {
      var value = d.fragment.getAttribute(name);
      if (value === null) d.target.removeAttribute(name);
      else d.target.setAttribute(name, value);
    });
  });

  /* Whether something was typed or tapped before the scripts were ready (a quick
     referee on a slow connection): those changes fired no preview. */
  function changedBeforeReady(f) {
    return Array.prototype.some.call(f.elements, function (el) {
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.tagName === "SELECT") { // the first option when none is marked
        var initial = 0;
        Array.prototype.forEach.call(el.options, function (o, i) { if (o.defaultSelected) initial = i; });
        return el.selectedIndex !== initial;
      }
      if (el.type === "hidden" || el.type === "submit" || el.type === "button" || el.type === "file") return false;
      return "defaultValue" in el && el.value !== el.defaultValue;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var f = form();
    if (!f) return;
    var early = changedBeforeReady(f);
    keepBlankRow();
    document.querySelectorAll("#announcements [data-row]").forEach(setUp);
    if (early) preview();
    var add = document.getElementById("add-announcement");
    if (add) add.addEventListener("click", addRow);
    f.addEventListener("keydown", function (event) {
      var t = event.target;
      if (event.key !== "Enter" || t.tagName !== "INPUT") return;
      if (t.type === "submit" || t.type === "button") return;
      event.preventDefault(); // no row is added, nothing is submitted
      preview();
    });
    // A refused upload: its problems in view and focused (the form is below the sheet).
    var upload = document.getElementById("upload-problems");
    if (upload) {
      upload.focus({ preventScroll: true });
      upload.scrollIntoView({ block: "start" });
      window.scrollBy(0, -60);
    }
    // A refused save: the list of problems at the top, the first field at fault focused.
    var problems = document.getElementById("problem-list");
    if (problems && problems.dataset.focus) {
      var el = fieldElement(problems.dataset.focus);
      if (el) el.focus({ preventScroll: true });
      problems.scrollIntoView({ block: "start" });
      window.scrollBy(0, -60); // below the sticky totals bar
    }
  });
})();
