/* The score-sheet form of a hand: small helpers on top of server-rendered HTML.
   - the feast picker's type-to-search filter (accents ignored),
   - declared cards / suits / count shown only for a feast that takes them,
   - "Add an announcement" without a round trip (the button also works without JS). */
(function () {
  "use strict";

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function showParams(row) {
    var select = row.querySelector("select.feast-select");
    var option = select && select.options[select.selectedIndex];
    var data = (option && option.dataset) || {};
    var cards = parseInt(data.cards || "0", 10);
    var suits = parseInt(data.suits || "0", 10);
    row.querySelectorAll("[data-param]").forEach(function (el) {
      var name = el.dataset.param;
      var n = parseInt(name.replace(/\D/g, "") || "0", 10);
      var show = false;
      if (name.indexOf("card") === 0) show = n < cards;
      else if (name.indexOf("suit") === 0) show = n < suits;
      else if (name === "count") show = data.count === "1";
      el.hidden = !show;
    });
  }

  function filterFeasts(input) {
    var select = input.parentNode.querySelector("select.feast-select");
    var words = fold(input.value.trim());
    var first = null;
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.value) return;
      var match = !words || fold(option.text + " " + option.value).indexOf(words) !== -1;
      option.hidden = !match;
      option.disabled = !match && !option.selected;
      if (match && !first) first = option;
    });
    Array.prototype.forEach.call(select.querySelectorAll("optgroup"), function (group) {
      group.hidden = !group.querySelector("option:not([hidden])");
    });
    if (words && first && (select.selectedIndex < 1 || select.options[select.selectedIndex].hidden)) {
      select.value = first.value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function setUp(row) {
    var input = row.querySelector(".feast-filter");
    if (input) {
      input.hidden = false;
      input.addEventListener("input", function (event) {
        event.stopPropagation(); // the filter is not part of the hand: no preview
        filterFeasts(input);
      });
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter") event.preventDefault();
      });
    }
    var select = row.querySelector("select.feast-select");
    if (select) select.addEventListener("change", function () { showParams(row); });
    showParams(row);
  }

  function addRow(event) {
    var template = document.getElementById("announcement-template");
    var total = document.getElementById("id_announcements-TOTAL_FORMS");
    if (!template || !total) return;
    event.preventDefault();
    var index = parseInt(total.value, 10);
    var html = template.innerHTML.replace(/__prefix__/g, String(index));
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var row = holder.firstElementChild;
    var number = row.querySelector(".row-number");
    if (number) number.textContent = String(index + 1);
    document.getElementById("announcements").appendChild(row);
    total.value = String(index + 1);
    setUp(row);
    var select = row.querySelector("select.feast-select");
    if (select) select.focus();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("#announcements [data-row]").forEach(setUp);
    var add = document.getElementById("add-announcement");
    if (add) add.addEventListener("click", addRow);
  });
})();
