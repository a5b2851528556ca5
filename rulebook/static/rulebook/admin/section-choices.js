/* Clauses › Add and Sections › Add: the section (parent section) list offers
 * only the sections of the chosen document (options carry data-document).
 * Without this script every section is listed with its document's name, and
 * saving one of another document is refused as a field error.
 */
(function () {
  "use strict";
  function filter() {
    var documentField = document.getElementById("id_document");
    var names = ["id_section", "id_parent"];
    names.forEach(function (name) {
      var select = document.getElementById(name);
      if (!select || !documentField) return;
      var chosen = documentField.value;
      Array.prototype.forEach.call(select.options, function (option) {
        var owner = option.getAttribute("data-document");
        var shown = !owner || !chosen || owner === chosen;
        option.hidden = !shown;
        option.disabled = !shown;
        if (!shown && option.selected) select.value = "";
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var documentField = document.getElementById("id_document");
    if (documentField) documentField.addEventListener("change", filter);
    filter();
  });
})();
