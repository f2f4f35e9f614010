/* The feast picker: an ARIA 1.2 combobox with a listbox over the announcement
   catalogue, enhancing the row's <select> (which stays the form's field, hidden).
   - Typing only filters; nothing is chosen until a click, a tap or Enter on an option.
   - Names come from the catalogue script the page loads first (window.TarokkFeastData,
     /referee/feasts.<language>.js): the English, Hungarian
     and German names, the code and the table names ("trull", "ultimo", "kismadár"),
     matched accent- and case-blind: exact names first, then names whose leading words
     are what is typed, then names starting with it, then a word starting with it, then containing it; ties keep the sheet's order
     (scoring/forms/feast_search.py ranks the same way).
   - Without a query the whole catalogue is listed in the paper sheet's sections. */
(function () {
  "use strict";

  var EXACT = 0, WORDS = 1, PREFIX = 2, WORD = 3, INSIDE = 4;
  var data = null;
  var counter = 0;

  function fold(text) {
    return String(text || "").toLowerCase().replace(/\u00df/g, "ss").normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  }

  function rank(query, names) {
    var best = null;
    names.forEach(function (name) {
      var r = null;
      if (name === query) r = EXACT;
      else if (name.indexOf(query + " ") === 0) r = WORDS;
      else if (name.indexOf(query) === 0) r = PREFIX;
      else if ((" " + name).indexOf(" " + query) !== -1) r = WORD;
      else if (name.indexOf(query) !== -1) r = INSIDE;
      if (r !== null && (best === null || r < best)) best = r;
    });
    return best;
  }

  function loadData() {
    if (data) return data;
    data = window.TarokkFeastData || {};
    data.names = data.names || {};
    data.silent = data.silent || {};
    return data;
  }

  function entries(select) {
    var out = [];
    Array.prototype.forEach.call(select.options, function (option, index) {
      if (!option.value) return;
      var group = option.parentNode.tagName === "OPTGROUP" ? option.parentNode.label : "";
      out.push({ code: option.value, label: option.text, group: group, order: index });
    });
    return out;
  }

  function matches(all, query) {
    var names = loadData().names;
    var ranked = [];
    all.forEach(function (entry) {
      var r = rank(query, names[entry.code] || [fold(entry.label), fold(entry.code)]);
      if (r !== null) ranked.push({ entry: entry, rank: r });
    });
    ranked.sort(function (a, b) { return a.rank - b.rank || a.entry.order - b.entry.order; });
    return ranked.map(function (item) { return item.entry; });
  }

  function silentMatches(query) {
    var d = loadData();
    return Object.keys(d.silent).filter(function (code) {
      return rank(query, d.names[code] || []) !== null;
    }).map(function (code) { return d.silent[code]; });
  }

  function setUp(wrap) {
    if (!wrap || wrap.dataset.pickerReady) return;
    var select = wrap.querySelector("select.feast-select");
    var label = wrap.querySelector("label");
    if (!select) return;
    wrap.dataset.pickerReady = "1";
    counter += 1;
    var base = select.id || ("feast-picker-" + counter);
    var all = entries(select);
    var texts = (wrap.closest("[data-placeholder]") || wrap).dataset;

    var input = document.createElement("input");
    input.type = "text";
    input.id = base + "-search";
    input.className = "form-control feast-search";
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", base + "-list");
    input.setAttribute("autocomplete", "off");
    input.setAttribute("autocapitalize", "off");
    input.setAttribute("spellcheck", "false");
    input.setAttribute("enterkeyhint", "done");
    input.placeholder = texts.placeholder || "";
    var errors = select.getAttribute("aria-describedby");
    if (errors) input.setAttribute("aria-describedby", errors);

    var list = document.createElement("div");
    list.id = base + "-list";
    list.className = "feast-list";
    list.setAttribute("role", "listbox");
    if (label) { label.id = label.id || base + "-label"; list.setAttribute("aria-labelledby", label.id); }
    list.hidden = true;

    var note = document.createElement("p");
    note.className = "feast-note small mb-0";
    note.setAttribute("aria-live", "polite");

    select.hidden = true;
    select.tabIndex = -1;
    select.setAttribute("aria-hidden", "true");
    select.parentNode.insertBefore(input, select);
    select.parentNode.insertBefore(list, select);
    select.parentNode.insertBefore(note, select);
    if (label) label.htmlFor = input.id;

    var shown = [];
    var active = -1;

    function chosenLabel() {
      var option = select.options[select.selectedIndex];
      return option && option.value ? option.text : "";
    }

    function optionEl(entry, withGroup) {
      var el = document.createElement("div");
      el.id = base + "-opt-" + entry.code;
      el.className = "feast-option";
      el.setAttribute("role", "option");
      el.setAttribute("aria-selected", entry.code === select.value ? "true" : "false");
      el.dataset.code = entry.code;
      el.textContent = entry.label;
      if (withGroup && entry.group) {
        var small = document.createElement("span");
        small.className = "feast-option-group";
        small.textContent = " · " + entry.group;
        el.appendChild(small);
      }
      return el;
    }

    function render() {
      var query = fold(input.value === chosenLabel() ? "" : input.value);
      list.textContent = "";
      note.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
      if (!query) {
        shown = all.slice();
        var groups = {};
        all.forEach(function (entry) {
          var g = groups[entry.group];
          if (!g) {
            g = document.createElement("div");
            g.setAttribute("role", "group");
            var head = document.createElement("div");
            head.className = "feast-group";
            head.id = base + "-g" + Object.keys(groups).length;
            head.setAttribute("role", "presentation");
            head.textContent = entry.group;
            g.setAttribute("aria-labelledby", head.id);
            g.appendChild(head);
            groups[entry.group] = g;
            list.appendChild(g);
          }
          g.appendChild(optionEl(entry, false));
        });
      } else {
        shown = matches(all, query);
        shown.forEach(function (entry) { list.appendChild(optionEl(entry, true)); });
        var silent = silentMatches(query);
        var words = [];
        if (!shown.length) words.push((texts.none || "No announcement is called “{name}”.").replace("{name}", input.value.trim()));
        if (silent.length) words.push((texts.silent || "{names}: a silent premium, ticked under the team's silent premiums.").replace("{names}", silent.join(", ")));
        note.textContent = words.join(" ");
      }
    }

    function open() {
      render();
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      var chosen = select.value && document.getElementById(base + "-opt-" + select.value);
      if (chosen && chosen.scrollIntoView) chosen.scrollIntoView({ block: "nearest" });
    }

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function restore() {
      input.value = chosenLabel();
      note.textContent = "";
    }

    function setActive(index) {
      var options = list.querySelectorAll("[role=option]");
      if (!options.length) return;
      active = Math.max(0, Math.min(index, options.length - 1));
      Array.prototype.forEach.call(options, function (el, i) {
        el.classList.toggle("active", i === active);
      });
      input.setAttribute("aria-activedescendant", options[active].id);
      if (options[active].scrollIntoView) options[active].scrollIntoView({ block: "nearest" });
    }

    function choose(code) {
      if (select.value !== code) {
        select.value = code;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }
      restore();
      close();
    }

    input.addEventListener("focus", open);
    input.addEventListener("click", function () { if (list.hidden) open(); });
    input.addEventListener("input", function (event) {
      event.stopPropagation(); // filtering is not part of the hand: no preview
      if (list.hidden) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
      render();
    });
    input.addEventListener("change", function (event) { event.stopPropagation(); });
    input.addEventListener("keydown", function (event) {
      var options = list.querySelectorAll("[role=option]");
      if (event.key === "ArrowDown" || event.key === "Down") {
        event.preventDefault();
        if (list.hidden) open();
        setActive(active + 1);
      } else if (event.key === "ArrowUp" || event.key === "Up") {
        event.preventDefault();
        if (list.hidden) open();
        setActive(active < 0 ? options.length - 1 : active - 1);
      } else if (event.key === "Enter") {
        event.preventDefault(); // never submits the form, never picks by itself
        event.stopPropagation();
        if (!list.hidden && active >= 0 && options[active]) choose(options[active].dataset.code);
      } else if (event.key === "Escape" || event.key === "Esc") {
        if (!list.hidden) { event.preventDefault(); close(); restore(); }
      } else if (event.key === "Tab") {
        close();
        restore();
      }
    });
    input.addEventListener("blur", function () {
      window.setTimeout(function () {
        if (document.activeElement !== input) { close(); restore(); }
      }, 150);
    });
    list.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
      var el = event.target.closest("[role=option]");
      if (el) choose(el.dataset.code);
    });
    select.addEventListener("change", restore);
    restore();
  }

  window.TarokkFeastPicker = { setUp: setUp, fold: fold, rank: rank };
})();
