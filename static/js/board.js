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
  }

  document.addEventListener("click", function (event) {
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
    }
    const zone = event.target.closest(".zone");
    if (zone && dragged.matches(".library-card")) {
      event.preventDefault();
      dragged.querySelector("input[type=radio]").checked = true;
      const form = zone.querySelector("form.place");
      if (form && window.htmx) window.htmx.trigger(form, "submit");
    }
    dragged = null;
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
