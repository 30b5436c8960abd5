// The review queue at speed (issue 14): keyboard triage, decisions with an
// undo toast, select-all, the tab title and notifications for new sync
// requests, and busy buttons. A static file because the Content-Security-
// Policy allows no inline script, no handler attributes, no style attributes;
// everything is wired by event delegation, so rows htmx swaps in work too.
//
// Undo is a delayed send. A decision taken from the list is NOT sent at once:
// its row leaves the list and a toast offers Undo for a few seconds; only when
// they pass is the form posted (the decision is final and audited in the
// service, so nothing is ever "reverted"). Undo = the request was never sent.
// Closing or leaving the tab sends the waiting decisions at once: `pagehide`
// posts each with navigator.sendBeacon (the form's own CSRF token, the
// session cookie), so a decision the curator saw leave the list is not lost.
// Without JavaScript the forms post plainly and decide at once.
(function () {
  "use strict";

  var UNDO_MS = 5000;
  var pending = []; // {id, action, data, label, timer, toast}

  function $(selector, root) {
    return (root || document).querySelector(selector);
  }

  function $$(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }

  function undoMs() {
    var box = $("#toasts");
    var seconds = box && parseFloat(box.getAttribute("data-undo-seconds"));
    return seconds > 0 ? seconds * 1000 : UNDO_MS;
  }

  // Toasts

  function toast(text, undo) {
    var box = $("#toasts");
    if (!box) return null;
    var el = document.createElement("div");
    el.className = "toast";
    el.setAttribute("role", "status");
    var span = document.createElement("span");
    span.textContent = text;
    el.appendChild(span);
    if (undo) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button button-small";
      button.textContent = "Undo";
      button.setAttribute("data-undo", "");
      el.appendChild(button);
    }
    box.appendChild(el);
    if (!undo) {
      setTimeout(function () {
        el.remove();
      }, 4000);
    }
    return el;
  }

  // The live count: what the server says waits, less what this tab already
  // decided (hidden, in its undo window), so the two counts on screen agree.

  function syncCount() {
    var live = $("#queue-live");
    if (!live) return;
    var strong = $("strong", live);
    var waiting = parseInt(live.getAttribute("data-waiting"), 10);
    if (strong && !isNaN(waiting)) {
      strong.textContent = String(Math.max(0, waiting - pending.length));
    }
  }

  function hidePending() {
    pending.forEach(function (item) {
      var row = document.getElementById("review-" + item.id);
      if (row) row.hidden = true;
    });
    syncCount();
  }

  // Deferred decisions

  function rowOf(form) {
    return form.closest("tr[data-row]");
  }

  function defer(form, submitter) {
    var row = rowOf(form);
    if (!row) return false;
    var id = row.getAttribute("data-row");
    if (pending.some(function (p) { return p.id === id; })) return true;
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var next = nextRow(row);
    var label = form.getAttribute("data-defer-decision") || "Decided";
    var content = $(".content-link", row);
    var what = content ? content.textContent.trim().slice(0, 60) : "";
    var item = {
      id: id,
      action: form.getAttribute("hx-post") || form.action,
      data: data,
      label: label,
    };
    item.toast = toast(label + ": “" + what + "” — sending in " + undoMs() / 1000 + " s", true);
    if (item.toast) item.toast.setAttribute("data-pending", id);
    item.timer = setTimeout(function () {
      send(item);
    }, undoMs());
    pending.push(item);
    row.hidden = true;
    if (row.classList.contains("is-current") && next) setCurrent(next);
    syncCount();
    return true;
  }

  function forget(item) {
    pending = pending.filter(function (p) { return p !== item; });
    if (item.toast) item.toast.remove();
  }

  function undo(id) {
    var item = null;
    for (var i = pending.length - 1; i >= 0; i--) {
      if (id === undefined || pending[i].id === id) {
        item = pending[i];
        break;
      }
    }
    if (!item) return;
    clearTimeout(item.timer);
    forget(item);
    var row = document.getElementById("review-" + item.id);
    if (row) {
      row.hidden = false;
      setCurrent(row);
    }
    syncCount();
    toast("Undone: nothing was sent.");
  }

  function send(item) {
    var live = $("#queue-live");
    fetch(item.action, {
      method: "POST",
      body: item.data,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "review-" + item.id },
    })
      .then(function (response) {
        return response.text().then(function (html) {
          return { status: response.status, html: html };
        });
      })
      .then(function (answer) {
        forget(item);
        var holder = document.createElement("tbody");
        holder.innerHTML = answer.html;
        var fresh = holder.querySelector("tr");
        var failed = answer.status >= 400 || !fresh || fresh.querySelector(".row-message-error");
        var row = document.getElementById("review-" + item.id);
        if (failed) {
          // Not decided (decided first elsewhere, a justification missing…):
          // the row comes back saying why.
          // A row still waiting keeps what was typed in it and only takes
          // the message; one decided elsewhere is replaced by what it is now.
          var message = fresh && fresh.querySelector(".row-message");
          if (row && fresh && fresh.classList.contains("review-decided")) {
            row.replaceWith(fresh);
            if (window.htmx) window.htmx.process(fresh);
          } else if (row) {
            var old = row.querySelector(".row-message");
            if (old) old.remove();
            var cell = row.querySelector(".content-cell");
            if (message && cell) cell.appendChild(message.cloneNode(true));
            row.hidden = false;
            setCurrent(row);
          }
          toast("Not done: " + (message ? message.textContent.trim() : "the server refused"));
        } else {
          if (row) row.remove();
          if (live) {
            var waiting = parseInt(live.getAttribute("data-waiting"), 10);
            if (!isNaN(waiting)) live.setAttribute("data-waiting", String(Math.max(0, waiting - 1)));
          }
          toast(item.label + ".");
        }
        syncCount();
      })
      .catch(function () {
        forget(item);
        var row = document.getElementById("review-" + item.id);
        if (row) row.hidden = false;
        syncCount();
        toast("Not sent: the network failed. The row is back.");
      });
  }

  function flush() {
    // The tab closes or navigates away: send what waits now, or it is lost.
    pending.forEach(function (item) {
      clearTimeout(item.timer);
      if (navigator.sendBeacon) navigator.sendBeacon(item.action, item.data);
    });
    pending = [];
  }

  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form.matches || !form.matches("form[data-defer-decision]")) return;
      if (defer(form, event.submitter)) {
        // Capture phase on the document: htmx's listener on the form never
        // sees this submit, and neither does the browser.
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true
  );

  window.addEventListener("pagehide", flush);

  // Keyboard triage

  function rows() {
    return $$("#review-results tr[data-row]").filter(function (row) {
      return !row.hidden;
    });
  }

  // The current row is remembered by id: a refresh of the results (the
  // poll saw a change) swaps new rows in, and the cursor stays where it was.
  var currentId = null;

  function current() {
    var row = currentId && document.getElementById("review-" + currentId);
    return row && !row.hidden ? row : null;
  }

  function restoreCurrent() {
    if (!$("[data-triage=queue]")) return;
    var row = current() || rows()[0] || null;
    $$("#review-results tr.is-current").forEach(function (r) {
      if (r !== row) r.classList.remove("is-current");
    });
    if (row) {
      row.classList.add("is-current");
      currentId = row.getAttribute("data-row");
    }
  }

  function setCurrent(row) {
    $$("#review-results tr.is-current").forEach(function (r) {
      r.classList.remove("is-current");
    });
    currentId = row ? row.getAttribute("data-row") : null;
    if (!row) return;
    row.classList.add("is-current");
    row.focus({ preventScroll: true });
    row.scrollIntoView({ block: "nearest" });
  }

  function nextRow(row) {
    var all = rows();
    var at = all.indexOf(row);
    return all[at + 1] || all[at - 1] || null;
  }

  function move(step) {
    var all = rows();
    if (!all.length) return;
    var at = all.indexOf(current());
    var to = at < 0 ? 0 : Math.min(all.length - 1, Math.max(0, at + step));
    setCurrent(all[to]);
  }

  function approve(form) {
    if (!form) return;
    var why = $("input[name=justification]", form);
    if (why && why.required && why.value.trim().length < (why.minLength || 1)) {
      why.focus(); // type it, then Enter
      return;
    }
    form.requestSubmit();
  }

  function reject(root) {
    var box = $("details.reject-box", root);
    if (box) box.open = true;
    var reason = $("select[name=reason_code]", root);
    if (reason) reason.focus();
  }

  function toggleHelp(show) {
    var help = $("#triage-help");
    if (!help) return;
    help.hidden = show === undefined ? !help.hidden : !show;
  }

  function typing(target) {
    return target.closest && target.closest("input, textarea, select, [contenteditable]");
  }

  function queueKey(key) {
    var row = current();
    switch (key) {
      case "j": move(1); return true;
      case "k": move(-1); return true;
      case "a": if (row) approve($("form[data-defer-decision=Approved]", row)); return true;
      case "r": if (row) reject(row); return true;
      case "e": if (row) location.href = row.getAttribute("data-detail") + "#edit"; return true;
      case "o":
      case "Enter": if (row) location.href = row.getAttribute("data-detail"); return !!row;
      case "x":
        var pick = row && $("input[name=ids]", row);
        if (pick) { pick.checked = !pick.checked; picked(); }
        return true;
      case "f": var focus = $("#focus-mode"); if (focus) location.href = focus.href; return true;
      case "u": undo(); return true;
    }
    return false;
  }

  function focusKey(key) {
    var decide = $("#decide");
    switch (key) {
      case "j":
      case "k":
        var link = $("a[data-key=" + key + "]");
        if (link) location.href = link.href;
        return true;
      case "a": if (decide) approve($("form.decision-form", decide)); return true;
      case "r": if (decide) reject(decide); return true;
      case "e": var edit = $("#edit textarea[name=content]"); if (edit) edit.focus(); return true;
    }
    return false;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape") {
      toggleHelp(false);
      if (typing(event.target)) event.target.blur();
      return;
    }
    if (typing(event.target)) return;
    if (event.key === "?") {
      toggleHelp();
      event.preventDefault();
      return;
    }
    var handled = false;
    if ($("[data-triage=queue]")) handled = queueKey(event.key);
    else if ($("[data-triage=focus]")) handled = focusKey(event.key);
    if (handled) event.preventDefault();
  });

  // Clicks: undo buttons, the help toggle, a row becomes current.

  document.addEventListener("click", function (event) {
    var undoButton = event.target.closest("[data-undo]");
    if (undoButton) {
      var box = undoButton.closest("[data-pending]");
      undo(box ? box.getAttribute("data-pending") : undefined);
      return;
    }
    if (event.target.closest("[data-help-toggle]")) {
      toggleHelp();
      return;
    }
    var submit = event.target.closest("#bulk-form button[name=action]");
    if (submit) {
      var action = $("#bulk-form [data-bulk-action]");
      if (action) action.value = submit.value;
    }
    if (event.target.closest("[data-notify]")) {
      askToNotify();
      return;
    }
    var row = event.target.closest("#review-results tr[data-row]");
    if (row && !row.classList.contains("is-current")) {
      $$("#review-results tr.is-current").forEach(function (r) {
        r.classList.remove("is-current");
      });
      row.classList.add("is-current");
      currentId = row.getAttribute("data-row");
    }
  });

  // Select all, and "all N matching this filter"

  function picked() {
    var boxes = $$("#review-results input[name=ids]").filter(function (b) {
      return !b.closest("tr").hidden;
    });
    var all = boxes.length > 0 && boxes.every(function (b) { return b.checked; });
    var head = $("#select-all");
    if (head) head.checked = all;
    var matching = $("#select-matching");
    if (matching) {
      matching.hidden = !all;
      if (!all) $("input", matching).checked = false;
    }
  }

  document.addEventListener("change", function (event) {
    if (event.target.id === "select-all") {
      $$("#review-results input[name=ids]").forEach(function (box) {
        if (!box.closest("tr").hidden) box.checked = event.target.checked;
      });
      picked();
    } else if (event.target.name === "ids") {
      picked();
    }
  });

  // New sync requests: the tab title, and a notification in the background.

  var baseTitle = document.title;
  var lastSync = null;

  function askToNotify() {
    if (!("Notification" in window)) return;
    Notification.requestPermission().then(function () {
      notifyButton();
    });
  }

  function notifyButton() {
    var button = $("[data-notify]");
    if (!button) return;
    button.hidden = !("Notification" in window) || Notification.permission !== "default";
  }

  // A sync request arrived when the latest sync arrival moved forward (a
  // count would miss one decided while another arrived between two polls).
  function arrived() {
    var live = $("#queue-live");
    if (!live) return;
    var mark = parseFloat(live.getAttribute("data-sync-mark"));
    if (isNaN(mark)) return;
    if (lastSync !== null && mark > lastSync) {
      var fresh = parseInt(live.getAttribute("data-sync"), 10) || 1;
      var text = fresh === 1 ? "1 new sync" : fresh + " sync waiting";
      document.title = "(" + text + ") " + baseTitle;
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        new Notification("New sync request", {
          body: "An agent is waiting for a decision (" + fresh + " sync waiting).",
          tag: "mgc-sync",
        });
      }
    }
    if (lastSync === null || mark > lastSync) lastSync = mark;
  }

  function seen() {
    if (!document.hidden) document.title = baseTitle;
  }

  document.addEventListener("visibilitychange", seen);
  document.addEventListener("keydown", seen);
  document.addEventListener("pointerdown", seen);

  // Busy buttons on plain posts (focus mode): disabled after the submit
  // event, so the browser still sends the form.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-busy-form]") || form.getAttribute("hx-post")) return;
    $$("button", form).forEach(function (button) {
      button.setAttribute("aria-busy", "true");
      setTimeout(function () {
        button.disabled = true;
      }, 0);
    });
  });

  // A refresh because the queue changed (the poll) keeps the messages the
  // page was showing, such as a bulk decision's outcome: the decision itself
  // changed the queue, and its report must not vanish with the next poll.
  var keptMessages = null;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    var refresh = config && config.elt && config.elt.id === "queue-refresh";
    keptMessages = refresh ? $("#review-messages") : null;
  });

  document.addEventListener("htmx:afterSwap", function () {
    var results = $("#review-results");
    if (keptMessages && results && !$("#review-messages")) {
      results.insertBefore(keptMessages, results.firstChild);
    }
    keptMessages = null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    hidePending();
    restoreCurrent();
    arrived();
    picked();
  });

  document.addEventListener("DOMContentLoaded", function () {
    arrived();
    notifyButton();
    if ($("[data-triage=queue]")) setCurrent(rows()[0] || null);
  });
})();
