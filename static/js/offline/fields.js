/* The referee offline: a hand form's fields as [name, value] pairs, and back
   (static/js/offline/store.js says how the scripts fit together). */
(function (O) {
  "use strict";

  var S = O.state;

  O.pairs = function (submitter) {
    var form = S.form;
    var data;
    try { data = submitter ? new FormData(form, submitter) : new FormData(form); } catch (e) { data = new FormData(form); }
    var out = [];
    data.forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") out.push([name, value]);
    });
    return out;
  };

  O.typed = function () {
    return O.pairs(null).filter(function (pair) { return !O.NOT_KEPT[pair[0]]; });
  };

  // Whether the form shows these fields (names the form has but they lack, such as
  // the conflict panel's overwrite_version, are not compared).
  O.same = function (fields, now) {
    var names = {};
    fields.forEach(function (pair) { names[pair[0]] = true; });
    S.form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (el) { names[el.name] = true; });
    return JSON.stringify(fields) === JSON.stringify(now.filter(function (pair) { return names[pair[0]]; }));
  };

  function addRows(form, values) {
    var total = form.querySelector("input[name$='-TOTAL_FORMS']");
    var add = document.getElementById("add-announcement");
    var wanted = total && values[total.name] ? parseInt(values[total.name][0], 10) : 0;
    // Rows are added by the form's own script; never let a click post the form.
    var hold = function (event) { event.preventDefault(); };
    form.addEventListener("submit", hold);
    for (var guard = 0; total && add && parseInt(total.value, 10) < wanted && guard < 60; guard++) add.click();
    form.removeEventListener("submit", hold);
  }

  function restoreField(el, values, used) {
    var name = el.name;
    if (!name || O.NOT_KEPT[name] || el.type === "file" || el.type === "submit" || el.type === "button") return;
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
  }

  O.restore = function (fields) {
    var form = S.form;
    var values = {};
    fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    S.restoring = true;
    addRows(form, values);
    // The feasts first: a row gets the fields its feast declares (referee.js), and
    // then they are there to take what was typed in them.
    form.querySelectorAll("select.feast-select").forEach(function (el) {
      var kept = values[el.name];
      if (!kept || el.value === kept[0]) return;
      el.value = kept[0];
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    var used = {};
    Array.prototype.slice.call(form.elements).forEach(function (el) { restoreField(el, values, used); });
    S.restoring = false;
  };
})(window.tarokkOffline = window.tarokkOffline || {});
