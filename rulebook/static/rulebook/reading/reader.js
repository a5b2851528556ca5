/* The reading pages' small script (no inline script: CSP).  Everything
 * here is an addition; the pages work without it:
 * - copy-link buttons put a clause's permalink on the clipboard;
 * - the table of contents: open beside the text on a desktop, a button on
 *   a phone (as reading.css showed it at first paint); the section being
 *   read is marked while scrolling;
 * - offline reading: registers /sw.js once the page has loaded, tells it
 *   about each page opened,
 *   offers "keep this game offline", shows the banner of an offline copy;
 * - the calculator and search say they need a connection when a request
 *   fails offline;
 * - the header: the menu button on a phone, the colour scheme choice
 *   (stored; theme.js applies it before the first paint), "/" to search;
 * - "On this page" marks the entry being read.
 */
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  var lang = root.lang || "de";

  /* Copy link: the Clipboard API, else a selected text field and execCommand. */
  function copied(button, ok) {
    var label = button.dataset.label || button.firstChild.textContent;
    button.dataset.label = label;
    button.firstChild.textContent = ok ? (button.dataset.copied || "✓") : label;
    button.classList.toggle("copy-link--done", ok);
    if (ok) setTimeout(function () { copied(button, false); }, 2000);
  }

  function fallbackCopy(button, url) {
    var field = document.createElement("input");
    field.type = "text";
    field.value = url;
    field.readOnly = true;
    field.className = "copy-link__field";
    field.setAttribute("aria-label", button.textContent.trim());
    button.insertAdjacentElement("afterend", field);
    field.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
    if (ok) { field.remove(); }
    copied(button, ok);
  }

  document.querySelectorAll(".copy-link").forEach(function (button) {
    button.hidden = false;
    button.dataset.copied = root.dataset.copiedLabel || button.getAttribute("data-copied") || "✓";
    button.addEventListener("click", function () {
      var url = new URL(button.dataset.url, location.href).href;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(function () { copied(button, true); },
          function () { fallbackCopy(button, url); });
      } else {
        fallbackCopy(button, url);
      }
    });
  });

  /* Table of contents: open on a wide screen, a button on a narrow one. */
  var toc = document.getElementById("toc");
  if (toc) {
    var wide = window.matchMedia("(min-width: 64rem)");
    var fit = function () { toc.open = wide.matches; };
    fit();
    /* From now on [open] decides (reading.css hid the list on a narrow
       screen until here, so closing it moved nothing). */
    toc.dataset.ready = "";
    wide.addEventListener("change", fit);
    toc.addEventListener("click", function (event) {
      if (event.target.closest("a") && !wide.matches) toc.open = false;
    });
    var links = {};
    toc.querySelectorAll("a[data-section]").forEach(function (link) {
      links[link.dataset.section] = link;
    });
    var sections = Array.prototype.slice.call(document.querySelectorAll("section[data-section]"));
    if (sections.length) {
      /* The section being read: the last one whose top is above the upper third. */
      var pending = false;
      var mark = function () {
        pending = false;
        var line = window.innerHeight / 3;
        var current = sections[0];
        sections.forEach(function (section) {
          if (section.getBoundingClientRect().top <= line) current = section;
        });
        Object.keys(links).forEach(function (slug) {
          if (slug === current.dataset.section) links[slug].setAttribute("aria-current", "location");
          else links[slug].removeAttribute("aria-current");
        });
      };
      var schedule = function () {
        if (!pending) { pending = true; window.requestAnimationFrame(mark); }
      };
      window.addEventListener("scroll", schedule, { passive: true });
      window.addEventListener("resize", schedule);
      schedule();  /* in the next frame: no layout forced while the page loads */
    }
  }

  /* The header's menu on a phone (reading.css shows the button at first paint). */
  var header = document.querySelector(".site-header");
  var menuButton = document.getElementById("menu-button");
  function openMenu(open) {
    if (!header || !menuButton) return;
    if (open) header.dataset.menuOpen = ""; else delete header.dataset.menuOpen;
    menuButton.setAttribute("aria-expanded", open ? "true" : "false");
  }
  if (menuButton) {
    menuButton.hidden = false;
    menuButton.addEventListener("click", function () {
      openMenu(menuButton.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menuButton.getAttribute("aria-expanded") === "true") {
        openMenu(false);
        menuButton.focus();
      }
    });
  }

  /* The colour scheme: system, light or dark, remembered in localStorage. */
  var scheme = document.getElementById("scheme-select");
  if (scheme) {
    scheme.parentNode.hidden = false;
    scheme.value = root.dataset.scheme || "system";
    scheme.addEventListener("change", function () {
      var value = scheme.value;
      if (value === "light" || value === "dark") root.dataset.scheme = value;
      else delete root.dataset.scheme;
      try {
        if (value === "light" || value === "dark") window.localStorage.setItem("colour-scheme", value);
        else window.localStorage.removeItem("colour-scheme");
      } catch (error) { /* not remembered: storage blocked */ }
    });
  }

  /* "/" focuses the search field, unless the reader is typing somewhere. */
  var searchField = document.getElementById("site-search-q");
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || !searchField) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    event.preventDefault();
    if (searchField.offsetParent === null) openMenu(true);
    searchField.focus();
    searchField.select();
  });

  /* "On this page": the entry being read is the last one whose top is above
     the upper third (the last entry at the end of the page). */
  var outline = document.querySelector(".on-this-page");
  if (outline) {
    var entries = [];
    outline.querySelectorAll("a[href^='#']").forEach(function (link) {
      var target = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
      if (target) entries.push({ link: link, target: target });
    });
    var wideOutline = window.matchMedia("(min-width: 75rem)");
    var outlinePending = false;
    var markOutline = function () {
      outlinePending = false;
      if (!entries.length || !wideOutline.matches) return;
      var line = window.innerHeight / 3;
      var current = entries[0];
      entries.forEach(function (entry) {
        if (entry.target.getBoundingClientRect().top <= line) current = entry;
      });
      /* At the end of the page the last entries cannot reach the line. */
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        current = entries[entries.length - 1];
      }
      entries.forEach(function (entry) {
        if (entry === current) entry.link.setAttribute("aria-current", "location");
        else entry.link.removeAttribute("aria-current");
      });
    };
    var scheduleOutline = function () {
      if (!outlinePending) { outlinePending = true; window.requestAnimationFrame(markOutline); }
    };
    window.addEventListener("scroll", scheduleOutline, { passive: true });
    window.addEventListener("resize", scheduleOutline);
    markOutline();
  }

  /* When something was stored, in the page's language: the date and time
   * ("02.12.2026, 01:20"; in English "2 December 2026, 01:20") and how long
   * ago ("vor 3 Tagen", "3 дня назад", "3 days ago"); null for no date. */
  function storedWhen(iso) {
    var when = iso ? new Date(iso) : null;
    if (!when || isNaN(when)) return null;
    var locale = lang === "en" ? "en-GB" : lang;
    var day = when.toLocaleDateString(locale, lang === "en"
      ? { day: "numeric", month: "long", year: "numeric" }
      : { day: "2-digit", month: "2-digit", year: "numeric" });
    var time = when.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    var seconds = Math.max(0, (Date.now() - when.getTime()) / 1000);
    var steps = [[60, "second"], [3600, "minute", 60], [86400, "hour", 3600],
                 [86400 * 30, "day", 86400], [Infinity, "month", 86400 * 30]];
    var age = "";
    if (window.Intl && Intl.RelativeTimeFormat) {
      var format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
      for (var i = 0; i < steps.length; i++) {
        if (seconds < steps[i][0]) {
          age = i === 0 ? format.format(0, "second") : format.format(-Math.floor(seconds / steps[i][2]), steps[i][1]);
          break;
        }
      }
    }
    return { date: day + ", " + time, age: age };
  }

  function fill(template, when) {
    var text = template.replace("{date}", when ? when.date : "?");
    return when && when.age ? text.replace("{age}", when.age) : text.replace(" ({age})", "");
  }

  /* An offline copy: say so, with when it was stored and how long ago. */
  var storedAt = document.body.dataset.offlineCopy;
  var banner = document.getElementById("offline-banner");
  if (storedAt !== undefined && banner) {
    banner.querySelector("p").textContent = fill(banner.dataset.template, storedWhen(storedAt));
    banner.hidden = false;
  }

  /* Calculator and search: a failed request offline says why, at the top of the part it
     would have replaced (inside it: a sibling would take a cell of the calculator's
     two-column layout), until a request succeeds again. */
  document.body.addEventListener("htmx:sendError", function (event) {
    if (!banner) return;
    var notice = document.getElementById("needs-connection-notice");
    if (!notice) {
      notice = document.createElement("p");
      notice.id = "needs-connection-notice";
      notice.className = "notice notice--warning";
      notice.setAttribute("role", "alert");
      notice.textContent = banner.dataset.needsConnection || "";
      var target = event.detail && event.detail.target;
      if (target && target.parentNode) {
        target.insertAdjacentElement("afterbegin", notice);
      } else {
        document.getElementById("main").insertAdjacentElement("beforebegin", notice);
      }
    }
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var notice = document.getElementById("needs-connection-notice");
    if (notice && event.detail && event.detail.successful) {
      notice.remove();
    }
  });

  /* The list of kept games (name, when, its page in each language,
   * "refresh") and of the other pages opened, on /<language>/offline/kept/. */
  function showKeptList(block, games, pages, keepGame) {
    var sections = block.querySelectorAll(".offline-kept__section");
    var gameList = block.querySelector(".offline-kept__games");
    var pageList = block.querySelector(".offline-kept__pages");
    var fallback = block.querySelector(".offline-kept__fallback");
    function link(href, text, language) {
      var anchor = document.createElement("a");
      anchor.href = href;
      anchor.textContent = text;
      if (language && language !== lang) { anchor.lang = language; anchor.hreflang = language; }
      return anchor;
    }
    games.forEach(function (record) {
      var item = document.createElement("li");
      item.className = "offline-kept__game";
      var name = document.createElement("strong");
      name.appendChild(link(record.homes[lang] || record.homes[record.languages[0]] || "#", record.names[lang] || record.game));
      item.appendChild(name);
      var when = document.createElement("span");
      when.className = "offline-kept__when";
      when.textContent = fill(block.dataset.keptOn, storedWhen(record.stored));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(when);
      var languages = document.createElement("span");
      languages.className = "offline-kept__languages";
      languages.appendChild(document.createTextNode(block.dataset.languages + " "));
      ["de", "ru", "en"].filter(function (code) { return record.homes[code]; }).forEach(function (code) {
        var name = window.Intl && Intl.DisplayNames
          ? new Intl.DisplayNames([code], { type: "language" }).of(code) : code.toUpperCase();
        languages.appendChild(link(record.homes[code], name.charAt(0).toUpperCase() + name.slice(1), code));
      });
      item.appendChild(languages);
      if (record.source) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "button button--secondary";
        button.textContent = block.dataset.refresh;
        var state = document.createElement("span");
        state.className = "offline-keep__state";
        state.setAttribute("role", "status");
        /* It needs the connection. */
        button.disabled = !navigator.onLine;
        window.addEventListener("online", function () { button.disabled = false; });
        window.addEventListener("offline", function () { button.disabled = true; });
        button.addEventListener("click", function () {
          button.disabled = true;
          keepGame(record.source).then(function (result) {
            if (result.ok && result.kept === result.total) {
              state.textContent = block.dataset.done;
              when.textContent = fill(block.dataset.keptOn, storedWhen(new Date().toISOString()));
            } else { state.textContent = block.dataset.failed; }
          }, function () { state.textContent = block.dataset.failed; })
            .then(function () { button.disabled = false; });
        });
        var actions = document.createElement("span");
        actions.className = "offline-kept__actions";
        actions.appendChild(button);
        actions.appendChild(state);
        item.appendChild(actions);
      }
      gameList.appendChild(item);
    });
    pages.forEach(function (page) {
      var item = document.createElement("li");
      item.appendChild(link(page.url, page.title || page.url));
      var when = storedWhen(page.stored);
      if (when) {
        var stamp = document.createElement("span");
        stamp.className = "meta";
        stamp.textContent = " · " + when.date;
        item.appendChild(stamp);
      }
      pageList.appendChild(item);
    });
    sections[0].hidden = games.length === 0;
    sections[1].hidden = pages.length === 0;
    if (!games.length && !pages.length) fallback.textContent = block.dataset.empty;
    else fallback.hidden = true;
  }

  /* The service worker ("keep this game offline" needs one). */
  function noWorker() {
    document.querySelectorAll(".offline-keep").forEach(function (block) { block.hidden = true; });
  }
  if (!("serviceWorker" in navigator)) { noWorker(); return; }

  function ask(worker, message) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data || {}); };
      worker.postMessage(message, [channel.port2]);
    });
  }

  /* Registered once the page has loaded: the worker's install and the
   * "visit" (which stores the page and its assets) must not compete with
   * the page's own first paint and scripts. */
  function afterLoad(start) {
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
  }

  afterLoad(function () { navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    var worker = registration.active;
    if (!worker) { noWorker(); return; }
    /* Keep a game's pages (every language) from its offline.json. */
    function keepGame(source) {
      return fetch(source, { credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (data) { return ask(worker, { type: "keep", urls: data.pages, game: data, source: source }); });
    }
    function keptList() { return ask(worker, { type: "kept", language: lang }); }
    /* "Keep this game offline", or once kept: when, and "refresh". */
    document.querySelectorAll(".offline-keep").forEach(function (block) {
      var button = block.querySelector("button");
      var state = block.querySelector(".offline-keep__state");
      var list = block.querySelector(".offline-keep__list");
      function showKept() {
        return keptList().then(function (kept) {
          var record = (kept.games || []).filter(function (game) { return game.game === block.dataset.game; })[0];
          if (!record) return;
          button.textContent = button.dataset.refresh;
          state.textContent = fill(button.dataset.keptOn, storedWhen(record.stored));
          if (list) list.hidden = false;
        });
      }
      block.hidden = storedAt !== undefined;
      button.disabled = false;
      showKept();
      button.addEventListener("click", function () {
        button.disabled = true;
        keepGame(button.dataset.offlineGame)
          .then(function (result) {
            block.dataset.kept = String(result.kept || 0);
            if (result.ok && result.kept === result.total) return showKept();
            state.textContent = button.dataset.failed;
          }, function () { state.textContent = button.dataset.failed; })
          .then(function () { button.disabled = false; });
      });
    });
    /* The offline page "kept for offline reading": what this device keeps. */
    var keptBlock = document.getElementById("offline-kept");
    if (keptBlock) {
      keptList().then(function (kept) { showKeptList(keptBlock, kept.games || [], kept.pages || [], keepGame); });
    }
    if (storedAt !== undefined || !navigator.onLine) return;
    var assets = [];
    document.querySelectorAll("link[rel=stylesheet], script[src], link[rel=icon]").forEach(function (element) {
      assets.push(element.href || element.src);
    });
    return ask(worker, { type: "visit", url: location.href, assets: assets }).then(function (result) {
      root.dataset.offlineState = result.ok ? "current" : "failed";
    });
  }).catch(function () { noWorker(); root.dataset.offlineState = "unavailable"; }); });
})();
