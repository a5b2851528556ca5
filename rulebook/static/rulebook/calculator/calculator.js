/* The scenario calculator at the table (no inline script: the CSP forbids it).
 *
 * - After a ruling arrives (an htmx swap, or a whole page with a ruling),
 *   the ruling is scrolled into view and focused, so that on a phone the
 *   answer is on screen and a screen reader reads it; after field errors
 *   the error summary is.
 * - Groups of repeated fields (the Marvel board, the Power-Duell effects)
 *   get "Add" and "Remove" buttons that change the rows in place.  The
 *   server renders a blank row in a <template>; its names hold "__i__" and
 *   its labels "__n__".  Without JavaScript the count field and its
 *   "Show this many items" button still do the same with a page load.
 * - A field that picks a card of a group by its number (the attacker, an
 *   effect's target monster) is a select of the cards present
 *   (data-reference="<group>"): its options follow the group's rows.
 * - A card's rare fields sit behind its own "more" (<details data-more>);
 *   a field that matters only for some choices of another field of the
 *   card appears once one of them is chosen (data-shown-when).
 * - A printed card text is read when the judge leaves its box after
 *   changing it, as its "Read the text" button does (the button stays for
 *   use without JavaScript, and to read the text again).
 * - "Copy link" copies the ruling's short address (the link beside it);
 *   a whole page with a ruling puts that address in the address bar.
 */
