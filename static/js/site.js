// Behaviour every page shares, kept out of the HTML so the Content-Security-Policy needs no
// inline script: a refused htmx request (403, 404, 429, ...) is explained in the page's
// message area, never swapped in as raw HTML; forms that ask before they submit
// (data-confirm); forms that reload the page once their htmx request is done
// (data-reload-after); the order of a lesson's chapters as they are ticked; a live socket
// closed because its page fell behind (4408) reconnects.
(function () {
  "use strict";

  const MAX_TEXT = 400;

  function messageArea() {
    let area = document.getElementById("message");
    if (!area) {
      area = document.getElementById("site-message");
    }
    if (!area) {
      area = document.createElement("div");
      area.id = "site-message";
      area.className = "message";
      area.setAttribute("role", "status");
      area.setAttribute("aria-live", "polite");
      const main = document.getElementById("main") || document.body;
      main.insertBefore(area, main.firstChild);
    }
    return area;
  }

  function say(text) {
    const area = messageArea();
    area.textContent = text;
    area.classList.toggle("shown", Boolean(text));
  }

  // The words of an error answer: its message area, else its page's title and lead, else its
  // text. Parsed as an inert document: nothing in it runs.
  function reasonOf(xhr) {
    const fallback = (document.body.dataset.refused || "The server refused this ({status}).")
      .replace("{status}", String(xhr.status));
    const body = (xhr.responseText || "").trim();
    if (!body) return xhr.getResponseHeader("X-Reason") || fallback;
    const type = xhr.getResponseHeader("Content-Type") || "";
    if (type.indexOf("html") < 0) return body.slice(0, MAX_TEXT);
    const doc = new DOMParser().parseFromString(body, "text/html");
    const message = doc.getElementById("message");
    if (message && message.textContent.trim()) return message.textContent.trim();
    const parts = [doc.querySelector("h1"), doc.querySelector(".lead")]
      .filter(Boolean).map(function (el) { return el.textContent.trim(); });
    const text = parts.length ? parts.join(": ") : (doc.body ? doc.body.textContent : "");
    return (text.replace(/\s+/g, " ").trim() || fallback).slice(0, MAX_TEXT);
  }

  document.addEventListener("htmx:responseError", function (event) {
    const xhr = event.detail.xhr;
    if (xhr) say(reasonOf(xhr));
  });
  document.addEventListener("htmx:sendError", function () {
    say(document.body.dataset.unreachable ||
        "The server could not be reached. Check the connection and try again.");
  });

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.dataset.confirm &&
        !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // "Make a lesson": chapters in the order they are ticked (sent as "order", numbered).
  document.addEventListener("change", function (event) {
    const box = event.target;
    const form = box.form;
    if (!form || !form.classList.contains("lesson-form") || box.name !== "chapter") return;
    const order = form.elements.order;
    let refs = order.value ? order.value.split(",") : [];
    refs = refs.filter(function (ref) { return ref !== box.value; });
    if (box.checked) refs.push(box.value);
    order.value = refs.join(",");
    form.querySelectorAll("input[name=chapter]").forEach(function (input) {
      const at = refs.indexOf(input.value);
      input.parentElement.dataset.order = at < 0 ? "" : String(at + 1);
    });
  });

  // A live socket the server closed because this page fell behind its updates (4408, see
  // simulator/live.py): open it again after a moment; on connecting, the server sends the
  // current state, so nothing the page missed stays missing.
  const BEHIND = 4408;
  document.addEventListener("htmx:wsClose", function (event) {
    const detail = event.detail || {};
    const closed = detail.event;
    if (!closed || closed.code !== BEHIND || !detail.socketWrapper) return;
    const source = event.target;
    window.setTimeout(function () {
      if (source instanceof Element && !source.isConnected) return;
      detail.socketWrapper.reconnect();
    }, 500 + Math.random() * 1500);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const source = event.detail.elt;
    if (source && source.hasAttribute && source.hasAttribute("data-reload-after") &&
        event.detail.successful) {
      window.location.reload();
    }
  });
})();
