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
     the ruling asked for on the form filled in with what was understood.
     The tap that leaves the box lands first (a row added or removed, a
     choice made): the read starts once it is done, and sends the form with
     it.  While the text is read, the form's controls are disabled and
     "Reading the text…" shows at the box, so that nothing entered meanwhile
     is undone by the answer; "Get the ruling" stays, and rules once the
     text is read.  A read that fails says so at the box and gives the
     controls back as they were.  The box the judge tapped into when leaving the
     card-text box (typically the next field) stays enabled: what is typed there
     while the text is read is kept in the form the answer brings (the judge's
     typing wins over a value read from the text). */
  var reading = false;
  var rulingAfterReading = false;
  var focusAfterReading = null;
  var typingDuringRead = null;  // {control, value}: the box kept for typing, as sent
  var pointerDown = false;
  var pendingRead = null;
  var readInFlight = false;  // a read sent and not yet answered (or failed)

  document.addEventListener("pointerdown", function () { pointerDown = true; }, true);
  function pointerReleased() {
    if (!pointerDown) {
      return;
    }
    pointerDown = false;
    // the click that ends this press comes first, on controls still enabled
    setTimeout(runPendingRead, 0);
  }
  document.addEventListener("pointerup", pointerReleased, true);
  document.addEventListener("pointercancel", pointerReleased, true);

  function runPendingRead() {
    if (!pendingRead || pointerDown) {
      return;
    }
    var button = pendingRead;
    pendingRead = null;
    if (button.isConnected && !button.disabled) {
      button.click();
    } else if (!readInFlight) {  // a read under way still ends with its answer
      reading = false;
    }
  }

  function isReadButton(element) {
    return !!(element && element.tagName === "BUTTON" && element.name === "_read");
  }

  /* The live region under a card-text box: "Reading the text…", or why it could not be read. */
  function statusNote(className, role, marker) {
    var note = document.createElement("p");
    note.className = className;
    note.setAttribute("role", role);
    note.setAttribute(marker, "");
    return note;
  }

  function readingStatus(field) {
    var status = field.querySelector(":scope > [data-reading-status]");
    if (!status) {
      status = statusNote("field__status", "status", "data-reading-status");
      var actions = field.querySelector(":scope > .field__actions");
      if (actions) {
        actions.insertAdjacentElement("afterend", status);
      } else {
        field.appendChild(status);
      }
    }
    return status;
  }

  function clearReadFailure(field) {
    Array.prototype.forEach.call(field.querySelectorAll(":scope > .field__read-failed"),
      function (note) { note.remove(); });
  }

  /* A paste longer than a card-text box takes: the browser keeps its first characters
     (maxlength) without a word; the box says how many it kept, until it is edited within
     its length again.  The server refuses a longer text with the same limit. */
  document.addEventListener("paste", function (event) {
    var box = event.target;
    var form = box && box.closest && box.closest(".calculator__form");
    if (!form || box.tagName !== "TEXTAREA" || !(box.maxLength > 0) || !event.clipboardData) {
      return;
    }
    var pasted = event.clipboardData.getData("text/plain").replace(/\r\n?/g, "\n");
    var room = box.maxLength - box.value.length + (box.selectionEnd - box.selectionStart);
    var field = box.closest(".field--text");
    if (!field || pasted.length <= room) {
      return;
    }
    var note = field.querySelector(":scope > [data-paste-cut]");
    if (!note) {
      note = statusNote("field__status field__paste-cut", "alert", "data-paste-cut");
      box.insertAdjacentElement("afterend", note);
      box.addEventListener("input", function dropNote() {
        if (box.value.length < box.maxLength) {
          note.remove();
          box.removeEventListener("input", dropNote);
        }
      });
    }
    note.textContent = (form.dataset.pasteCut || "")
      .replace("{pasted}", pasted.length.toLocaleString(document.documentElement.lang))
      .replace("{maximum}", box.maxLength.toLocaleString(document.documentElement.lang));
  });

  /* A box the judge types a value into (not a choice, a checkbox or a button). */
  function isTypingBox(element) {
    return !!element && (element.tagName === "TEXTAREA" || (element.tagName === "INPUT" &&
      ["text", "number", "search", "tel"].indexOf(element.type) >= 0));
  }

  /* Disable the form's controls for the time of a read ("Get the ruling" stays, and
     the box ``typing`` the judge is typing in). */
  function holdForm(form, typing) {
    Array.prototype.forEach.call(form.elements, function (control) {
      if (control.disabled || control.tagName === "FIELDSET" || control.tagName === "OUTPUT" ||
          control === typing || (control.type === "submit" && !control.name)) {
        return;
      }
      control.disabled = true;
      control.setAttribute("data-held", "");
    });
    form.setAttribute("aria-busy", "true");
  }

  function releaseForm(form) {
    if (!form) {
      return;
    }
    Array.prototype.forEach.call(form.querySelectorAll("[data-held]"), function (control) {
      control.disabled = false;
      control.removeAttribute("data-held");
    });
    form.removeAttribute("aria-busy");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail && event.detail.elt;
    if (reading && source && source.classList && source.classList.contains("calculator__form")) {
      event.preventDefault();
      rulingAfterReading = true;
    }
  });

  document.addEventListener("htmx:beforeSend", function (event) {
    var source = event.detail && event.detail.elt;
    var form = source && source.form;
    if (!isReadButton(source) || !form) {
      return;
    }
    reading = true;
    readInFlight = true;
    var focused = document.activeElement;
    focusAfterReading = focused && focused.id && focused !== source && form.contains(focused) ?
      focused.id : null;
    typingDuringRead = focusAfterReading && isTypingBox(focused) ?
      {control: focused, value: focused.value} : null;
    var field = source.closest(".field--text");
    if (field) {
      clearReadFailure(field);
      readingStatus(field).textContent = form.dataset.reading || "";
      field.classList.add("field--reading");
    }
    holdForm(form, typingDuringRead && typingDuringRead.control);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var source = event.detail && event.detail.elt;
    if (!isReadButton(source)) {
      return;
    }
    // after a swap these are the replaced controls; after a failure, the form's own
    releaseForm(source.form);
    var field = source.closest(".field--text");
    if (field && field.isConnected) {
      readingStatus(field).textContent = "";
      field.classList.remove("field--reading");
    }
  });

  /* The read failed: say so at the box, as an alert; the form is as the judge left it. */
  function readFailed(source) {
    var form = source.form;
    releaseForm(form);
    var field = source.closest(".field--text");
    if (!field || !form) {
      return;
    }
    readingStatus(field).textContent = "";
    field.classList.remove("field--reading");
    clearReadFailure(field);
    var note = document.createElement("p");
    note.className = "field__error field__read-failed";
    note.setAttribute("role", "alert");
    note.textContent = form.dataset.readFailed || "";
    readingStatus(field).insertAdjacentElement("afterend", note);
  }

  ["htmx:responseError", "htmx:sendError"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      reading = false;
      readInFlight = false;
      rulingAfterReading = false;
      typingDuringRead = null;
      var source = event.detail && event.detail.elt;
      if (isReadButton(source)) {
        readFailed(source);
        return;
      }
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
    // no ruling shown yet: nothing "below" to speak of (break-it round 21)
    var shown = region.querySelector("[data-ruling]");
    notice.textContent = (banner && (shown ? banner.dataset.rulingFailed :
                                     banner.dataset.rulingNotGiven)) || "";
  }

  /* The judge changed the form after the ruling beside it was given (at a wide screen
     both show side by side): mark the ruling as stale, with a notice saying so, until a
     ruling for the form replaces it. */
  var formVersion = 0;
  var rulingVersion = 0;

  function markChanged() {
    formVersion += 1;
    markStale();
  }

  /* The ruling shown no longer answers the form: dimmed, with the notice (once). */
  function markStale() {
    var region = document.getElementById("ruling");
    var form = document.querySelector(".calculator__form");
    if (!region || !form || !region.querySelector("[data-ruling]") ||
        region.querySelector(".ruling-region__changed")) {
      return;
    }
    region.classList.add("ruling-region--stale");
    var notice = document.createElement("p");
    notice.className = "notice notice--warning ruling-region__changed";
    notice.textContent = form.dataset.changed || "";
    region.insertBefore(notice, region.firstChild);
  }

  document.addEventListener("htmx:beforeSend", function (event) {
    var source = event.detail && event.detail.elt;
    if (source && source.classList && source.classList.contains("calculator__form")) {
      rulingVersion = formVersion;
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var region = document.getElementById("ruling");
    if (region && !region.querySelector(".ruling-region__failed") &&
        !region.querySelector(".ruling-region__changed")) {
      region.classList.remove("ruling-region--stale");
    }
    // a ruling asked for before the judge's last change is already stale
    var target = event.detail && event.detail.target;
    if (target && target.id === "ruling" && rulingVersion !== formVersion) {
      markStale();
    }
  });

  function afterReading() {
    if (!reading) {
      return;
    }
    reading = false;
    readInFlight = false;
    // The judge's place: the control tapped while the text was read, with what was
    // typed in it meanwhile (the answer's form was made from the value as sent); kept
    // in the form before a ruling asked for meanwhile is given on it.
    var again = focusAfterReading && document.getElementById(focusAfterReading);
    var typed = typingDuringRead;
    focusAfterReading = null;
    typingDuringRead = null;
    if (again && typed && typed.control !== again && typed.control.value !== typed.value &&
        isTypingBox(again)) {
      again.value = typed.control.value;
      again.dispatchEvent(new Event("input", {bubbles: true}));
      if (again.tagName !== "TEXTAREA") {  // a card-text box is read when it is left
        again.dispatchEvent(new Event("change", {bubbles: true}));
      }
    }
    if (rulingAfterReading) {
      rulingAfterReading = false;
      var form = document.querySelector(".calculator__form");
      if (form && form.requestSubmit) {
        form.requestSubmit();
      }
      return;
    }
    if (again && !again.disabled) {
      again.focus({preventScroll: true});
      if (typed && again.setSelectionRange && again.type !== "number") {
        again.setSelectionRange(again.value.length, again.value.length);
      }
    }
    // The fields the text filled may have grown the form above the box:
    // keep what was understood (and what was not) in view.
    var feedback = document.querySelector(".card-reading");
    if (feedback) {
      feedback.scrollIntoView({block: "nearest"});
      if (!again) {  // "Read the text" tapped: its button is gone with the answer, the
        // focus goes to what was read (break-it round 21: it fell to the page)
        feedback.setAttribute("tabindex", "-1");
        feedback.focus({preventScroll: true});
      }
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
    form.addEventListener("input", markChanged);
    form.addEventListener("change", markChanged);
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (!window.htmx || box.tagName !== "TEXTAREA" || !box.value.trim()) {
        return;
      }
      // the box kept for typing during a read, left as the answer replaces it: what was
      // typed goes into the answer's box (afterReading), read when that box is left
      if (readInFlight && typingDuringRead && box === typingDuringRead.control) {
        return;
      }
      var field = box.closest(".field--text");
      var button = field && field.querySelector("button[name=_read]");
      if (button) {
        reading = true;
        pendingRead = button;
        if (!pointerDown) {
          setTimeout(runPendingRead, 0);
        }
      }
    });
  }

  /* With htmx, "Read the text" asks for its part of the page; its formaction (the
     address with the box's anchor, for a page load without JavaScript) is not used. */
  function setUpReadButtons(root) {
    var buttons = root.querySelectorAll ? root.querySelectorAll("button[name=_read][formaction]") : [];
    Array.prototype.forEach.call(buttons, function (button) {
      if (window.htmx) {
        button.removeAttribute("formaction");
      }
    });
    var fields = root.querySelectorAll ? root.querySelectorAll(".field--text") : [];
    Array.prototype.forEach.call(fields, readingStatus);
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

    // put back by the browser (restoreRows); a count the server wrote as asked for, with
    // fewer rows and its error (more than the group takes), is left to say so
    if (count.value !== String(rows().length) && count.value !== count.defaultValue) {
      fieldset.dataset.restoredCount = count.value;
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
      markChanged();
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
      markChanged();
      (next && next.querySelector("[data-group-remove]") || addButton).focus();
    });
  }

  function setUpAll(root) {
    var groups = root.querySelectorAll ? root.querySelectorAll("[data-group]") : [];
    Array.prototype.forEach.call(groups, setUpGroup);
    setUpReading(document.querySelector(".calculator__form"));
    setUpReadButtons(root);
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
    formAddress = currentAddress();
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
    if (keptRegion && target.id === "calculator") {  // rows put back after a restore (restoreRows)
      var region = document.getElementById("ruling");
      if (region && keptRegion.querySelector("[data-ruling]")) {
        region.replaceWith(keptRegion);
      }
      keptRegion = null;
      setUpCopy(document);
      markChanged();
      return;
    }
    if (reading && target.id === "calculator") {
      afterReading();
      return;
    }
    // A layout-only answer ("Show this many items") has neither a ruling
    // nor errors: nothing moves then.
    showResult();
  });
  /* Printing a ruling prints everything its verdict refers to: every <details> of the
     ruling region (steps, other values) opens for the print and closes again after.
     A cited clause's text stays closed (opening it would ask the server for it). */
  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    var region = document.getElementById("ruling");
    if (!region) {
      return;
    }
    openedForPrint = Array.prototype.filter.call(region.querySelectorAll("details"),
      function (details) {
        return !details.open && !details.classList.contains("citation__details");
      });
    openedForPrint.forEach(function (details) { details.open = true; });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (details) { details.open = false; });
    openedForPrint = [];
  });

  /* Back (or a reload) to a form whose rows the judge changed in place: the browser puts
     back each group's count but not the rows added here, so the count names items the
     page no longer holds.  The entries as the judge left them are kept for the page's
     address when it is left; when a group's count and rows disagree after a restore, or
     the entries put back are not the ones kept (a row removed and another added), the
     form is asked for again with those entries (the layout request of "Show this many
     items"), so that every row and what was typed in it come back, and a ruling shown
     is marked as given on other entries. */
  var SNAPSHOT = "rulebook-calculator:";
  var keptRegion = null;
  // The address whose entries the form holds: Back or Forward within htmx's history changes
  // the address before the page is left for that address, with the other entries still in it
  var formAddress = currentAddress();  // (ready() may have run already: it sets it too)

  function currentAddress() {
    return window.location.pathname + window.location.search;
  }

  function snapshotKey() {
    return SNAPSHOT + currentAddress();
  }

  ["htmx:pushedIntoHistory", "htmx:replacedInHistory"].forEach(function (name) {
    document.addEventListener(name, function () { formAddress = currentAddress(); });
  });

  function formEntries(form) {
    var entries = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || control.name.charAt(0) === "_" || control.type === "submit" ||
          control.type === "button" || (control.disabled && !control.hasAttribute("data-held")) ||
          ((control.type === "checkbox" || control.type === "radio") && !control.checked)) {
        return;
      }
      entries.push([control.name, control.value]);
    });
    return entries;
  }

  /* The form as filled, as the query of its layout request (no ruling): the entries given. */
  function layoutQuery(form) {
    var query = new URLSearchParams();
    formEntries(form).forEach(function (entry) {
      if (entry[1] !== "") {
        query.append(entry[0], entry[1]);
      }
    });
    query.append("_layout", "1");
    return query.toString();
  }

  /* The first ruling asked for: the address it leaves behind is the form as filled, with
     no ruling (the layout request), so that Back shows what was entered, not the form as
     first loaded (break-it round 21); a ruling shown keeps its own address. */
  document.addEventListener("htmx:beforeSend", function (event) {
    var source = event.detail && event.detail.elt;
    if (!source || !source.classList || !source.classList.contains("calculator__form") ||
        document.querySelector("#ruling [data-ruling]") || !window.history.replaceState) {
      return;
    }
    window.history.replaceState(window.history.state, "",
                                window.location.pathname + "?" + layoutQuery(source));
    formAddress = currentAddress();
  });

  /* Another language chosen with entries the address does not hold (no ruling yet, or the
     form changed after it): the page in that language gets the form as filled, with no
     ruling (break-it round 21: the entries were lost). */
  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest &&
      event.target.closest("#language-switcher a[hreflang]");
    var form = document.querySelector(".calculator__form");
    var shown = document.querySelector("#ruling [data-ruling]");
    if (!link || !form || formVersion === 0 || (shown && rulingVersion === formVersion) ||
        event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey ||
        event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    window.location.assign(new URL(link.href).pathname + "?" + layoutQuery(form));
  });

  window.addEventListener("pagehide", function () {
    var form = document.querySelector(".calculator__form");
    if (!form || currentAddress() !== formAddress) {
      return;
    }
    try {
      window.sessionStorage.setItem(snapshotKey(), JSON.stringify(formEntries(form)));
    } catch (error) {
      // no storage (private mode, full): the restore below uses what the browser kept
    }
  });

  /* Groups whose count (as restored) differs from their rows, by count name → count. */
  function mismatchedCounts(form) {
    var counts = {};
    Array.prototype.forEach.call(form.querySelectorAll("fieldset[data-group]"), function (fieldset) {
      var count = fieldset.querySelector(":scope > [data-group-count] input");
      var items = fieldset.querySelector(":scope > [data-group-items]");
      if (!count || !items) {
        return;
      }
      var restored = fieldset.dataset.restoredCount ||
        (count.value !== count.defaultValue ? count.value : "");
      var rows = items.querySelectorAll(":scope > [data-group-item]").length;
      if (restored !== "" && restored !== String(rows)) {
        counts[count.name] = restored;
      }
      delete fieldset.dataset.restoredCount;
    });
    return counts;
  }

  /* Whether this page was come back to (Back, Forward or a reload), when the browser
     puts back what was entered; a page opened afresh at the same address is not. */
  function cameBack() {
    var timing = window.performance && window.performance.getEntriesByType &&
      window.performance.getEntriesByType("navigation")[0];
    return !!timing && (timing.type === "back_forward" || timing.type === "reload");
  }

  function sameEntries(one, other) {
    return one.length === other.length && one.every(function (entry, index) {
      return entry[0] === other[index][0] && entry[1] === other[index][1];
    });
  }

  function restoreRows() {
    var form = document.querySelector(".calculator__form");
    if (!form || !window.htmx) {
      return;
    }
    var counts = mismatchedCounts(form);
    var names = Object.keys(counts);
    var entries = null;
    try {
      entries = JSON.parse(window.sessionStorage.getItem(snapshotKey()) || "null");
      window.sessionStorage.removeItem(snapshotKey());  // used once: the next leave keeps anew
    } catch (error) {
      entries = null;
    }
    var current = formEntries(form);
    if (!names.length) {
      // counts and rows agree, yet the rows may not be the judge's (one removed and one
      // added in place): the browser filled the page's rows by name with the judge's values
      if (!entries || !cameBack() || sameEntries(entries, current)) {
        return;
      }
    } else if (!(entries && names.every(function (name) {
      // the entries kept when the page was left, if they are the ones the browser restored
      return entries.some(function (entry) { return entry[0] === name && entry[1] === counts[name]; });
    }))) {
      entries = current.map(function (entry) {
        return counts[entry[0]] !== undefined ? [entry[0], counts[entry[0]]] : entry;
      });
    }
    var query = new URLSearchParams();
    entries.forEach(function (entry) { query.append(entry[0], entry[1]); });
    query.append("_layout", "1");
    var action = form.getAttribute("data-hx-get");
    // the ruling shown stays (marked as for other entries): the answer's empty region is
    // replaced with it once swapped in
    keptRegion = document.getElementById("ruling");
    window.htmx.ajax("GET", action + "?" + query.toString(),
                     {target: "#calculator", swap: "outerHTML"});
  }

  window.addEventListener("pageshow", function () {
    // after the browser has put back what the judge entered
    setTimeout(restoreRows, 0);
  });
}());
