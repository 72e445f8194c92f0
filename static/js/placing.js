// Placing cards on the mat. A card chosen (in the library, or on the mat: from its menu's
// "Choose its zone on the mat", or by dragging it) lights up the zones where the rules let it
// go (the server lists them, in data-zones); a lit zone takes it when it is clicked, when Enter
// or Space is pressed on it (the arrow keys move between lit zones) or when the card is
// dropped on it. Escape lets the card go. The library's "Set" puts it face-down (a monster
// in face-down Defense Position). Also: "/" searches the library, Enter in the search
// chooses its first card, and a card's tooltip is shown where it covers no control.
(function () {
  "use strict";

  let onMat = null;      // a card of the mat chosen: {iid, zones, player}
  let lib = null;        // a card of the library chosen: {card, zones, setZones}
  let dragged = null;    // what is being dragged: a library card or a tile of the mat
  let pickQuery = null;  // Enter pressed in the search: choose its first card once it answers

  function editable() {
    const root = document.querySelector(".board-page");
    return !!root && root.dataset.role === "edit" && !!root.dataset.menus &&
      !!document.getElementById("act-form");
  }
  function words(text) { return (text || "").split(" ").filter(Boolean); }
  function setMode() {
    const face = document.querySelector("#library-face input[name=face]:checked");
    return !!face && face.value === "set";
  }
  function libraryInput() {
    return document.querySelector("#library-choice input[name=card]:checked");
  }
  // what is chosen now: {card | iid, zones, player (null: either), set}
  function chosen() {
    if (onMat) return {iid: onMat.iid, zones: onMat.zones, player: onMat.player, set: false};
    if (!lib) return null;
    const set = setMode();
    return {card: lib.card, player: null, set: set, zones: set ? lib.setZones : lib.zones};
  }
  function chooseEntry(entry) {
    const input = entry && entry.querySelector("input[name=card]");
    if (!input) return;
    input.checked = true;
    onMat = null;
    lib = {card: entry.dataset.cardId, zones: words(entry.dataset.zones),
           setZones: words(entry.dataset.setZones)};
    light();
  }
  // the library's list is swapped by a search: the card chosen stays chosen
  function recheck() {
    document.querySelectorAll("#library-choice input[name=card]").forEach(function (input) {
      input.checked = !!lib && !onMat && input.value === lib.card;
    });
  }
  function zoneOf(el) {
    const [player, name] = el.dataset.zone.split(":");
    return {player: player, name: name};
  }
  function mayGo(choice, el) {
    const where = zoneOf(el);
    return !!choice && choice.zones.indexOf(where.name) !== -1 &&
      (!choice.player || choice.player === where.player);
  }

  function light() {
    const choice = editable() ? chosen() : null;
    const board = document.getElementById("board");
    if (board) board.classList.toggle("placing", !!choice);
    document.querySelectorAll("#board [data-zone]").forEach(function (zone) {
      const lit = mayGo(choice, zone);
      zone.classList.toggle("allowed", lit);
      if (lit) {
        zone.tabIndex = 0;
        zone.setAttribute("aria-describedby", "library-keys");
      } else if (zone.hasAttribute("tabindex")) {
        zone.removeAttribute("tabindex");
        zone.removeAttribute("aria-describedby");
      }
    });
    document.querySelectorAll("#board li.card.chosen").forEach(function (tile) {
      tile.classList.remove("chosen");
    });
    if (onMat) {
      const tile = document.querySelector('#board li.card[data-card="' + onMat.iid + '"]');
      if (tile) tile.classList.add("chosen");
    }
    // tiles of the mat may be dragged to another zone
    if (editable()) {
      document.querySelectorAll("#board li.card:not([draggable])").forEach(function (tile) {
        tile.draggable = true;
      });
    }
  }
  window.boardLight = light;  // board.js lights the zones before it puts the focus back
  function litZones() { return Array.from(document.querySelectorAll("#board .zone.allowed")); }

  function letGo() {
    onMat = null;
    lib = null;
    recheck();
    light();
  }

  // the board's one action form posts it (see board.js); the zone keeps the focus
  function send(action, zone) {
    const form = document.getElementById("act-form");
    const input = document.getElementById("act-input");
    if (!form || !input || !window.htmx) return;
    if (zone) {
      window.boardFocus = {zone: zone.dataset.zone};
    }
    input.value = JSON.stringify(action);
    window.htmx.trigger(form, "submit");
  }
  function placeAt(zone) {
    const choice = chosen();
    if (!choice) return;
    const where = zoneOf(zone);
    let action;
    if (choice.iid !== undefined) {
      action = {do: "move", card: Number(choice.iid), zone: where.name};
      onMat = null;  // moved: it is let go
    } else {
      action = {do: "place", card: choice.card, player: where.player, zone: where.name};
      if (choice.set) action.set = true;
    }
    send(action, zone);
  }

  // the lit zone nearest to ``from`` in the direction of an arrow key: by the gap between
  // their edges that way, and how far apart they are across (nothing when they face each other)
  function nearest(from, key) {
    const a = from.getBoundingClientRect();
    const horizontal = key === "ArrowRight" || key === "ArrowLeft";
    let best = null;
    let bestScore = Infinity;
    litZones().forEach(function (zone) {
      if (zone === from) return;
      const b = zone.getBoundingClientRect();
      const along = {ArrowRight: b.left - a.right, ArrowLeft: a.left - b.right,
                     ArrowDown: b.top - a.bottom, ArrowUp: a.top - b.bottom}[key];
      const centre = {ArrowRight: b.left + b.width / 2 - (a.left + a.width / 2),
                      ArrowLeft: a.left + a.width / 2 - (b.left + b.width / 2),
                      ArrowDown: b.top + b.height / 2 - (a.top + a.height / 2),
                      ArrowUp: a.top + a.height / 2 - (b.top + b.height / 2)}[key];
      if (centre <= 1 || along < -Math.min(a.width, a.height) / 2) return;
      const across = horizontal
        ? Math.max(0, Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom))
        : Math.max(0, Math.max(a.left, b.left) - Math.min(a.right, b.right));
      const score = Math.max(0, along) + 3 * across;
      if (score < bestScore) { bestScore = score; best = zone; }
    });
    if (best) return best;
    // nothing that way: the next (or previous) lit zone in reading order
    const all = litZones();
    const i = all.indexOf(from);
    const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
    return all[(i + step + all.length) % all.length] || null;
  }
  // where each arrow key leads from a lit zone (the tests plan their way across the mat by it)
  window.boardArrows = function (from) {
    const out = {};
    ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].forEach(function (key) {
      const to = nearest(from, key);
      out[key] = to ? to.dataset.zone : "";
    });
    return out;
  };
  // the first lit zone: Player 1's (the side nearest the reader) unless only the other's is
  // lit; where the card is played first (a Monster Zone, the Field Zone, a Spell & Trap Zone,
  // the battle zone), then the hand, then the others
  const FIRST = ["monster", "field", "spell_trap", "battle", "extra", "hand"];
  function firstLit() {
    const all = litZones();
    const mine = all.filter(function (z) { return zoneOf(z).player === "p1"; });
    const pool = mine.length ? mine : all;
    for (const name of FIRST) {
      const zone = pool.find(function (z) { return zoneOf(z).name === name; });
      if (zone) return zone;
    }
    return pool[0] || null;
  }

  document.addEventListener("change", function (event) {
    const t = event.target;
    if (!t.matches) return;
    if (t.matches("#library-choice input[name=card]")) {
      if (t.checked) chooseEntry(t.closest(".library-card"));
    } else if (t.matches("#library-face input[name=face]")) {
      light();
    }
  });

  document.addEventListener("click", function (event) {
    const pick = event.target.closest(".pick-zone[data-pick]");
    if (pick) {
      onMat = {iid: pick.dataset.pick, zones: words(pick.dataset.zones),
               player: pick.dataset.player || null};
      lib = null;  // one card chosen at a time
      recheck();
      const details = pick.closest("details");
      if (details) details.open = false;
      light();
      const first = litZones().find(function (z) { return zoneOf(z).player === onMat.player; });
      if (first) first.focus();
      return;
    }
    const zone = event.target.closest("#board .zone.allowed");
    if (!zone) return;
    // a card's own controls (its menu) keep their clicks
    if (event.target.closest("li.card, button, a, input, select, summary, details")) return;
    event.preventDefault();
    placeAt(zone);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const t = event.target;
    const zone = t.matches && t.matches("#board .zone.allowed") ? t : null;
    if (zone) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        placeAt(zone);
      } else if (event.key.indexOf("Arrow") === 0) {
        event.preventDefault();
        const next = nearest(zone, event.key);
        if (next) next.focus();
      } else if (event.key === "Escape") {
        event.preventDefault();
        const input = libraryInput();
        letGo();
        const back = input || document.getElementById("library-search");
        if (back && back.offsetParent !== null) back.focus();
      }
      if (event.defaultPrevented) return;
    }
    if (event.key === "Escape" && (onMat || lib) &&
        t.closest && t.closest("#library-choice, #board")) {
      letGo();
      return;
    }
    if (t.matches && t.matches("#library-choice input[name=card]") && event.key === "Enter") {
      event.preventDefault();
      if (!t.checked || !lib || lib.card !== t.value) chooseEntry(t.closest(".library-card"));
      const first = firstLit();
      if (first) first.focus();
      return;
    }
    if (t.id === "library-search" && event.key === "Enter") {
      event.preventDefault();
      pickQuery = t.value.trim();
      pickWhenAnswered();
      return;
    }
    const tag = (t.tagName || "").toLowerCase();
    const typing = tag === "textarea" || tag === "select" || t.isContentEditable ||
      (tag === "input" && ["radio", "checkbox", "button", "submit"].indexOf(t.type) === -1);
    if (event.key === "/" && !typing) {
      const search = document.getElementById("library-search");
      if (!search) return;
      event.preventDefault();
      const tab = document.querySelector('.dock [role=tab][data-tab="library"]');
      if (tab && tab.getAttribute("aria-selected") !== "true") tab.click();
      search.focus();
      search.select();
    }
  }, true);  // before the page's shortcuts (the arrows also step the timeline)

  // Enter in the search: once the results are those of what was typed, the first is chosen
  // and the focus goes to the first zone lit for it
  function pickWhenAnswered() {
    if (pickQuery === null) return;
    const list = document.querySelector("#library-results .library-list");
    if (!list || (list.dataset.query || "") !== pickQuery.slice(0, 80) ||
        document.querySelector("#library-search.htmx-request")) return;
    pickQuery = null;
    const first = list.querySelector("input[name=card]");
    if (!first) return;
    chooseEntry(first.closest(".library-card"));
    const zone = firstLit();
    (zone || first).focus();
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    const elt = event.detail && event.detail.elt;
    if (elt && elt.id === "library-results") { recheck(); light(); pickWhenAnswered(); }
  });

  // Drag and drop: a library card or a tile of the mat onto a zone. A drop on a zone that is
  // not lit is sent too: the board refuses it and says why.
  document.addEventListener("dragstart", function (event) {
    if (!editable()) return;
    const entry = event.target.closest && event.target.closest(".library-card");
    const tile = !entry && event.target.closest && event.target.closest("#board li.card");
    if (!entry && !tile) return;
    dragged = entry || tile;
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", entry ? entry.dataset.cardId : tile.dataset.card);
    }
    if (entry) {
      chooseEntry(entry);
      return;
    }
    const side = tile.closest("[data-zone]");
    onMat = {iid: tile.dataset.card, zones: [],
             player: side ? zoneOf(side).player : null};
    lib = null;
    recheck();
    light();
    const root = document.querySelector(".board-page");
    const iid = tile.dataset.card;
    fetch(root.dataset.menus + iid + "/menu", {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        const match = /class="[^"]*pick-zone[^"]*"[^>]*data-zones="([^"]*)"/.exec(html);
        if (onMat && onMat.iid === iid && match) {
          onMat.zones = words(match[1]);
          light();
        }
      })
      .catch(function () { /* the drop is still judged by the board */ });
  });
  function clearTargets(except) {
    document.querySelectorAll("#board .zone.drop-target").forEach(function (z) {
      if (z !== except) z.classList.remove("drop-target");
    });
  }
  document.addEventListener("dragover", function (event) {
    if (!dragged) return;
    const zone = event.target.closest && event.target.closest("#board .zone");
    clearTargets(zone);
    if (zone) {
      zone.classList.add("drop-target");
      event.preventDefault();
    }
  });
  document.addEventListener("drop", function (event) {
    if (!dragged) return;
    const zone = event.target.closest && event.target.closest("#board .zone");
    clearTargets(null);
    if (zone) {
      event.preventDefault();
      const choice = chosen();
      if (choice && !mayGo(choice, zone)) {
        // not a zone the rules allow: the board says why (and changes nothing)
        const where = zoneOf(zone);
        send(choice.iid !== undefined
          ? {do: "move", card: Number(choice.iid), zone: where.name}
          : {do: "place", card: choice.card, player: where.player, zone: where.name}, zone);
      } else {
        placeAt(zone);
      }
    }
    if (dragged && dragged.matches("#board li.card")) onMat = null;
    dragged = null;
    light();
  });
  document.addEventListener("dragend", function () {
    clearTargets(null);
    if (dragged && dragged.matches("#board li.card")) { onMat = null; light(); }
    dragged = null;
  });

  document.addEventListener("DOMContentLoaded", light);
  document.addEventListener("playback:shown", light);  // each frame draws the board anew
  document.addEventListener("htmx:load", function (event) {
    const elt = event.detail && event.detail.elt;
    if (!elt) return;
    if (elt.id === "board" || elt.id === "library-results" ||
        (elt.querySelector && elt.querySelector("#board, #library-choice"))) {
      if (onMat && !document.querySelector('#board li.card[data-card="' + onMat.iid + '"]')) {
        onMat = null;  // that card has left the table
      }
      light();
    }
  });

  // ---- a card's menu opens upward (or leftward) where the page has no room below (right) ----
  function fitMenu(details) {
    const body = details && details.querySelector(":scope > .card-body");
    if (!body || !details.open) return;
    details.classList.remove("open-up", "open-left");
    const r = body.getBoundingClientRect();
    const tile = details.getBoundingClientRect();
    const vh = document.documentElement.clientHeight;
    const vw = document.documentElement.clientWidth;
    if (r.bottom > vh && tile.top - r.height > 0) details.classList.add("open-up");
    if (r.right > vw) details.classList.add("open-left");
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("details.card-menu")) fitMenu(event.target);
  }, true);
  document.addEventListener("htmx:afterSettle", function (event) {
    const elt = event.detail && event.detail.elt;
    if (elt && elt.matches && elt.matches("[data-menu]")) fitMenu(elt.closest("details"));
  });

  // ---- a card's tooltip, where it covers no control ---------------------------------------
  // The tile's own .card-tip stays for assistive technology; what is seen is one floating copy,
  // put below, above, beside the card: the first place where it covers no button, link or field.
  let tip = null;
  function floating() {
    if (!tip) {
      tip = document.createElement("div");
      tip.className = "card-tip-float";
      tip.setAttribute("aria-hidden", "true");
      tip.hidden = true;
      document.body.appendChild(tip);
    }
    return tip;
  }
  const CONTROLS = "button, a[href], input:not([type=hidden]), select, textarea, summary, " +
    "[role=tab], [tabindex]";
  function overlap(a, b) {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 0 && h > 0 ? w * h : 0;
  }
  function showTip(tile) {
    const source = tile.querySelector(":scope > .card-tip");
    if (!source || tile.querySelector("details[open]")) { hideTip(); return; }
    const box = floating();
    box.innerHTML = source.innerHTML;
    box.hidden = false;
    box.dataset.card = tile.dataset.card || "";
    const card = tile.getBoundingClientRect();
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const gap = 6;
    const clampX = function (x) { return Math.max(4, Math.min(x, vw - w - 4)); };
    const clampY = function (y) { return Math.max(4, Math.min(y, vh - h - 4)); };
    const cx = card.left + card.width / 2 - w / 2;
    const cy = card.top + card.height / 2 - h / 2;
    // beside the card first; failing that, the free place nearest to it
    const places = [
      [clampX(cx), card.bottom + gap], [clampX(cx), card.top - gap - h],
      [card.right + gap, clampY(cy)], [card.left - gap - w, clampY(cy)],
      [clampX(card.left), card.bottom + gap], [clampX(card.right - w), card.top - gap - h],
    ];
    const grid = [];
    for (let y = 4; y + h <= vh - 4; y += 12) {
      for (let x = 4; x + w <= vw - 4; x += 12) grid.push([x, y]);
    }
    const dist = function (p) {
      return Math.hypot(p[0] + w / 2 - (card.left + card.width / 2),
                        p[1] + h / 2 - (card.top + card.height / 2));
    };
    grid.sort(function (p, q) { return dist(p) - dist(q); });
    const all = places.concat(grid);
    const hard = Array.from(document.querySelectorAll(CONTROLS)).filter(function (el) {
      return !tile.contains(el) && !box.contains(el) && el.getClientRects().length &&
        !el.closest("[hidden], .visually-hidden");
    }).map(function (el) { return el.getBoundingClientRect(); })
      .filter(function (r) { return r.width > 0 && r.height > 0; });
    let best = null;
    let bestCost = Infinity;
    for (const p of all) {
      const r = {left: p[0], top: p[1], right: p[0] + w, bottom: p[1] + h};
      let cost = 0;
      if (r.left < 0 || r.top < 0 || r.right > vw || r.bottom > vh) cost += 1e9;
      cost += overlap(r, card) * 10;
      for (const c of hard) {
        cost += overlap(r, c);
        if (cost >= bestCost) break;
      }
      if (cost < bestCost) { bestCost = cost; best = p; }
      if (cost === 0) break;
    }
    box.style.left = best[0] + "px";
    box.style.top = best[1] + "px";
  }
  function hideTip() { if (tip) tip.hidden = true; }
  document.addEventListener("mouseover", function (event) {
    const tile = event.target.closest && event.target.closest("li.card.tile");
    if (tile) showTip(tile); else hideTip();
  });
  document.addEventListener("focusin", function (event) {
    const tile = event.target.closest && event.target.closest("li.card.tile");
    if (tile) showTip(tile); else hideTip();
  });
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("details.card-menu")) hideTip();
  }, true);
  window.addEventListener("scroll", hideTip, {passive: true, capture: true});
  document.addEventListener("htmx:beforeSwap", hideTip);
  document.addEventListener("htmx:oobBeforeSwap", hideTip);
})();
