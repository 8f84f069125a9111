"""`/api/docs`: the interactive API documentation (Swagger UI) from vendored files under
`/static/vendor/swagger-ui` (`VENDORED.md` there), started by `/static/api_docs.js`: no CDN, no
inline script, so it works offline and under the site's CSP (`ecran.web.security`)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

VENDOR = "/static/vendor/swagger-ui"
PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ecran API</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{VENDOR}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-url="/api/openapi.json"></div>
<script src="{VENDOR}/swagger-ui-bundle.js"></script>
<script src="/static/api_docs.js"></script>
</body>
</html>
"""


async def docs() -> HTMLResponse:
    return HTMLResponse(PAGE)


def install(app: FastAPI) -> None:
    app.add_api_route("/api/docs", docs, methods=["GET"], include_in_schema=False)
