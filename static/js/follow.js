// Classroom mode. Followers: while "follow the presenter" is on, the presenter's step is
// swapped in as it comes; detached, updates are kept, "N steps behind" is shown, and Back /
// Forward explore locally; switching it on again jumps back to the presenter. The presenter:
// Back / Forward move the step every follower sees. A follower of a lesson opens the chapter
// the teacher moves to. A question asked of the room: the student's own answer is marked,
// and once revealed, whether it was right.
(function () {
  "use strict";
  const root = document.querySelector(".presentation-page");
  if (!root) return;
  let latest = null;
  let presenterStep = Number(root.dataset.shown);

  function stepOf(html) {
    const match = /id="presentation"[^>]*data-step="(\d+)"[^>]*data-total="(\d+)"/.exec(html);
    return match ? {step: Number(match[1]), total: Number(match[2])} : null;
  }
  function shown() { return Number(root.dataset.shown); }
  function following() {
    const box = document.getElementById("follow-switch");
    return !box || box.checked;
  }
  function showBehind() {
    const label = document.getElementById("behind");
    const tryAt = document.getElementById("try-at");
    if (tryAt) tryAt.value = shown();
    if (!label) return;
    const gap = presenterStep - shown();
    // the wording comes translated from the page ("N steps behind the presenter")
    label.textContent = following() || gap === 0 ? "" :
      (gap > 0 ? root.dataset.behind : root.dataset.ahead).replace("N", String(Math.abs(gap)));
  }

  function chapterOf(html) {
    const match = /id="lesson-chapter"[^>]*data-chapter="(\d+)"[^>]*data-url="([^"]+)"/.exec(html);
    return match ? {chapter: match[1], url: match[2]} : null;
  }

  // The student's own answer (#my-vote) against the question shown (#predict).
  function markMine() {
    const box = document.getElementById("predict");
    const mine = document.getElementById("my-vote");
    const result = document.getElementById("predict-result");
    if (!box || !mine || !result || !box.dataset.question) return;
    const same = mine.dataset.question === box.dataset.question && mine.dataset.choice !== "";
    const choice = same ? mine.dataset.choice : null;
    box.querySelectorAll("[data-option]").forEach(function (option) {
      const chosen = option.dataset.option === choice;
      option.classList.toggle("mine", chosen);
      if (option.tagName === "BUTTON") {
        option.disabled = same;
        option.setAttribute("aria-pressed", chosen ? "true" : "false");
      }
    });
    if (root.classList.contains("presenter")) return;
    if (box.dataset.answer === undefined) {
      result.textContent = same ? box.dataset.waiting : "";
    } else {
      const picked = same && box.querySelector('[data-option="' + choice + '"]');
      const yours = picked ? " " + box.dataset.yours.replace("X", picked.firstChild.textContent.trim()) : "";
      result.textContent = !same ? box.dataset.none :
        (choice === box.dataset.answer ? box.dataset.right : box.dataset.wrong) + yours;
    }
    result.className = "predict-result" + (same && box.dataset.answer !== undefined ?
      (choice === box.dataset.answer ? " right" : " wrong") : "");
  }
  ["htmx:afterSettle", "htmx:oobAfterSwap", "htmx:wsAfterMessage"].forEach(function (name) {
    document.addEventListener(name, markMine);
  });

  // The live connection's token, in its first message: the student's answers carry it
  // (an answer counts only through a live connection). Taken at once, even when the rest
  // of the message waits (detached from the presenter).
  function takeToken(html) {
    const match = /id="follow-connection"[^>]*value="([^"]*)"/.exec(html);
    const field = document.getElementById("follow-connection");
    if (match && field) field.value = match[1];
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    const html = event.detail.message;
    takeToken(html);
    const moved = chapterOf(html);
    if (moved) {
      // The teacher opened another chapter of the lesson: go there. On a chapter's own link
      // (no chapter known yet), the first word only says where the teacher is.
      const known = root.dataset.lessonChapter;
      root.dataset.lessonChapter = moved.chapter;
      if (known && moved.chapter !== known) {
        event.preventDefault();
        window.location.assign(moved.url);
      }
      return;
    }
    const info = stepOf(html);
    if (!info) return;
    presenterStep = info.step;
    root.dataset.total = info.total;
    if (root.hasAttribute("data-follow") && !following()) {
      event.preventDefault();
      latest = html;
    } else {
      root.dataset.shown = info.step;
    }
    showBehind();
  });

  function showStep(k) {
    const total = Number(root.dataset.total);
    k = Math.max(0, Math.min(total, k));
    window.htmx.ajax("GET", root.dataset.partials + k + "/partials", {swap: "none"})
      .then(function () { root.dataset.shown = k; showBehind(); });
  }

  document.addEventListener("click", function (event) {
    const local = event.target.closest(".local-move");
    if (local) {
      const box = document.getElementById("follow-switch");
      if (box) box.checked = false;
      showStep(shown() + Number(local.dataset.delta));
      return;
    }
    const frame = event.target.closest(".present-frame");
    if (frame) {  // the presenter steps into the action, one frame at a time
      const marker = document.getElementById("presentation");
      const to = marker && marker.dataset[frame.dataset.to === "prev" ? "prevFrame" : "nextFrame"];
      if (to) {
        document.getElementById("present-at").value = to;
        window.htmx.trigger(document.getElementById("present-form"), "submit");
      }
      return;
    }
    const move = event.target.closest(".present-move");
    if (move) {
      const total = Number(root.dataset.total);
      const k = Math.max(0, Math.min(total, presenterStep + Number(move.dataset.delta)));
      document.getElementById("present-at").value = k === total ? "live" : String(k);
      window.htmx.trigger(document.getElementById("present-form"), "submit");
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target.id !== "follow-switch") return;
    if (event.target.checked) {
      if (latest) {
        window.htmx.swap(document.body, latest, {swapStyle: "none"});
        latest = null;
      } else {
        showStep(presenterStep);
      }
      root.dataset.shown = presenterStep;
    }
    showBehind();
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // the presenter's own page follows its own moves
    const response = event.detail.xhr && event.detail.xhr.responseText;
    const info = response && stepOf(response);
    if (info && !root.hasAttribute("data-follow")) {
      presenterStep = info.step;
      root.dataset.shown = info.step;
      root.dataset.total = info.total;
      // the caption field shows the caption of the step now presented
      const field = document.getElementById("caption-text");
      const shownCaption = document.querySelector("#presentation .caption");
      if (field && document.activeElement !== field) {
        field.value = shownCaption ? shownCaption.textContent : "";
      }
    }
  });
  showBehind();
  markMine();
})();
