// The policy page (templates/approvals/admin_policy.html): after a refused save,
// bring the first value in error into view and put the cursor in it, whether
// the form came back through htmx or as a whole page. A file of its own: the
// Content-Security-Policy allows no inline script.
(function () {
  "use strict";

  function firstErrorInput(form) {
    var error = form.querySelector(".admin-field-error");
    if (!error) return null;
    var holder = error.closest("tr, label, section") || form;
    var input = holder.querySelector(
      "input:not([type=hidden]), select, textarea"
    );
    // A setting's own error sits on its heading row; its values follow.
    var row = holder;
    while (!input && row && row.nextElementSibling) {
      row = row.nextElementSibling;
      input = row.querySelector("input:not([type=hidden]), select, textarea");
    }
    return input || error;
  }

  function showFirstError(form) {
    if (!form || form.id !== "admin-policy") return;
    var target = firstErrorInput(form);
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    if (typeof target.focus === "function") target.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", function () {
    showFirstError(document.getElementById("admin-policy"));
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    showFirstError(event.detail && event.detail.elt);
    showFirstError(document.getElementById("admin-policy"));
  });
})();
