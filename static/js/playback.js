// Frames: after an action, the board plays it again one moment at a time (each instant, each
// chain link pushed or resolved, each decision), the way a debugger steps into a function.
//
// An update brings the board as it is at the end, and with it #playback, whose data-frames
// lists the action's frames. Each frame says only what differs from that end: each zone whose
// tiles differ, drawn whole by the server as the frame's own page draws it, the life points,
// the chain's list when it changed, the triggers not yet recorded or with another status. So any frame is drawn from a
// copy of the end board, on its own: playing, stepping back and forward, jumping from the
// timeline. "The board now" (or the end of the playback) puts the end board back.
(function () {
  "use strict";

  const SPEED_KEY = "chain-simulator.playback";
  let frames = [];
  let index = -1;  // -1: the board now
  let timer = null;
  let saved = null;  // the end board: what the page showed when the frames arrived

  function byId(id) { return document.getElementById(id); }
  function panel() { return byId("playback"); }
  function speed() {
    const select = byId("playback-speed");
    return select ? select.value : "600";
  }

  function save() {
    const board = byId("board");
    const links = byId("chain-links");
    const triggers = document.querySelector("#chain ul.triggers");
    saved = {
      board: board ? board.cloneNode(true) : null,
      links: links ? links.innerHTML : "",
      triggers: triggers ? triggers.cloneNode(true) : null,
    };
  }

  function swapIn(id, fresh) {
    const old = byId(id);
    if (old && fresh) {
      old.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
    }
  }

  function drawBoard(frame) {
    const board = saved.board.cloneNode(true);
    board.removeAttribute("hx-swap-oob");
    // each zone the frame shows otherwise comes drawn whole (title, count, tiles with their
    // badges) by the board's own template: only its place button is the page's
    Object.keys(frame.zones || {}).forEach(function (key) {
      const zone = board.querySelector('[data-zone="' + key + '"]');
      if (!zone) return;
      Array.from(zone.children).forEach(function (child) {
        if (!child.matches("button.place")) child.remove();
      });
      zone.insertAdjacentHTML("afterbegin", frame.zones[key]);
    });
    const tiles = {};
    board.querySelectorAll("[data-card]").forEach(function (tile) {
      tiles[tile.dataset.card] = tile;
    });
    Object.keys(frame.lp || {}).forEach(function (player) {
      const lp = board.querySelector("#lp-" + player);
      if (lp) lp.textContent = lp.textContent.replace(/^-?\d+/, String(frame.lp[player]));
    });
    (frame.changed || []).forEach(function (iid) {
      const tile = tiles[String(iid)];
      if (tile) tile.classList.add("frame-changed");
    });
    // the board's event buttons are the board now's, not this frame's: headed so
    const events = board.querySelector(".global-actions");
    const box = panel();
    if (events && box && box.dataset.nowNote) events.dataset.nowNote = box.dataset.nowNote;
    swapIn("board", board);
  }

  function drawChain(i) {
    const links = byId("chain-links");
    if (links) {
      let html = saved.links;
      for (let j = i; j >= 0; j--) {
        if (frames[j].chain !== undefined) { html = frames[j].chain; break; }
      }
      links.innerHTML = html;
    }
    const list = document.querySelector("#chain ul.triggers");
    if (list && saved.triggers) {
      const fresh = saved.triggers.cloneNode(true);
      const frame = frames[i];
      fresh.querySelectorAll("li[data-trigger]").forEach(function (li) {
        const tid = Number(li.dataset.trigger);
        if (tid > frame.tmax) { li.hidden = true; return; }
        const changed = (frame.triggers || {})[String(tid)];
        if (!changed) return;
        const status = li.querySelector(".trigger-status");
        if (status) status.textContent = changed[0];
        const why = li.querySelector(".explanation");
        if (why) why.textContent = changed[1];
        li.querySelectorAll("a.rule").forEach(function (a) { a.remove(); });
        const anchor = li.querySelector(".met-at") || status;
        changed[2].slice().reverse().forEach(function (rule) {
          if (anchor) anchor.after(ruleLink(rule));
        });
        li.className = "trigger status-" + changed[3] + " frame-changed";
      });
      list.replaceWith(fresh);
    }
  }

  function ruleLink(rule) {
    const a = document.createElement("a");
    a.className = "rule";
    a.href = "/rules/" + rule + "/";
    a.textContent = rule;
    return a;
  }

  function caption(i, now) {
    const box = panel();
    if (!box) return;
    const counter = box.querySelector(".frame-counter");
    const label = box.querySelector(".frame-label");
    const last = box.querySelector(".frame-last");
    const log = box.querySelector(".frame-log");
    log.innerHTML = "";
    document.querySelectorAll("#timeline [data-frame][aria-current]").forEach(function (el) {
      el.removeAttribute("aria-current");
    });
    if (i < 0) {
      counter.textContent = counter.dataset.now;
      label.textContent = "";
      last.textContent = "";
      return;
    }
    const frame = frames[i];
    const ofStep = frames.filter(function (f) { return f.k === frame.k; }).length;
    counter.textContent = counter.dataset.template.replace("K", frame.k)
      .replace("N", frame.n).replace("M", ofStep) + (now ? " · " + counter.dataset.now : "");
    label.textContent = frame.label;
    last.textContent = frame.last ? last.dataset.template.replace("X", frame.last) : "";
    frame.log.forEach(function (line) {
      const li = document.createElement("li");
      li.textContent = line[0];
      line[1].forEach(function (rule) { li.append(" "); li.appendChild(ruleLink(rule)); });
      log.appendChild(li);
    });
    const item = document.querySelector('#timeline [data-frame="' + frame.k + "." + frame.n + '"]');
    if (item) item.setAttribute("aria-current", "true");
  }

  function show(i) {
    if (!saved || !frames.length) return;
    index = Math.max(-1, Math.min(frames.length - 1, i));
    const page = document.querySelector(".board-page");
    if (index < 0) {
      swapIn("board", saved.board.cloneNode(true));
      const links = byId("chain-links");
      if (links) links.innerHTML = saved.links;
      const list = document.querySelector("#chain ul.triggers");
      if (list && saved.triggers) list.replaceWith(saved.triggers.cloneNode(true));
      if (page) page.classList.remove("playing-frames");
    } else {
      if (page) page.classList.add("playing-frames");
      drawBoard(frames[index]);
      drawChain(index);
    }
    caption(index);
    const box = panel();
    if (box) box.dataset.frame = index < 0 ? "" : frames[index].k + "." + frames[index].n;
    markNow(index >= 0);
    controls();
    reveal();
    document.dispatchEvent(new CustomEvent("playback:shown"));
  }

  // What changed stays in view: the triggers list shows the entry of this moment (the
  // latest one on the board now), and on a phone the page scrolls to the tile that changed.
  function reveal() {
    const list = document.querySelector("#chain ul.triggers");
    if (list && list.scrollHeight > list.clientHeight) {
      const entry = list.querySelector("li.frame-changed") ||
        Array.from(list.querySelectorAll("li[data-trigger]:not([hidden])")).pop();
      if (entry) list.scrollTop = Math.max(0, entry.offsetTop + entry.offsetHeight - list.clientHeight);
    }
    const tile = document.querySelector("#board .frame-changed");
    if (tile && window.matchMedia("(max-width: 47.99rem)").matches) {
      tile.scrollIntoView({block: "center", inline: "nearest"});
    }
  }
  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSettle", reveal);

  // The buttons say what they can do from here: back stops at the first frame, forward
  // after the last frame is the board now, and from the board now there is no forward.
  function controls() {
    const box = panel();
    if (!box) return;
    const none = !frames.length;
    const states = {first: none || index === 0, "-1": none || index === 0,
                    play: none, "1": none || index < 0, end: none || index < 0};
    box.querySelectorAll("[data-frame-move]").forEach(function (button) {
      const off = states[button.dataset.frameMove];
      if (off === undefined) return;
      if (button.disabled && !off) button.disabled = false;
      if (!button.disabled && off) {
        if (document.activeElement === button) button.blur();
        button.disabled = true;
      }
    });
  }

  // While a frame is shown, the decision panel and the game's buttons are the board now's:
  // the decision waits under a note saying so (with the way back to the board now) until the
  // playback ends or is skipped; the board's event buttons are headed by the same note.
  function markNow(on) {
    const decision = byId("decision");
    if (!decision) return;
    let note = decision.querySelector(":scope > .now-note");
    if (!on) {
      decision.removeAttribute("data-belongs");
      if (note) note.remove();
      return;
    }
    decision.setAttribute("data-belongs", "now");
    if (note) return;
    const box = panel();
    const counter = box && box.querySelector(".frame-counter");
    note = document.createElement("p");
    note.className = "now-note";
    note.setAttribute("role", "note");
    note.textContent = (box && box.dataset.nowNote) || "";
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.frameMove = "end";
    button.textContent = (counter && counter.dataset.now) || "";
    note.append(" ");
    note.appendChild(button);
    decision.insertBefore(note, decision.firstChild);
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const play = document.querySelector("#playback .play");
    if (play) play.textContent = play.dataset.play;
  }

  function tick() {
    timer = null;
    if (index + 1 >= frames.length) {  // the end: the board now, captioned by the last frame
      stop();
      const last = frames.length - 1;
      show(-1);
      caption(last, true);
      return;
    }
    show(index + 1);
    schedule();
  }

  function schedule() {
    const ms = Number(speed());
    if (!(ms > 0)) { stop(); return; }
    timer = setTimeout(tick, ms);
    const play = document.querySelector("#playback .play");
    if (play) play.textContent = play.dataset.pause;
  }

  function play() {
    stop();
    if (index < 0 || index >= frames.length - 1) index = -1;
    if (speed() === "click") { show(index + 1); return; }
    tick();
  }

  function load(box, autoplay) {
    stop();
    saved = null;
    index = -1;
    try {
      frames = JSON.parse(box.dataset.frames || "[]");
    } catch (e) {
      frames = [];
    }
    const select = byId("playback-speed");
    if (select && window.localStorage) {
      const kept = window.localStorage.getItem(SPEED_KEY);
      if (kept) select.value = kept;
    }
    box.classList.toggle("has-frames", frames.length > 0);
    if (!frames.length) return;
    save();
    caption(-1);
    controls();
    if (autoplay && speed() !== "0") play();
  }

  // A new #playback (an update with frames) replaces the old one: play it.
  document.addEventListener("htmx:load", function (event) {
    const box = event.detail && event.detail.elt;
    if (box && box.id === "playback") load(box, true);
  });
  // Anything else swapped in (another update) ends the playback: the page shows it as it is.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const target = event.detail && event.detail.target;
    if (target && target.id === "board" && saved) {
      stop();
      index = -1;
      saved = null;
      const page = document.querySelector(".board-page");
      if (page) page.classList.remove("playing-frames");
      markNow(false);
    }
  });
  // a decision swapped in while a frame is shown is the board now's as well
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    const target = event.detail && event.detail.target;
    if (target && target.id === "decision" && saved && index >= 0 && byId("decision") &&
        !byId("decision").hasAttribute("data-belongs")) markNow(true);
  });

  document.addEventListener("click", function (event) {
    const control = event.target.closest("[data-frame-move]");
    if (control) {
      event.preventDefault();
      const move = control.dataset.frameMove;
      if (move === "play") {
        if (timer !== null) stop(); else play();
        return;
      }
      stop();
      if (!saved && frames.length) save();
      if (move === "first") show(0);
      else if (move === "end") show(-1);
      else if (index < 0) {  // "now" comes after the last frame: back is the last frame
        if (Number(move) < 0) show(frames.length - 1);
      } else {  // back stops at the first frame, forward past the last is the board now
        const next = Math.max(0, index + Number(move));
        show(next >= frames.length ? -1 : next);
      }
      return;
    }
    // a frame of the action just played, in the timeline: show it here, without leaving
    const item = event.target.closest("#timeline [data-frame]");
    if (item && saved) {
      const at = frames.findIndex(function (f) { return f.k + "." + f.n === item.dataset.frame; });
      if (at >= 0) {
        event.preventDefault();
        stop();
        show(at);
      }
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target.id === "playback-speed" && window.localStorage) {
      window.localStorage.setItem(SPEED_KEY, event.target.value);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    const box = panel();
    const select = byId("playback-speed");
    if (select && window.localStorage) {
      const kept = window.localStorage.getItem(SPEED_KEY);
      if (kept) select.value = kept;
    }
    // a page opened on a step (the board, a view or seat link, a step of the timeline, a
    // snapshot link, an embed) has that step's frames ready: they play when asked
    if (box && box.dataset.frames && box.dataset.frames !== "[]") load(box, false);
    else controls();
  });
})();
