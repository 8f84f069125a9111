// /api/docs: Swagger UI on the app's OpenAPI document (the address is the page's
// `data-url`), from the vendored bundle; a file, not an inline script, for the CSP.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute("data-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
  });
})();
