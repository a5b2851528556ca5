/* Admin translation tabs open on the original language (not the admin's
 * own), so a proposed draft shows its prefilled original text at once.
 * The original is the correction's "original language" field, or the
 * data-language of #original-language (a clause version's document).
 * Runs after modeltranslation's tabbed_translation_fields.js built the tabs.
 */
(function () {
  "use strict";
  var $ = (window.django && window.django.jQuery) || window.jQuery;
  if (!$) return;

  function originalLanguage() {
    var field = document.getElementById("id_language");
    if (field && field.value) return field.value;
    var marker = document.getElementById("original-language");
    return marker ? marker.dataset.language : "";
  }

  function openOriginal() {
    var language = originalLanguage();
    if (!language) return;
    $(".ui-tabs").each(function () {
      var container = $(this);
      var index = -1;
      container.find("> ul > li > a").each(function (i) {
        if ((this.getAttribute("href") || "").endsWith("_" + language)) index = i;
      });
      // A tab with a field error stays open (modeltranslation chose it).
      var hasError = container.find("> ul > li.ui-tab-has-errors").length > 0;
      if (index >= 0 && !hasError) container.tabs("option", "active", index);
    });
  }

  $(function () {
    window.setTimeout(openOriginal, 0);
    $("#id_language").on("change", openOriginal);
  });
})();
