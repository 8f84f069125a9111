// Theme: follow the system (prefers-color-scheme) until the user picks one with the toggle.
// Runs in <head> so the chosen theme applies before the first paint.
(function () {
  "use strict";
  var KEY = "ecran-theme";
  var root = document.documentElement;
  var saved = null;
  try { saved = localStorage.getItem(KEY); } catch (e) { /* private mode: no memory */ }
  if (saved === "light" || saved === "dark") { root.dataset.theme = saved; }

  function current() {
    if (root.dataset.theme) { return root.dataset.theme; }
    return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  document.addEventListener("DOMContentLoaded", function () {
    // the phone's menu button (under 600 px): opens the links and settings, and closes them
    var menu = document.getElementById("menu-button");
    if (menu) {
      menu.addEventListener("click", function () {
        var open = menu.getAttribute("aria-expanded") !== "true";
        menu.setAttribute("aria-expanded", open ? "true" : "false");
        menu.closest(".top").classList.toggle("menu-open", open);
      });
    }
    var button = document.getElementById("theme-toggle");
    if (!button) { return; }
    button.addEventListener("click", function () {
      var next = current() === "dark" ? "light" : "dark";
      root.dataset.theme = next;
      try { localStorage.setItem(KEY, next); } catch (e) { /* ignore */ }
    });
  });
})();

// A form whose answer takes a while (importing a whole table): on submit, its status line
// with a progress bar shows and its button waits, so the page never looks stuck.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented) { return; }
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-busy")) { return; }
    var status = form.querySelector("[data-busy-status]");
    if (status) { status.hidden = false; }
    var button = form.querySelector("button[type=submit]");
    if (button) { button.setAttribute("aria-disabled", "true"); }
  });
})();

// A file picker in the page's language: the browser's own button and "no file chosen" are in
// the browser's language, so the input is hidden behind a label, and the chosen file's name
// is shown beside it.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.classList.contains("file-input")) { return; }
    var shown = input.parentElement && input.parentElement.querySelector("[data-file-name]");
    if (shown && input.files && input.files.length) { shown.textContent = input.files[0].name; }
  });
})();

// Every action sent from a page carries its own Idempotency-Key: a request the network cut off
// and sent again is stored once (the server gives the first answer to the second). htmx
// requests carry the header; a plain form posted carries the field `idempotency_key`, added as
// it is submitted (a new one per submission: sending the form again is another action).
(function () {
  "use strict";
  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb === "post") { event.detail.headers["Idempotency-Key"] = newKey(); }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || (form.method || "").toLowerCase() !== "post") {
      return;
    }
    if (form.hasAttribute("hx-post")) { return; }  // htmx sends the header instead
    var field = form.querySelector("input[name=idempotency_key]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "idempotency_key";
      form.appendChild(field);
    }
    field.value = newKey();
  });
})();

// A refused request htmx sent and did not swap (base.html's responseHandling swaps 2xx and 422
// only): the limits' 429 and 413 answer one plain line, a proxy its own page, a dropped
// connection nothing. Each is said in the page's notice (a live region) instead of nothing at
// all; the next answered request clears it. Only text is written (textContent), never HTML.
(function () {
  "use strict";
  var MAX_LINE = 300;
  function notice() { return document.getElementById("request-notice"); }
  function say(text) {
    var box = notice();
    if (!box) { return; }
    box.textContent = text;
    box.hidden = false;
  }
  function refusal(xhr, box) {
    var kind = (xhr.getResponseHeader("Content-Type") || "").toLowerCase();
    var body = (xhr.responseText || "").trim();
    if (kind.indexOf("application/json") === 0) {
      try { body = String(JSON.parse(body).detail || ""); } catch (e) { body = ""; }
    } else if (kind.indexOf("text/plain") !== 0) {
      body = "";  // a page of its own (a proxy's): its HTML is not a line to show
    }
    if (body && body.length <= MAX_LINE && body.indexOf("\n") < 0) { return body; }
    return (box.getAttribute("data-refused") || "").replace("{status}", String(xhr.status));
  }
  document.addEventListener("htmx:responseError", function (event) {
    var box = notice();
    if (box) { say(refusal(event.detail.xhr, box)); }
  });
  document.addEventListener("htmx:sendError", function () {
    var box = notice();
    if (box) { say(box.getAttribute("data-unreachable") || ""); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var box = notice();
    if (box && event.detail.successful) { box.hidden = true; box.textContent = ""; }
  });
})();
