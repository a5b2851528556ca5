/* The colour scheme the reader chose (light, dark; none = the system's),
 * applied before the first paint: this script is loaded in <head> without
 * defer, so the page never flashes in the other scheme.  reader.js offers
 * the choice (the header's select) and stores it.  No inline script: CSP. */
(function () {
  "use strict";
  try {
    var scheme = window.localStorage.getItem("colour-scheme");
    if (scheme === "light" || scheme === "dark") document.documentElement.dataset.scheme = scheme;
  } catch (error) { /* storage blocked: the system's scheme */ }
})();
