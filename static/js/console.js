// The console's own behaviour, from a file: the Content-Security-Policy
// allows no inline script, no event-handler attributes and no style
// attributes. Event delegation on the document also covers what htmx swaps in.
(function () {
  "use strict";

  // <button data-copy="#id">: copy the value of #id; <button data-print>.
  document.addEventListener("click", function (event) {
    var copy = event.target.closest("[data-copy]");
    if (copy) {
      var source = document.querySelector(copy.getAttribute("data-copy"));
      if (source && navigator.clipboard) {
        navigator.clipboard.writeText(source.value).then(function () {
          copy.textContent = "Copied";
        });
      }
      return;
    }
    if (event.target.closest("[data-print]")) window.print();
  });

  // <input data-select-on-focus>: a one-time secret selects itself.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-select-on-focus]")) {
      event.target.select();
    }
  });

  // <span data-share="0.42">: bars and score segments take their length from
  // --share, set through the CSSOM (which the policy allows).
  function shares(root) {
    if (!root.querySelectorAll) return;
    var items = root.querySelectorAll("[data-share]");
    for (var i = 0; i < items.length; i++) {
      items[i].style.setProperty("--share", items[i].getAttribute("data-share"));
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    shares(document);
  });
  document.addEventListener("htmx:load", function (event) {
    shares(event.detail.elt);
  });
})();