(function () {
  "use strict";

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  var RENAMED = ["name", "id", "for", "aria-describedby", "href", "data-more"];

  /* Give every control of a group item the index `index` (0-based). */
  function renumber(item, group, index, legendText, removeText) {
    var pattern = new RegExp("(^|[^\\w-])(#?f-|#?)" + escapeRegExp(group) + "-(\\d+|__i__)-", "g");
    var replace = "$1$2" + group + "-" + index + "-";
    var nodes = [item].concat(Array.prototype.slice.call(item.querySelectorAll("*")));
    nodes.forEach(function (node) {
      RENAMED.forEach(function (attribute) {
        var value = node.getAttribute(attribute);
        if (value) {
          node.setAttribute(attribute, value.replace(pattern, replace));
        }
      });
    });
    // "Read the text" names the text box it reads
    Array.prototype.forEach.call(item.querySelectorAll("button[name=_read]"), function (button) {
      button.value = button.value.replace(pattern, replace);
    });
    var legend = item.querySelector(":scope > legend");
    if (legend && legendText) {
      legend.textContent = legendText.replace("__n__", String(index + 1));
    }
    var remove = item.querySelector(":scope > .group-item__remove [data-group-remove]");
    if (remove && removeText) {
      remove.textContent = removeText.replace("__n__", String(index + 1));
    }
  }

  /* The options of every card picker: one per row of the group it names,
     keeping the card chosen (a number beyond the rows stays, so that the
     ruling reports it). */
  function updateReferences(root) {
    var pickers = root.querySelectorAll("select[data-reference]");
    Array.prototype.forEach.call(pickers, function (select) {
      var group = select.dataset.reference;
      var items = document.querySelector('fieldset[data-group="' + group + '"] > [data-group-items]');
      if (!items) {
        return;
      }
      var count = items.querySelectorAll(":scope > [data-group-item]").length;
      var current = select.value;
      var label = select.dataset.referenceLabel || "__n__";
      Array.prototype.slice.call(select.options, 1).forEach(function (option) { option.remove(); });
      var numbers = [];
      for (var n = 1; n <= count; n += 1) {
        numbers.push(String(n));
      }
      if (current && numbers.indexOf(current) < 0) {
        numbers.push(current);
      }
      numbers.forEach(function (number) {
        var option = document.createElement("option");
        option.value = number;
        option.textContent = label.replace("__n__", number);
        option.selected = number === current;
        select.appendChild(option);
      });
    });
  }

  /* A card removed from group "group" (it was card number "removed"): each picker that
     named a later card of the group names it by its new number, and one that named the
     removed card names none, so the judge picks again; never another card silently. */
  function shiftReferences(group, removed) {
    var pickers = document.querySelectorAll("select[data-reference]");
    Array.prototype.forEach.call(pickers, function (select) {
      var number = parseInt(select.value, 10);
      if (select.dataset.reference !== group || !number) {
        return;
      }
      if (number === removed) {
        select.value = "";
      } else if (number > removed) {
        select.value = String(number - 1);
      }
    });
  }

  /* A card's field that matters only for some choices of another of its
     fields (data-shown-when="verb", data-shown-values="heal …") is shown
     once one of them is chosen, or while it holds a value of its own. */
  function applyShownWhen(root) {
    var fields = root.querySelectorAll("[data-shown-when]");
    Array.prototype.forEach.call(fields, function (field) {
      var card = field.closest("[data-group-item]") || field.closest("form");
      if (!card) {
        return;
      }
      var name = field.dataset.shownWhen;
      var controller = Array.prototype.filter.call(
        card.querySelectorAll("select, input"), function (control) {
          var own = control.name === name || control.name.slice(-(name.length + 1)) === "-" + name;
          return own && control.closest("[data-group-item]") === field.closest("[data-group-item]");
        })[0];
      var control = field.querySelector("select, input");
      if (!controller || !control) {
        return;
      }
      var values = (field.dataset.shownValues || "").split(" ");
      var empty = control.value === (field.dataset.shownDefault || "");
      field.hidden = values.indexOf(controller.value) < 0 && empty;
    });
  }

  /* Leaving a changed card-text box reads it ("Read the text").  When the
     judge leaves it by tapping "Get the ruling", the text is read first and
     the ruling asked for on the form filled in with what was understood. */
  var reading = false;
  var rulingAfterReading = false;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail && event.detail.elt;
    if (reading && source && source.classList && source.classList.contains("calculator__form")) {
      event.preventDefault();
      rulingAfterReading = true;
    }
  });

  ["htmx:responseError", "htmx:sendError"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      reading = false;
      rulingAfterReading = false;
      rulingFailed(event);
    });
  });

  /* The form's request failed (an error answer, no connection): the ruling
     shown is the one for the entries before the judge's last change.  Say so
     above it and mark it, until a ruling for the form replaces it. */
  function rulingFailed(event) {
    var source = event.detail && event.detail.elt;
    var region = document.getElementById("ruling");
    if (!region || !source || !source.closest || !source.closest(".calculator__form")) {
      return;
    }
    var banner = document.getElementById("offline-banner");
    region.classList.add("ruling-region--stale");
    var notice = region.querySelector(".ruling-region__failed");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice notice--error ruling-region__failed";
      notice.setAttribute("role", "alert");
      region.insertBefore(notice, region.firstChild);
    }
    notice.textContent = (banner && banner.dataset.rulingFailed) || "";
  }

  document.addEventListener("htmx:afterSwap", function () {
    var region = document.getElementById("ruling");
    if (region && !region.querySelector(".ruling-region__failed")) {
      region.classList.remove("ruling-region--stale");
    }
  });

  function afterReading() {
    if (!reading) {
      return;
    }
    reading = false;
    if (rulingAfterReading) {
      rulingAfterReading = false;
      var form = document.querySelector(".calculator__form");
      if (form && form.requestSubmit) {
        form.requestSubmit();
      }
      return;
    }
    // The fields the text filled may have grown the form above the box:
    // keep what was understood (and what was not) in view.
    var feedback = document.querySelector(".card-reading");
    if (feedback) {
      feedback.scrollIntoView({block: "nearest"});
    }
  }

  function setUpReading(form) {
    if (!form || form.dataset.readingReady) {
      return;
    }
    form.dataset.readingReady = "1";
    form.addEventListener("change", function () {
      applyShownWhen(form);
    });
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (!window.htmx || box.tagName !== "TEXTAREA" || !box.value.trim()) {
        return;
      }
      var field = box.closest(".field--text");
      var button = field && field.querySelector("button[name=_read]");
      if (button) {
        reading = true;
        button.click();
      }
    });
  }

  function setUpGroup(fieldset) {
    if (fieldset.dataset.rowsReady) {
      return;
    }
    fieldset.dataset.rowsReady = "1";
    var group = fieldset.dataset.group;
    var min = parseInt(fieldset.dataset.min || "0", 10);
    var max = parseInt(fieldset.dataset.max || "0", 10);
    var count = fieldset.querySelector(":scope > [data-group-count] input");
    var items = fieldset.querySelector(":scope > [data-group-items]");
    var template = fieldset.querySelector(":scope > template[data-group-template]");
    var addRow = fieldset.querySelector(":scope > [data-group-add]");
    if (!count || !items || !template || !addRow) {
      return;
    }
    var blank = template.content.querySelector("[data-group-item]");
    var legendText = blank.querySelector(":scope > legend").textContent;
    var removeButton = blank.querySelector(":scope > .group-item__remove [data-group-remove]");
    var removeText = removeButton ? removeButton.textContent : "";
    var addButton = addRow.querySelector("button");

    function rows() {
      return Array.prototype.slice.call(items.querySelectorAll(":scope > [data-group-item]"));
    }

    function refresh() {
      var current = rows();
      current.forEach(function (item, index) {
        renumber(item, group, index, legendText, removeText);
        var remove = item.querySelector(":scope > .group-item__remove");
        remove.hidden = false;
        remove.querySelector("button").disabled = current.length <= min;
      });
      count.value = String(current.length);
      addButton.disabled = current.length >= max;
      updateReferences(document);
    }

    fieldset.querySelector(":scope > [data-group-count]").hidden = true;
    Array.prototype.forEach.call(items.querySelectorAll(":scope > [data-group-empty]"),
      function (note) { note.remove(); });
    addRow.hidden = false;
    refresh();

    addButton.addEventListener("click", function () {
      var index = rows().length;
      if (index >= max) {
        return;
      }
      var item = document.importNode(blank, true);
      renumber(item, group, index, legendText, removeText);
      items.appendChild(item);
      setUpAll(item);
      if (window.htmx) {
        window.htmx.process(item);
      }
      refresh();
      var first = item.querySelector("input:not([type=hidden]), select");
      if (first) {
        first.focus();
      }
    });

    items.addEventListener("click", function (event) {
      var button = event.target.closest("[data-group-remove]");
      if (!button || button.closest("[data-group]") !== fieldset) {
        return;
      }
      var item = button.closest("[data-group-item]");
      var next = item.nextElementSibling || item.previousElementSibling;
      var removed = rows().indexOf(item) + 1;
      item.remove();
      shiftReferences(group, removed);
      refresh();
      (next && next.querySelector("[data-group-remove]") || addButton).focus();
    });
  }

  function setUpAll(root) {
    var groups = root.querySelectorAll ? root.querySelectorAll("[data-group]") : [];
    Array.prototype.forEach.call(groups, setUpGroup);
    setUpReading(document.querySelector(".calculator__form"));
    applyShownWhen(document);
  }

  /* Bring the ruling (or the error summary) into view and give it focus. */
  function showResult() {
    var target = document.querySelector("#error-summary") ||
      document.querySelector("[data-ruling]");
    if (!target) {
      return;
    }
    target.scrollIntoView({block: "start"});
    target.focus({preventScroll: true});
  }

  /* "Copy link": the ruling's short address to the clipboard.  Without
     JavaScript (or a clipboard) the plain link beside it does the job. */
  function setUpCopy(root) {
    var buttons = root.querySelectorAll ? root.querySelectorAll("[data-copy-link]") : [];
    Array.prototype.forEach.call(buttons, function (button) {
      if (button.dataset.copyReady || !navigator.clipboard) {
        return;
      }
      button.dataset.copyReady = "1";
      button.hidden = false;
      var share = button.closest(".share");
      var link = share.querySelector("[data-share]");
      var status = share.querySelector("[data-copy-status]");
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(link.href).then(function () {
          status.textContent = button.dataset.copied;
        }, function () {
          status.textContent = button.dataset.failed;
        });
      });
    });
  }

  /* A whole page with a ruling (a form sent before this script ran, an old
     link) shows the ruling's short address in the address bar, as an htmx
     answer does (HX-Push-Url): the same ruling, without the empty fields. */
  function shortenAddress() {
    var link = document.querySelector("[data-ruling] [data-share]");
    if (!link || !window.history.replaceState) {
      return;
    }
    var short = new URL(link.href, window.location.href);
    if (short.href !== window.location.href.split("#")[0]) {
      window.history.replaceState(window.history.state, "", short.href + window.location.hash);
    }
  }

  function ready() {
    setUpAll(document);
    setUpCopy(document);
    shortenAddress();
    if (window.location.search && document.querySelector("#calculator")) {
      showResult();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || (target.id !== "ruling" && target.id !== "calculator")) {
      return;
    }
    setUpAll(document);
    setUpCopy(document);
    if (reading && target.id === "calculator") {
      afterReading();
      return;
    }
    // A layout-only answer ("Show this many items") has neither a ruling
    // nor errors: nothing moves then.
    showResult();
  });
}());
