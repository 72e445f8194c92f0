// The little the board needs beyond htmx: reordering an order decision (drag and drop or
// the move buttons), copying a ruling, keeping the focus, and keyboard shortcuts (placing
// cards on the mat: placing.js). Everything is delegated from the document, so partials swapped in live work too.
(function () {
  "use strict";

  function move(item, delta) {
    const list = item.parentElement;
    if (delta < 0 && item.previousElementSibling) {
      list.insertBefore(item, item.previousElementSibling);
    } else if (delta > 0 && item.nextElementSibling) {
      list.insertBefore(item.nextElementSibling, item);
    }
    relabel(list);
  }

  // Each place of an order list has its label ("Chain Link 1 — resolves last", "resolves
  // 1st"): the server lists them by place in data-labels; an item that stands for several
  // copies (data-count) takes several places.
  function relabel(list) {
    let labels;
    try {
      labels = JSON.parse(list.dataset.labels || "[]");
    } catch (error) {
      return;
    }
    let place = 0;
    Array.from(list.children).forEach(function (item) {
      const label = item.querySelector(".order-position");
      if (label) label.textContent = labels[place] || "";
      place += Number(item.dataset.count || 1);
    });
    followPool(list);
  }

  // Duel Masters: the pending panel lists the abilities being ordered in the order the
  // decision shows them (data-option names the option each one is), the first marked next.
  function followPool(list) {
    const pending = [];
    Array.from(list.children).forEach(function (item) {
      document.querySelectorAll('#chain li.pending[data-option="' + item.dataset.id + '"]')
        .forEach(function (li) { pending.push(li); });
    });
    if (!pending.length) return;
    const parent = pending[0].parentElement;
    const badge = parent.querySelector(".next-badge");
    pending.slice().reverse().forEach(function (li) { parent.insertBefore(li, parent.firstChild); });
    pending.forEach(function (li, i) { li.classList.toggle("next", i === 0); });
    if (badge) pending[0].insertBefore(badge, pending[0].firstChild);
  }

  // Every action button carries its engine action as JSON in data-act; one form posts it
  // (with the board's version), so the live partials stay small.
  function act(button) {
    const form = document.getElementById("act-form");
    if (!form || !window.htmx) return;
    const action = JSON.parse(button.dataset.act);
    window.boardFocus = describe(button);
    document.getElementById("act-input").value = JSON.stringify(action);
    window.htmx.trigger(form, "submit");
  }

  // A card's menu (its text and the events for it now) loads when the card is opened.
  document.addEventListener("toggle", function (event) {
    const details = event.target;
    if (!details.matches || !details.matches("details.card-menu") || !details.open) return;
    const body = details.querySelector("[data-menu]");
    const root = document.querySelector(".board-page");
    const card = details.closest("[data-card]");
    if (!body || !root || !root.dataset.menus || !card || !window.htmx) return;
    window.htmx.ajax("GET", root.dataset.menus + card.dataset.card + "/menu",
                     {target: body, swap: "innerHTML"});
  }, true);

  document.addEventListener("click", function (event) {
    const actor = event.target.closest("[data-act]");
    if (actor) {
      event.preventDefault();
      act(actor);
      return;
    }
    const up = event.target.closest(".move-up");
    const down = event.target.closest(".move-down");
    if (up || down) {
      const item = (up || down).closest("li");
      move(item, up ? -1 : 1);
      (up || down).focus();
      return;
    }
    const copy = event.target.closest(".copy-ruling");
    if (copy) {
      const text = document.getElementById(copy.dataset.target);
      if (navigator.clipboard) {
        navigator.clipboard.writeText(text.value);
      } else {
        text.select();
        document.execCommand("copy");
      }
    }
  });

  // Drag and drop: order items (cards onto zones: placing.js).
  let dragged = null;
  document.addEventListener("dragstart", function (event) {
    dragged = event.target.closest(".sortable li");
    if (dragged && event.dataTransfer) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", dragged.dataset.id || dragged.dataset.cardId || "");
    }
  });
  document.addEventListener("dragover", function (event) {
    if (!dragged) return;
    if (event.target.closest(".sortable li")) event.preventDefault();
  });
  document.addEventListener("drop", function (event) {
    if (!dragged) return;
    const target = event.target.closest(".sortable li");
    if (target && dragged.matches(".sortable li") && target !== dragged) {
      event.preventDefault();
      const items = Array.from(target.parentElement.children);
      if (items.indexOf(dragged) < items.indexOf(target)) {
        target.after(dragged);
      } else {
        target.before(dragged);
      }
      relabel(target.parentElement);
    }
    dragged = null;
  });

  // Live updates. After this browser acts, the websocket and the form's own response bring
  // the same partials; the response usually comes first (the server answers before it
  // broadcasts), but on a busy server the websocket may win. Swapped first, it replaces the form that made the request; htmx then looks
  // for the response's out-of-band targets inside that detached form, updates nothing from
  // the response and logs htmx:oobErrorNoTarget once per partial. So a websocket update
  // that comes while a request of this page is in flight waits until the response is
  // swapped, and an update that is not newer than the page (by board version) is dropped:
  // it would only erase a message such as "someone else acted on this board first".
  function versionOf(html) {
    const match = /id="board-version"[^>]*value="(\d+)"/.exec(html);
    return match ? Number(match[1]) : null;
  }
  function notNewer(html) {
    const input = document.getElementById("board-version");
    const incoming = versionOf(html);
    return input !== null && incoming !== null && incoming <= Number(input.value);
  }
  const waiting = [];
  let waitTimer = null;
  function flushWaiting() {
    if (document.querySelector(".htmx-request")) return;
    clearInterval(waitTimer);
    waitTimer = null;
    waiting.splice(0).forEach(function (html) {
      if (!notNewer(html)) window.htmx.swap(document.body, html, {swapStyle: "none"});
    });
  }
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (event.defaultPrevented || !window.htmx) return;
    const html = event.detail.message;
    if (html.indexOf('id="presentation"') !== -1) return;  // classroom mode: see follow.js
    if (document.querySelector(".htmx-request")) {
      event.preventDefault();
      waiting.push(html);
      if (waitTimer === null) waitTimer = setInterval(flushWaiting, 25);
    } else if (notNewer(html)) {
      event.preventDefault();
    }
  });

  // The share panel is drawn once, with the page; its snapshot link (the whole board in a
  // link) must still be the board as it is now. Encoding the whole history is left out of the
  // updates every viewer gets: when the steps change (the timeline's navigation is swapped in
  // anew), the link is asked for at once if the panel is shown, else when it is next shown.
  let seenNav = document.getElementById("timeline-nav");
  function shareShown() {
    const dock = document.querySelector(".dock");
    return !!dock && dock.dataset.tab === "share";
  }
  function refreshSnapshot() {
    const field = document.getElementById("snapshot-link");
    if (!field || !field.dataset.stale || !field.dataset.src) return;
    delete field.dataset.stale;
    fetch(field.dataset.src, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data || !data.link) return;
        if (Number(data.version) < Number(field.dataset.version || 0)) return;  // an older answer
        field.dataset.version = data.version;
        field.value = data.link;
      })
      .catch(function () { field.dataset.stale = "1"; });
  }
  document.addEventListener("htmx:load", function () {
    const nav = document.getElementById("timeline-nav");
    const field = document.getElementById("snapshot-link");
    if (!nav || nav === seenNav || !field) return;
    seenNav = nav;
    field.dataset.stale = "1";
    if (shareShown()) refreshSnapshot();
  });

  // The tools docked beside the mat are tabs (library, log, timeline, edits, share, keys):
  // arrow keys move between tabs, the choice is kept by the browser.
  const TAB_KEY = "chain-simulator.tab";
  function selectTab(tab, focus) {
    const dock = tab.closest(".dock");
    if (!dock) return;
    dock.dataset.tab = tab.dataset.tab;
    dock.querySelectorAll("[role=tab]").forEach(function (t) {
      const on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
    });
    if (focus) tab.focus();
    try { window.localStorage.setItem(TAB_KEY, tab.dataset.tab); } catch (e) { /* private */ }
    if (tab.dataset.tab === "share") refreshSnapshot();
  }
  function initTabs() {
    const dock = document.querySelector(".dock");
    if (!dock) return;
    let wanted = null;
    try { wanted = window.localStorage.getItem(TAB_KEY); } catch (e) { wanted = null; }
    const tab = dock.querySelector('[role=tab][data-tab="' + wanted + '"]') ||
      dock.querySelector('[role=tab][data-tab="' + dock.dataset.tab + '"]') ||
      dock.querySelector("[role=tab]");
    if (tab) selectTab(tab, false);
  }
  document.addEventListener("click", function (event) {
    const tab = event.target.closest(".dock [role=tab]");
    if (tab) selectTab(tab, false);
  });
  document.addEventListener("keydown", function (event) {
    const tab = event.target.closest && event.target.closest(".dock [role=tab]");
    if (!tab || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    event.preventDefault();
    event.stopPropagation();
    const tabs = Array.from(tab.parentElement.querySelectorAll("[role=tab]"));
    const next = tabs[(tabs.indexOf(tab) + (event.key === "ArrowRight" ? 1 : -1) + tabs.length)
                      % tabs.length];
    selectTab(next, true);
  }, true);

  // Arrows from each chain link to the cards it targets: an SVG over the page, drawn from
  // where the elements are now (again after every update, scroll or resize).
  const SVG = "http://www.w3.org/2000/svg";
  let arrowFrame = null;
  function drawArrows() {
    arrowFrame = null;
    let svg = document.querySelector("svg.target-arrows");
    const links = document.querySelectorAll("#chain li.link[data-targets]");
    if (!links.length) { if (svg) svg.remove(); return; }
    if (!svg) {
      svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "target-arrows");
      svg.setAttribute("aria-hidden", "true");
      document.body.appendChild(svg);
    }
    svg.innerHTML = "";
    links.forEach(function (link) {
      const from = link.getBoundingClientRect();
      link.dataset.targets.split(" ").forEach(function (iid) {
        const tile = document.querySelector('#board [data-card="' + iid + '"]');
        if (!tile) return;
        const to = tile.getBoundingClientRect();
        const line = document.createElementNS(SVG, "line");
        line.setAttribute("data-target", iid);
        line.setAttribute("x1", String(from.left));
        line.setAttribute("y1", String(from.top + from.height / 2));
        line.setAttribute("x2", String(to.left + to.width / 2));
        line.setAttribute("y2", String(to.top + to.height / 2));
        svg.appendChild(line);
        const dot = document.createElementNS(SVG, "circle");
        dot.setAttribute("cx", String(to.left + to.width / 2));
        dot.setAttribute("cy", String(to.top + to.height / 2));
        dot.setAttribute("r", "4");
        svg.appendChild(dot);
      });
    });
  }
  function arrowsSoon() {
    if (arrowFrame === null) arrowFrame = window.requestAnimationFrame(drawArrows);
  }
  window.addEventListener("scroll", arrowsSoon, {passive: true, capture: true});
  window.addEventListener("resize", arrowsSoon);
  document.addEventListener("htmx:afterSettle", arrowsSoon);
  document.addEventListener("htmx:oobAfterSwap", arrowsSoon);
  // each frame of a playback draws another chain over another board; and anything that moves
  // the panels (a caption growing, a panel opening, the page reflowing) moves the ends
  document.addEventListener("playback:shown", arrowsSoon);
  document.addEventListener("toggle", arrowsSoon, true);
  if (window.ResizeObserver) {
    const moved = new ResizeObserver(arrowsSoon);
    document.addEventListener("DOMContentLoaded", function () {
      moved.observe(document.body);
      document.querySelectorAll(".workspace, .mat-column, .side-column, #playback, #chain")
        .forEach(function (el) { moved.observe(el); });
    });
  }

  // Focus after an update: the element acted on (window.boardFocus, set when something is
  // pressed or placed), or the element that had the focus, is found again in the new partials
  // (by id, by its action, by its card, by its zone), else the nearest one still there (the
  // card's zone, its panel). A new decision takes the focus instead. Updates come as
  // out-of-band swaps, from the response and from the websocket (which settles no event of
  // its own), so the focus is put back just after the swaps, once.
  let kept = null;
  function describe(el) {
    if (!el || el === document.body || !el.closest) return null;
    const panel = el.closest("[id]");
    const card = el.closest("[data-card]");
    const zone = el.closest("[data-zone]");
    return {
      id: el.id || "", act: el.dataset ? el.dataset.act || "" : "",
      card: card ? card.dataset.card : "", zone: zone ? zone.dataset.zone : "",
      text: (el.textContent || "").trim().slice(0, 80), panel: panel ? panel.id : "",
    };
  }
  function shown(el) { return !!el && el.getClientRects().length > 0; }
  function refind(info) {
    if (info.id && shown(document.getElementById(info.id))) return document.getElementById(info.id);
    if (info.act) {
      const same = Array.from(document.querySelectorAll("[data-act]")).find(function (el) {
        return el.dataset.act === info.act && shown(el);
      });
      if (same) return same;
    }
    if (info.card) {
      const card = document.querySelector('#board [data-card="' + info.card + '"] summary');
      if (shown(card)) return card;
    }
    const home = info.panel && document.getElementById(info.panel);
    if (home && info.text) {  // a button of the same panel that says the same
      const alike = Array.from(home.querySelectorAll("button, a[href], summary")).filter(
        function (el) { return (el.textContent || "").trim().slice(0, 80) === info.text; });
      const same = alike.find(shown);
      if (same) return same;
      if (alike.length) return null;  // hidden while a frame is shown over it: wait for it
    }
    const zone = info.zone && document.querySelector('#board [data-zone="' + info.zone + '"]');
    if (zone) {
      if (zone.hasAttribute("tabindex") && zone.tabIndex >= 0) return zone;
      const first = zone.querySelector("summary");
      if (shown(first)) return first;
      zone.tabIndex = -1;
      return zone;
    }
    const panel = info.panel && document.getElementById(info.panel);
    if (panel) {
      const first = Array.from(panel.querySelectorAll("button, [href], input, select, summary"))
        .find(shown);
      if (first) return first;
      panel.tabIndex = -1;
      return panel;
    }
    return null;
  }
  function decisionMark() {
    const d = document.getElementById("decision");
    const form = d && d.querySelector("form");
    return form ? (d.querySelector("h2") || d).textContent + "|" + form.textContent : "";
  }
  let seenDecision = null;
  function decisionControl() {
    const form = document.querySelector("#decision form");
    if (!form) return null;
    return Array.from(form.querySelectorAll("input[type=checkbox], input[type=radio]"))
      .find(shown) || Array.from(form.querySelectorAll("button.primary")).find(shown) ||
      Array.from(form.querySelectorAll("button, select, input:not([type=hidden])")).find(shown);
  }
  let restoreTimer = null;
  function restore() {
    restoreTimer = null;
    const mark = decisionMark();
    if (mark && mark !== seenDecision) {  // a new decision: it takes the focus
      seenDecision = mark;
      const control = decisionControl();
      if (control) {
        kept = null;
        window.boardFocus = null;
        control.focus({preventScroll: false});
        return;
      }
    }
    seenDecision = mark;
    const info = window.boardFocus || kept;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || !shown(active);
    if (!info || !lost) return;
    if (window.boardLight) window.boardLight();  // a zone lit for the card chosen takes it
    const el = refind(info);
    if (el) {
      el.focus({preventScroll: true});
      kept = null;
      window.boardFocus = null;
    }
  }
  function restoreSoon() {
    if (restoreTimer === null) restoreTimer = window.setTimeout(restore, 0);
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const target = event.detail && event.detail.target;
    const active = document.activeElement;
    if (target && active && target.contains(active)) kept = describe(active);
  });
  // and whatever else takes the focused element away (the playback draws each frame's board
  // anew): the focus goes back to its match in what is there now
  document.addEventListener("focusout", function (event) {
    const el = event.target;
    if (event.relatedTarget || !el || !el.closest || !el.closest("#board, #chain, #decision, " +
        "#status, #playback, #log, #timeline, #library")) return;
    const info = describe(el);
    window.setTimeout(function () {
      // still there and shown: the user moved the focus away; hidden (a frame played over a
      // decision hides its form) or gone: it comes back once its match is shown
      if (el.isConnected && shown(el)) return;
      if (!kept) kept = info;
      restore();
    }, 0);
  });
  document.addEventListener("playback:shown", restoreSoon);
  document.addEventListener("htmx:oobAfterSwap", restoreSoon);
  document.addEventListener("htmx:afterSettle", restoreSoon);
  document.addEventListener("DOMContentLoaded", function () { seenDecision = decisionMark(); });

  document.addEventListener("DOMContentLoaded", function () {
    initTabs();
    arrowsSoon();
  });

  // Keyboard: "n" plays the next scenario step, "u" undoes, when not typing.
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    const button = document.querySelector('[data-key="' + event.key + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });
})();
