// The little the board needs beyond htmx: reordering an order decision (drag and drop or
// the move buttons), dragging a library card onto a zone, copying a ruling, and keyboard
// shortcuts. Everything is delegated from the document, so partials swapped in live work too.
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
  // (with the board's version), so the live partials stay small. "place" buttons take the
  // card chosen in the library.
  function act(button) {
    const form = document.getElementById("act-form");
    if (!form || !window.htmx) return;
    const action = JSON.parse(button.dataset.act);
    if (action.do === "place") {
      const chosen = document.querySelector("#library-choice input[name=card]:checked");
      if (chosen) action.card = chosen.value;
    }
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

  // Drag and drop: order items, and library cards onto zones.
  let dragged = null;
  document.addEventListener("dragstart", function (event) {
    dragged = event.target.closest(".sortable li, .library-card");
    if (dragged && event.dataTransfer) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", dragged.dataset.id || dragged.dataset.cardId || "");
    }
  });
  document.addEventListener("dragover", function (event) {
    if (!dragged) return;
    if (event.target.closest(".sortable li") || event.target.closest(".zone")) {
      event.preventDefault();
    }
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
    const zone = event.target.closest(".zone");
    if (zone && dragged.matches(".library-card")) {
      event.preventDefault();
      dragged.querySelector("input[type=radio]").checked = true;
      const form = zone.querySelector("button.place");
      if (form && window.htmx) form.click();
    }
    dragged = null;
  });

  // Live updates. After this browser acts, the websocket and the form's own response bring
  // the same partials, and the websocket usually comes first (the server broadcasts before
  // it answers). Swapped first, it replaces the form that made the request; htmx then looks
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

  // The share panel is drawn once, with the page; its snapshot link must still be the whole
  // board as it is now. Whenever the steps change, the timeline's navigation comes with the
  // board's new snapshot link (in the open view, the one editors get).
  document.addEventListener("htmx:load", function () {
    const nav = document.getElementById("timeline-nav");
    const field = document.getElementById("snapshot-link");
    if (nav && field && nav.dataset.snapshot) {
      field.value = new URL(nav.dataset.snapshot, window.location.href).href;
    }
  });

  // Keyboard: "n" plays the next scenario step, "u" undoes, when not typing.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    const button = document.querySelector('[data-key="' + event.key + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });
})();
