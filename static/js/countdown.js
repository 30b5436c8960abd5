// Live countdowns to review deadlines: every <time data-deadline="ISO">.
// The server renders the same text once; this only keeps it current, and
// finds rows htmx swapped in because it looks the elements up on each tick.
(function () {
  "use strict";

  function two(n) {
    return n < 10 ? "0" + n : String(n);
  }

  function left(ms) {
    var s = Math.floor(ms / 1000);
    var d = Math.floor(s / 86400);
    var h = Math.floor((s % 86400) / 3600);
    var m = Math.floor((s % 3600) / 60);
    if (d > 0) return d + "d " + h + "h left";
    if (h > 0) return h + "h " + two(m) + "m left";
    return m + ":" + two(s % 60) + " left";
  }

  function ago(ms) {
    var m = Math.floor(ms / 60000);
    if (m < 60) return m + " min";
    var h = Math.floor(m / 60);
    return h < 48 ? h + " h" : Math.floor(h / 24) + " days";
  }

  function tick() {
    var now = Date.now();
    var clocks = document.querySelectorAll("time[data-deadline]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      var due = Date.parse(el.getAttribute("data-deadline"));
      if (isNaN(due)) continue;
      var rest = due - now;
      var sync = el.getAttribute("data-kind") === "sync";
      if (rest <= 0) {
        el.textContent = sync ? "deadline passed" : "SLA passed " + ago(-rest) + " ago";
        el.classList.add("overdue");
        el.classList.remove("urgent");
      } else {
        el.textContent = left(rest);
        el.classList.toggle("urgent", sync && rest < 60000);
        el.classList.remove("overdue");
      }
    }
  }

  tick();
  setInterval(tick, 1000);
  // Rows htmx swapped in show the server's text until the next tick: tick now.
  document.addEventListener("htmx:afterSettle", tick);
})();
