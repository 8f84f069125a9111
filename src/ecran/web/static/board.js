// The scene board's client: a Leaflet map (CRS.Simple, one unit a pixel of the scene) showing
// the image the server masked for this member, a grid, the tokens this member may see, drags
// and arrow keys for the tokens they may move, and a measure tool.
//
// It draws only what it was sent: the server applies the fog (the image is masked on the
// server, hidden and fogged tokens never reach a player), so nothing here hides anything.
// Live changes come through the table's socket: `window.ecranBoard.applyFrame(frame)` takes
// one change (`{"op": "token", …}`) or a frame of them (`{"type": "board", "changes": […]}`).
//
// The GM's "players' view" (the page's `#board-players-view` toggle) shows the scene as a player
// without a token of their own sees it: the view and the masked image come from the GM-only
// `…/players` routes, never from the GM's own view filtered here; while it is on, the GM's live
// frames (which carry hidden tokens) only make it ask the players' view again.
//
// The page gives the board as `<div id="board" data-table="…" data-token="…" data-scene="…"
// data-gm="true|false">`; the token of the member's link goes in the `X-Ecran-Token` header
// (as htmx's requests carry it). No inline script, no eval: it runs under the page's CSP.
(function () {
  "use strict";

  var SEND_EVERY_MS = 250;  // at most 4 moves a second while dragging; the drop is always sent
  var PENDING_MS = 3000;  // how long a move of this member waits for its own live frame
  var MAX_WAYPOINTS = 16;  // a measure's waypoints at most (events.MAX_WAYPOINTS)
  var EN = document.documentElement.lang === "en";
  var WORDS = EN
    ? { measure: "Measure", measuring: "Click two points or tokens (Shift+click: a waypoint)",
        cancel: "Stop measuring", so_far: "So far", area: "Area of effect", area_stop: "Stop the area of effect",
        area_help: "Click a token or a point: who is within the radius", radius: "Radius",
        area_of: "Within", nobody: "no one", area_bad: "A radius above zero, please",
        refused: "Move refused", moved: "moved", distance: "Distance", token: "Token",
        out: "out of action", dead: "dead", map: "Scene map", mine: "yours, movable",
        on_ground: "on the ground", higher_ground: "on higher ground" }
    : { measure: "Mesurer", measuring: "Cliquez deux points ou pions (Maj+clic : une étape)",
        cancel: "Arrêter la mesure", so_far: "Jusqu'ici", area: "Zone d'effet", area_stop: "Arrêter la zone d'effet",
        area_help: "Cliquez un pion ou un point : qui est dans le rayon", radius: "Rayon",
        area_of: "Dans un rayon de", nobody: "personne", area_bad: "Un rayon plus grand que zéro, s'il vous plaît",
        refused: "Déplacement refusé", moved: "déplacé", distance: "Distance", token: "Pion",
        out: "hors de combat", dead: "mort", map: "Carte de la scène", mine: "le vôtre, déplaçable",
        on_ground: "à terre", higher_ground: "en hauteur" };

  // « Distance : 4,1 m » / "Distance: 4.1 m": a narrow no-break space before a French colon,
  // a no-break space between a number and its unit (the pages' typography, ecran.typography)
  var COLON = EN ? ": " : "\u202f: ";
  function headed(head, text) { return head + COLON + text; }
  function shifted(event) { return Boolean(event && event.shiftKey); }
  function measured(value, unit) { return number(value) + "\u00a0" + unit; }

  function number(value) {
    var shown = (Math.round(value * 10) / 10).toString();
    return EN ? shown : shown.replace(".", ",");
  }

  // Scene pixels (y downwards) <-> Leaflet's LatLng in CRS.Simple (lat upwards).
  function toLatLng(x, y) { return L.latLng(-y, x); }
  function toPoint(latlng) { return { x: latlng.lng, y: -latlng.lat }; }

  function Board(root) {
    this.root = root;
    this.table = root.dataset.table;
    // no member's token on the page: the session cookie carries it, the CSRF token goes with
    // each write (X-CSRF-Token)
    this.csrf = root.dataset.csrf || "";
    this.gm = root.dataset.gm === "true";
    this.sceneId = root.dataset.scene || null;
    this.scene = null;
    this.markers = {};
    this.tokens = {};
    this.layers = [];
    this.measuring = null;
    this.clock = 0;  // counts the token states heard live (`heard`)
    this.touched = {};
    this.pending = {};  // this member's last move of a token, until the log sends it back
    this.preview = false;  // the GM's players' view is on
    this.pictures = {};  // the scene's pictures by kind: its masked map, a plain scene's fog
    this.oldPictures = [];  // the pictures of an older fog, until the new ones are drawn
    this.status = root.querySelector(".board-status");
    this.build();
  }

  Board.prototype.url = function (tail) {
    return "/api/tables/" + encodeURIComponent(this.table) + "/scenes/" +
      encodeURIComponent(this.sceneId) + (tail || "");
  };

  Board.prototype.request = function (method, url, body) {
    var headers = { "Accept": "application/json", "X-CSRF-Token": this.csrf };
    if (body !== undefined) { headers["Content-Type"] = "application/json"; }
    return fetch(url, {
      method: method, headers: headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body)
    });
  };

  // A refusal or a measure said: its head, the language's colon, the rest.
  Board.prototype.sayHeaded = function (head, text, urgent) { this.say(headed(head, text), urgent); };
  Board.prototype.headed = headed;

  Board.prototype.say = function (text, urgent) {
    if (!this.status) { return; }
    this.status.textContent = text;
    this.status.classList.toggle("board-warning", !!urgent);
  };

  Board.prototype.build = function () {
    var holder = this.root.querySelector(".board-map");
    if (!holder) {
      holder = document.createElement("div");
      holder.className = "board-map";
      this.root.appendChild(holder);
    }
    holder.setAttribute("aria-label", WORDS.map);
    this.map = L.map(holder, {
      crs: L.CRS.Simple, minZoom: -4, maxZoom: 3, zoomSnap: 0.25,
      attributionControl: false, keyboard: true, tap: true
    });
    this.map.setView([0, 0], 0);
    // a plain scene's fog overlay: over the ground and grid (overlayPane, 400), under the tokens
    this.map.createPane("boardFog").style.zIndex = 450;
    this.toolbar();
    var self = this;
    // a token keeps covering its square as the map zooms (a pinch fires this as it goes)
    this.map.on("zoom", function () {
      Object.keys(self.markers).forEach(function (id) { self.fit(self.markers[id]); });
    });
    this.map.on("click", function (event) {
      if (self.areaMode) { self.areaAt(toPoint(event.latlng), null); return; }
      self.measurePoint(toPoint(event.latlng), null, shifted(event.originalEvent));
    });
    // arrow keys on a focused token (delegated: Leaflet replaces a marker's element on setIcon)
    holder.addEventListener("keydown", function (event) {
      var el = event.target && event.target.closest ? event.target.closest("[data-token]") : null;
      if (el) { self.arrow(event, el.dataset.token); }
    }, true);
  };

  Board.prototype.toolbar = function () {
    var bar = this.root.querySelector(".board-tools");
    if (!bar) { return; }
    this.previewToggle(document.getElementById("board-players-view"));
    var self = this;
    var measure = toggle("board-measure", WORDS.measure);
    var area = toggle("board-area", WORDS.area);
    // a button pressed or not (aria-pressed); measuring and the area take turns
    function toggle(name, word) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = name;
      button.textContent = word;
      button.setAttribute("aria-pressed", "false");
      return button;
    }
    function press(button, on, word, stop) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? stop : word;
    }
    // the tool in hand ("measure", "area" or null): its button pressed, the other's not
    function take(tool) {
      press(measure, tool === "measure", WORDS.measure, WORDS.cancel);
      press(area, tool === "area", WORDS.area, WORDS.area_stop);
      self.measuring = tool === "measure" ? [] : null;
      self.areaMode = tool === "area";
      self.clearMeasure();
      self.clearArea();
    }
    [[measure, "measure", WORDS.measuring], [area, "area", WORDS.area_help]].forEach(function (one) {
      one[0].addEventListener("click", function () {
        var on = one[0].getAttribute("aria-pressed") !== "true";
        take(on ? one[1] : null);
        self.say(on ? one[2] : "");
        if (on) { self.inHand(one[1]); }
      });
    });
    document.addEventListener("ecran:board-tool", function (event) {
      var tool = event.detail && event.detail.tool;
      if (tool !== "measure" && tool !== "area") { take(null); }
    });
    var label = document.createElement("label");
    label.className = "board-area-radius";
    label.textContent = WORDS.radius + " ";
    var radius = document.createElement("input");
    radius.type = "number";
    radius.id = "board-area-radius";
    radius.min = "0.1";
    radius.step = "any";
    radius.value = "5";
    label.appendChild(radius);
    bar.appendChild(measure);
    bar.appendChild(area);
    bar.appendChild(label);
  };

  // The GM's players' view, switched on and off without leaving the page: the scene drawn again
  // from the mode's own view (a token's marker is made draggable or not when it is drawn).
  Board.prototype.previewToggle = function (button) {
    if (!button || !this.gm) { return; }
    var self = this;
    this.previewButton = button;
    button.addEventListener("click", function () {
      self.preview = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", self.preview ? "true" : "false");
      self.root.classList.toggle("board-preview", self.preview);
      var id = self.sceneId;
      self.clearScene();
      self.sceneId = id;
      if (!self.preview) { self.say(button.dataset.off); }
      self.load();
    });
  };

  // What the players' view shows: a scene the players do not see yet says so.
  Board.prototype.previewSaid = function (view) {
    if (!this.preview || !this.previewButton) { return; }
    this.say(view.shown === false ? this.previewButton.dataset.unshown : this.previewButton.dataset.on);
  };

  // -- the scene ---------------------------------------------------------------------------------

  Board.prototype.load = function () {
    if (!this.sceneId) { return Promise.resolve(); }
    var self = this;
    var asked = this.clock;
    var preview = this.preview;
    return this.request("GET", this.url(preview ? "/players" : ""))
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (view) {
        // a view asked before the toggle was switched is not this mode's
        if (view && preview === self.preview) { self.sync(view, asked); self.previewSaid(view); }
      })
      .catch(function () { /* offline: the next live frame or reload shows it */ });
  };

  // A scene as the server sees it for this member now: the same scene, grid, image and fog
  // keep the map as it is (its zoom, a drag under way) and only the tokens follow.
  // A token a live frame or a move's answer changed after the view was asked (`asked`: the
  // clock then) keeps that newer state: the view, read before, would move it back (the frames
  // come in order, so the token's later changes still arrive).
  Board.prototype.sync = function (view, asked) {
    var same = this.scene && view.scene.id === this.scene.id &&
      JSON.stringify(view.scene) === JSON.stringify(this.scene) &&
      JSON.stringify(view.revealed || []) === this.revealedKey;
    if (!same) { this.showScene(view); return; }
    var seen = {};
    var self = this;
    function newer(id) { return asked !== undefined && (self.touched[id] || 0) > asked; }
    (view.tokens || []).forEach(function (t) {
      seen[t.id] = true;
      if (!newer(t.id)) { self.putToken(t); }
    });
    Object.keys(this.tokens).forEach(function (id) {
      if (!seen[id] && !newer(id)) { self.dropToken(id); }
    });
  };

  // A frame of one of the token's moves logged before this member's last move of it (whose
  // answer came first): skipped until that move's own frame comes, or PENDING_MS have passed
  // (the server may have dropped a held move: the log is then right).
  Board.prototype.behind = function (t) {
    var mine = this.pending[t.id];
    if (!mine) { return false; }
    if ((t.x === mine.x && t.y === mine.y) || Date.now() > mine.until) {
      delete this.pending[t.id];
      return false;
    }
    return true;
  };

  // A token's state as a live frame or a move's answer gives it: newer than any view asked before.
  Board.prototype.heard = function (id) {
    this.clock += 1;
    this.touched[id] = this.clock;
  };

  Board.prototype.clearScene = function (samePictures) {
    var self = this;
    var kept = Object.keys(this.pictures).map(function (kind) { return self.pictures[kind]; });
    this.layers.forEach(function (layer) {
      if (samePictures && kept.indexOf(layer) >= 0) { self.oldPictures.push(layer); }
      else { self.map.removeLayer(layer); }
    });
    if (!samePictures) { this.dropOldPictures(); }
    this.pictures = {};
    Object.keys(this.markers).forEach(function (id) { self.map.removeLayer(self.markers[id]); });
    this.layers = [];
    this.markers = {};
    this.tokens = {};
    this.scene = null;
    this.revealedKey = null;
    this.clearMeasure();
    if (this.selected) { this.select(null); }
  };

  Board.prototype.showScene = function (view) {
    // the same scene again (a new fog): its pictures stay until the new ones are drawn
    this.clearScene(!!this.scene && this.scene.id === view.scene.id);
    this.scene = view.scene;
    this.sceneId = view.scene.id;
    this.root.dataset.scene = view.scene.id;
    var s = view.scene;
    var bounds = L.latLngBounds(toLatLng(0, s.height), toLatLng(s.width, 0));
    // a phone gets a smaller copy (the server's own, masked the same): the scene keeps its size
    var key = Math.max(window.innerWidth, window.innerHeight) < 1000 ? "&max=2048" : "";
    if (s.has_image) {
      // the image as this member may see it: masked by the server; the version is the fog's
      // an <img> sends no header: the member's session cookie goes with it
      // the GM's players' view asks for the players' copy (a GM-only route)
      var tail = (this.preview ? "/players" : "") + "/image?v=" + s.fog_version + key;
      this.picture("map", L.imageOverlay(this.url(tail), bounds, {
        className: "board-image", alt: s.name, interactive: false
      }));
    } else {
      this.layers.push(L.rectangle(bounds, { className: "board-plain", interactive: false })
        .addTo(this.map));
    }
    this.layers.push(this.grid(s).addTo(this.map));
    this.fogOverlay(s, bounds, key);
    if (this.gm && !this.preview) { this.fogPreview(view.revealed || []); }
    var self = this;
    (view.tokens || []).forEach(function (t) { self.putToken(t); });
    this.revealedKey = JSON.stringify(view.revealed || []);
    // a scene opens where it is, not by a pan and zoom from the map's blank view: a token
    // moving under the finger for a quarter second after it appeared missed the first touch
    if (this.fitted !== s.id) { this.map.fitBounds(bounds, { animate: false }); this.fitted = s.id; }
    this.map.setMaxBounds(bounds.pad(0.25));
    this.changed("scene");
  };

  Board.prototype.grid = function (s) {
    var lines = [];
    var size = s.grid_size;
    for (var x = s.offset_x; x <= s.width; x += size) {
      lines.push([toLatLng(x, 0), toLatLng(x, s.height)]);
    }
    for (var y = s.offset_y; y <= s.height; y += size) {
      lines.push([toLatLng(0, y), toLatLng(s.width, y)]);
    }
    return L.polyline(lines, { className: "board-grid", interactive: false, weight: 1 });
  };

  // A player's plain scene has no map to mask: the server paints their fog as an image of its own
  // (`fog_overlay`: the fog's colour where they do not see, transparent where they do; its
  // address moves with their fog's version), laid over the grid and under the tokens.
  Board.prototype.fogOverlay = function (s, bounds, key) {
    if (!s.fog_overlay) { return; }
    this.picture("fog", L.imageOverlay(this.url("/fog/image?v=" + s.fog_version + key), bounds, {
      className: "board-fog-overlay", alt: "", interactive: false, pane: "boardFog"
    }));
  };

  // A picture of the scene (its masked map, a plain scene's fog overlay) whose new version
  // replaces it goes over the old one, which is dropped once every new one is drawn: in
  // between, the player would see the bare background flash, or the unexplored area as an
  // empty room.
  Board.prototype.picture = function (kind, layer) {
    var self = this;
    layer.on("load error", function () {
      layer.settled = true;
      var pictures = Object.keys(self.pictures).map(function (k) { return self.pictures[k]; });
      if (pictures.indexOf(layer) >= 0 && pictures.every(function (p) { return p.settled; })) {
        self.dropOldPictures();
      }
    });
    this.pictures[kind] = layer;
    this.layers.push(layer.addTo(this.map));
  };

  Board.prototype.dropOldPictures = function () {
    var self = this;
    this.oldPictures.forEach(function (layer) { self.map.removeLayer(layer); });
    this.oldPictures = [];
  };

  // The GM sees the fogged areas shaded (the players' image is already masked): an SVG over
  // the scene whose mask starts all fog and applies each stroke in order, revealing (black) or
  // hiding again (white), as the server's `revealed` reads them.
  var SVG = "http://www.w3.org/2000/svg";

  function svg(tag, attributes) {
    var el = document.createElementNS(SVG, tag);
    Object.keys(attributes).forEach(function (k) { el.setAttribute(k, attributes[k]); });
    return el;
  }

  Board.prototype.fogPreview = function (strokes) {
    var s = this.scene;
    var whole = { x: 0, y: 0, width: s.width, height: s.height };
    var root = svg("svg", { viewBox: "0 0 " + s.width + " " + s.height, preserveAspectRatio: "none" });
    var id = "board-fog-" + s.id + "-" + s.fog_version;
    var mask = svg("mask", Object.assign({ id: id, maskUnits: "userSpaceOnUse" }, whole));
    mask.appendChild(svg("rect", Object.assign({ fill: "white" }, whole)));
    strokes.forEach(function (stroke) {
      var r = stroke.region;
      var fill = stroke.reveal ? "black" : "white";
      mask.appendChild(r.shape === "rect"
        ? svg("rect", { x: r.x, y: r.y, width: r.w, height: r.h, fill: fill })
        : svg("polygon", { points: r.points.map(function (p) { return p.join(","); }).join(" "), fill: fill }));
    });
    root.appendChild(svg("defs", {})).appendChild(mask);
    root.appendChild(svg("rect", Object.assign({ "class": "board-fog-shade", mask: "url(#" + id + ")" }, whole)));
    var bounds = L.latLngBounds(toLatLng(0, s.height), toLatLng(s.width, 0));
    this.layers.push(L.svgOverlay(root, bounds, { interactive: false, className: "board-fog" })
      .addTo(this.map));
  };

  // -- tokens ------------------------------------------------------------------------------------

  Board.prototype.movable = function (t) { return !this.preview && (this.gm || !!t.mine); };

  Board.prototype.icon = function (t) {
    var classes = ["board-token"];
    if (t.mine) { classes.push("token-mine"); }
    if (t.hidden) { classes.push("token-hidden"); }
    if (t.status === "out" || t.status === "dead") { classes.push("token-" + t.status); }
    var flags = t.flags || {};
    if (flags.on_ground) { classes.push("token-on-ground"); }
    if (flags.higher_ground) { classes.push("token-higher-ground"); }
    var face = document.createElement("span");
    face.className = "token-face";
    face.textContent = (t.name || "?").trim().slice(0, 2);
    var holder = document.createElement("span");
    holder.appendChild(face);
    // the conditions an encounter puts on it: their number, their names in the label
    var count = (t.conditions || []).length;
    if (t.badge || count) {
      var badge = document.createElement("span");
      badge.className = "token-badge";
      badge.textContent = String(t.badge || count);
      holder.appendChild(badge);
    }
    var size = this.tokenSize();
    holder.style.fontSize = tokenFont(size);
    return L.divIcon({ className: classes.join(" "), html: holder, iconSize: [size, size] });
  };

  // A token covers its square at the map's zoom (TOKEN_FILL of it: the grid's lines show
  // between tokens side by side), never smaller than a fingertip (TOKEN_MIN screen pixels, so
  // it may spill over its square when the map is zoomed far out).
  var TOKEN_MIN = 32;
  var TOKEN_FILL = 0.9;
  function tokenFont(size) { return Math.max(12, Math.round(size * 0.35)) + "px"; }

  Board.prototype.tokenSize = function () {
    var square = (this.scene ? this.scene.grid_size : 40) * Math.pow(2, this.map.getZoom());
    return Math.max(TOKEN_MIN, Math.round(square * TOKEN_FILL));
  };

  // The marker's element resized in place (a new icon would drop the keyboard's focus or a
  // finger's drag under way).
  Board.prototype.fit = function (marker) {
    var el = marker.getElement();
    if (!el) { return; }
    var size = this.tokenSize();
    el.style.width = size + "px";
    el.style.height = size + "px";
    el.style.marginLeft = -size / 2 + "px";
    el.style.marginTop = -size / 2 + "px";
    if (el.firstChild) { el.firstChild.style.fontSize = tokenFont(size); }
  };

  Board.prototype.iconKey = function (t) {
    return JSON.stringify([t.name, !!t.mine, !!t.hidden, t.status || "", t.badge || "",
      t.flags || {}, t.conditions || []]);
  };

  Board.prototype.label = function (t) {
    var words = [t.name || WORDS.token];
    if (t.status === "out") { words.push(WORDS.out); }
    if (t.status === "dead") { words.push(WORDS.dead); }
    if (t.flags && t.flags.on_ground) { words.push(WORDS.on_ground); }
    if (t.flags && t.flags.higher_ground) { words.push(WORDS.higher_ground); }
    (t.conditions || []).forEach(function (c) { words.push(c[EN ? "en" : "fr"] || c.fr || ""); });
    if (this.movable(t)) { words.push(WORDS.mine); }
    return words.join(", ");
  };

  // Leaflet replaces the marker's element on a new icon: a token the keyboard was on keeps it.
  Board.prototype.reIcon = function (marker, t) {
    var focused = marker.getElement() && marker.getElement() === document.activeElement;
    marker.setIcon(this.icon(t));
    if (focused && marker.getElement()) { marker.getElement().focus(); }
  };

  Board.prototype.putToken = function (t) {
    var marker = this.markers[t.id];
    var before = this.tokens[t.id];
    if (marker && JSON.stringify(before) === JSON.stringify(t)) { return; }
    this.tokens[t.id] = t;
    if (marker) {
      // a drag under way keeps its marker: a new icon would leave the finger on an element
      // gone from the page (the drop puts the token where the server says)
      var moving = marker.dragging && marker.dragging._draggable && marker.dragging._draggable._moving;
      if (!moving) {
        marker.setLatLng(toLatLng(t.x, t.y));
        // a new icon only when it looks different: replacing it would lose the keyboard focus
        if (!before || this.iconKey(before) !== this.iconKey(t)) { this.reIcon(marker, t); }
        this.accessible(marker, t);
      }
      this.changed("token");
      return;
    }
    marker = L.marker(toLatLng(t.x, t.y), {
      icon: this.icon(t), draggable: this.movable(t), keyboard: true, title: t.name,
      autoPan: true
    });
    marker.addTo(this.map);
    this.markers[t.id] = marker;
    this.accessible(marker, t);
    this.wire(marker, t.id);
    this.changed("token");
  };

  Board.prototype.accessible = function (marker, t) {
    var el = marker.getElement();
    if (!el) { return; }
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", this.label(t));
    el.setAttribute("tabindex", "0");
    el.dataset.token = t.id;
    el.classList.toggle("token-selected", this.selected === t.id);
  };

  // The page's panels (board_tools.js, board_side.js) follow the board through two events:
  // `ecran:board-select` (a token chosen by a click or Enter) and `ecran:board-change`.
  Board.prototype.select = function (id) {
    var before = this.selected && this.markers[this.selected];
    if (before && before.getElement()) { before.getElement().classList.remove("token-selected"); }
    this.selected = this.tokens[id] ? id : null;
    var marker = this.selected && this.markers[id];
    if (marker && marker.getElement()) { marker.getElement().classList.add("token-selected"); }
    document.dispatchEvent(new CustomEvent("ecran:board-select", { detail: this.selected }));
  };

  Board.prototype.changed = function (what) {
    document.dispatchEvent(new CustomEvent("ecran:board-change", { detail: what }));
  };

  Board.prototype.dropToken = function (id) {
    if (this.markers[id]) { this.map.removeLayer(this.markers[id]); }
    delete this.markers[id];
    delete this.tokens[id];
    if (this.selected === id) { this.select(null); }
    this.changed("token");
  };

  Board.prototype.wire = function (marker, id) {
    var self = this;
    var last = 0;
    var drag = null;  // names this drag: with no encounter, its length counts from its start
    marker.on("dragstart", function () {
      drag = "d" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
    });
    marker.on("click", function (event) {
      var t = self.tokens[id];
      if (!t) { return; }
      if (self.areaMode) { self.areaAt({ x: t.x, y: t.y }, id); } else if (self.measuring) {
        self.measurePoint({ x: t.x, y: t.y }, id, shifted(event.originalEvent));
      } else { self.select(id); }
    });
    marker.on("drag", function () {
      var now = Date.now();
      if (now - last < SEND_EVERY_MS) { return; }  // the drop sends the last position anyway
      last = now;
      self.send(id, toPoint(marker.getLatLng()), false, drag);
    });
    marker.on("dragend", function () {
      last = Date.now();
      self.send(id, toPoint(marker.getLatLng()), true, drag);  // the drop: always sent
    });
  };

  var ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  // An arrow key moves a focused token one square (the map's own arrow-key panning is kept
  // for the map itself).
  Board.prototype.arrow = function (event, id) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      var at = this.tokens[id];
      if (this.areaMode && at) { this.areaAt({ x: at.x, y: at.y }, id); } else if (this.measuring) {
        if (at) { this.measurePoint({ x: at.x, y: at.y }, id, event.shiftKey); }
      } else { this.select(id); }
      return;
    }
    var step = ARROWS[event.key];
    var t = this.tokens[id];
    if (!step || !t || !this.movable(t) || !this.scene) { return; }
    event.preventDefault();
    event.stopPropagation();
    var self = this;
    var marker = this.markers[id];
    var shown = this.stepped(toPoint(marker.getLatLng()), step);
    marker.setLatLng(toLatLng(shown.x, shown.y));
    // one square from where the server put the token when this move is sent, not from where
    // the page knew it at the key press: a move still on its way (a drop just made, the key
    // pressed again) is answered first, and a step from before it went back over it
    this.send(id, function () {
      return self.scene && self.tokens[id] ? self.stepped(self.tokens[id], step) : null;
    }, true);
  };

  // A point one square along `step`, within the scene.
  Board.prototype.stepped = function (from, step) {
    var size = this.scene.grid_size;
    return {
      x: Math.min(Math.max(from.x + step[0] * size, 0), this.scene.width),
      y: Math.min(Math.max(from.y + step[1] * size, 0), this.scene.height)
    };
  };

  // A token's moves go to the server one after the other: two at once may be stored in the
  // other order (a drag's drop before its last move on a loaded server left the token short
  // of where it was dropped). A move asked while one is on its way waits for it; a drag's
  // passing move is skipped then (its drop sends the last position).
  Board.prototype.send = function (id, at, final, drag) {
    var self = this;
    var queue = this.sending || (this.sending = {});
    if (!final && queue[id]) { return queue[id]; }
    var run = function () { return self.sendNow(id, at, final, drag); };
    var sent = (queue[id] || Promise.resolve()).then(run, run);
    queue[id] = sent;
    sent.then(function () { if (queue[id] === sent) { delete queue[id]; } });
    return sent;
  };

  Board.prototype.sendNow = function (id, at, final, drag) {
    var self = this;
    if (typeof at === "function") { at = at(); }  // worked out once the moves before are answered
    if (!at) { return Promise.resolve(); }  // the scene or the token gone meanwhile
    var before = this.tokens[id];
    var body = { x: Math.round(at.x * 10) / 10, y: Math.round(at.y * 10) / 10 };
    if (drag) { body.drag = drag; }
    return this.request("PATCH", this.url("/tokens/" + encodeURIComponent(id)), body)
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (answer) {
        if (!answer.ok) {
          if (before && self.markers[id]) { self.markers[id].setLatLng(toLatLng(before.x, before.y)); }
          self.say(headed(WORDS.refused, (answer.body && answer.body.detail) || ""), true);
          return;
        }
        if (answer.body && answer.body.token && final) {
          var t = answer.body.token;
          // the log may still send this token's earlier moves (a move held to be logged a
          // moment later is answered first): until this one comes back, they are behind it
          self.pending[t.id] = { x: t.x, y: t.y, until: Date.now() + PENDING_MS };
          self.heard(t.id);
          self.putToken(t);
        }
        if (answer.body && answer.body.warning) { self.say(answer.body.warning, true); }
        else if (final && before) { self.say((before.name || "") + " " + WORDS.moved); }
      })
      .catch(function () { /* offline: the live frame after reconnecting puts it right */ });
  };

  // -- measure -----------------------------------------------------------------------------------

  // One tool in hand: taking up the measure or the area lets go of the GM's fog and placing
  // tools (board_tools.js hears `ecran:board-tool`), and taking up one of theirs (they call
  // this too) lets go of these.
  Board.prototype.inHand = function (tool) {
    document.dispatchEvent(new CustomEvent("ecran:board-tool", { detail: { tool: tool } }));
  };

  Board.prototype.clearMeasure = function () {
    if (this.measureLine) { this.map.removeLayer(this.measureLine); this.measureLine = null; }
  };

  // A click adds a point; the second ends the measure, unless Shift held it as a waypoint
  // (Roll20's and Foundry's rulers pass through waypoints too): the path so far is drawn with
  // its length, and the end measures the whole path.
  Board.prototype.measurePoint = function (point, tokenId, waypoint) {
    if (!this.measuring) { return; }
    this.measuring.push({ x: point.x, y: point.y, token: tokenId });
    var path = this.measuring;
    if (path.length < 2 || (waypoint && path.length - 1 <= MAX_WAYPOINTS)) {
      this.drawMeasure(path);
      if (path.length >= 2 && this.scene) {
        this.say(headed(WORDS.so_far, measured(this.pathDistance(path), this.scene.unit)));
      }
      return;
    }
    this.measuring = [];
    this.drawMeasure(path);
    var self = this;
    function end(p) { return p.token ? p.token : [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]; }
    // the server measures, and shows the measure to every member who sees every point of it
    function local() {  // the scene's own rule, when the server cannot say (offline)
      if (self.scene) { self.say(headed(WORDS.distance, measured(self.pathDistance(path), self.scene.unit))); }
    }
    var body = { from: end(path[0]), to: end(path[path.length - 1]), via: path.slice(1, -1).map(end) };
    this.request("POST", this.url("/measure"), body)
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer) { self.say(headed(WORDS.distance, measured(answer.distance, answer.unit))); } else { local(); }
      })
      .catch(local);
  };

  Board.prototype.drawMeasure = function (points) {
    this.clearMeasure();
    if (points.length < 2) { return; }
    this.measureLine = L.polyline(points.map(function (p) { return toLatLng(p.x, p.y); }),
      { className: "board-measure-line", interactive: false }).addTo(this.map);
  };

  // Someone's measure, live (to those who see every point of it): its line and its length.
  Board.prototype.showMeasure = function (frame) {
    if (!this.map || frame.scene_id !== this.sceneId || !frame.from || !frame.to) { return; }
    this.drawMeasure([frame.from].concat(frame.via || [], [frame.to]));
    this.say(headed(WORDS.distance, measured(frame.distance, frame.unit)));
  };

  // The scene's own rule along a path (the server's, `geometry.path_squares`: 5-10-5 counts
  // every second diagonal of the whole path, not afresh at each waypoint).
  Board.prototype.pathDistance = function (points) {
    var s = this.scene;
    var size = s.grid_size;
    var squares = 0;
    var straight = 0;
    var diagonal = 0;
    function cell(v, offset) { return Math.floor((v - offset) / size); }
    for (var i = 1; i < points.length; i++) {
      var a = points[i - 1];
      var b = points[i];
      if (s.diagonal === "euclidean") {
        squares += Math.sqrt(Math.pow(b.x - a.x, 2) + Math.pow(b.y - a.y, 2)) / size;
        continue;
      }
      var dx = Math.abs(cell(a.x, s.offset_x) - cell(b.x, s.offset_x));
      var dy = Math.abs(cell(a.y, s.offset_y) - cell(b.y, s.offset_y));
      squares += s.diagonal === "chebyshev" ? Math.max(dx, dy) : dx + dy;
      straight += Math.max(dx, dy) - Math.min(dx, dy);
      diagonal += Math.min(dx, dy);
    }
    if (s.diagonal === "alternating") { squares = straight + diagonal + Math.floor(diagonal / 2); }
    return squares * s.unit_per_square;
  };

  // -- an area: who is within a radius of a token or a point --------------------------------------

  // The server lists the tokens this member sees within the radius, by the scene's rule (the
  // circle drawn is the euclidean one; the highlighted tokens are the rule's).
  Board.prototype.areaAt = function (point, tokenId) {
    var field = document.getElementById("board-area-radius");
    var radius = field ? parseFloat(field.value) : NaN;
    if (!(radius > 0) || !this.scene) { this.say(WORDS.area_bad, true); return; }
    var query = "?radius=" + encodeURIComponent(radius) + (tokenId
      ? "&from=" + encodeURIComponent(tokenId)
      : "&x=" + Math.round(point.x * 10) / 10 + "&y=" + Math.round(point.y * 10) / 10);
    var self = this;
    this.request("GET", this.url("/area" + query))
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer) { self.say(WORDS.area_bad, true); return; }
        self.drawArea(answer);
        var names = answer.tokens.map(function (t) { return t.name + " (" + measured(t.distance, answer.unit) + ")"; });
        self.say(headed(WORDS.area_of + " " + measured(answer.radius, answer.unit),
          names.length ? names.join(", ") : WORDS.nobody));
      })
      .catch(function () { self.say(WORDS.area_bad, true); });
  };

  Board.prototype.drawArea = function (answer) {
    this.clearArea();
    var s = this.scene;
    var c = answer.centre;
    this.areaCircle = L.circle(toLatLng(c.x, c.y), {
      radius: answer.radius / s.unit_per_square * s.grid_size,
      className: "board-area-circle", interactive: false
    }).addTo(this.map);
    this.areaTokens = answer.tokens.map(function (t) { return t.id; });
    this.markArea(true);
  };

  // The tokens of the area shown highlighted, or no more.
  Board.prototype.markArea = function (on) {
    var self = this;
    (this.areaTokens || []).forEach(function (id) {
      var marker = self.markers[id];
      var el = marker && marker.getElement();
      if (el) { el.classList.toggle("token-in-area", on); }
    });
  };

  Board.prototype.clearArea = function () {
    if (this.areaCircle) { this.map.removeLayer(this.areaCircle); this.areaCircle = null; }
    this.markArea(false);
    this.areaTokens = [];
  };

  // -- live --------------------------------------------------------------------------------------

  Board.prototype.applyFrame = function (frame) {
    if (!frame) { return; }
    if (frame.type === "board" && Array.isArray(frame.changes)) {
      if (this.preview) { this.previewFrames(frame.changes); return; }
      frame.changes.forEach(this.applyFrame, this);
      return;
    }
    if (this.preview && frame.op) { this.previewFrames([frame]); return; }
    if (frame.op === "shown" || frame.op === "scene" || frame.op === "scene_gone") {
      this.changed("scenes");
    }
    if (frame.op === "shown") {
      this.clearScene();
      this.sceneId = frame.scene_id;
      // none shown: the page's panels say so (the scene's name, the attack's tokens)
      if (frame.scene_id) { this.load(); } else { this.changed("scene"); }
    } else if (frame.op === "scene" && frame.scene) {
      if (!this.sceneId || frame.scene.id === this.sceneId) { this.showScene(frame); }
    } else if (frame.op === "scene_gone" && frame.scene_id === this.sceneId) {
      this.clearScene();
      this.sceneId = null;
      this.changed("scene");
    } else if (frame.op === "token" && frame.scene_id === this.sceneId && frame.token) {
      if (this.behind(frame.token)) { return; }
      this.heard(frame.token.id);
      this.putToken(frame.token);
    } else if (frame.op === "measure") {
      this.showMeasure(frame);
    } else if (frame.op === "token_gone" && frame.scene_id === this.sceneId) {
      this.heard(frame.token_id);
      this.dropToken(frame.token_id);
    } else if (frame.op === "handout" && frame.handout) {
      // (scenes and handouts both tell the page's panels below)
      // the Documents panel renders it (server-side Markdown); it listens for this
      document.dispatchEvent(new CustomEvent("ecran:handout", { detail: frame.handout }));
    }
  };

  // Live changes while the players' view is on: the GM's frames carry what a player may not
  // see (hidden tokens, fogged ones), so none is drawn; the players' view is asked again once
  // for the lot (the scenes and documents panels still hear of theirs).
  Board.prototype.previewFrames = function (changes) {
    var again = false;
    var self = this;
    changes.forEach(function (c) {
      if (c.op === "handout" && c.handout) {
        document.dispatchEvent(new CustomEvent("ecran:handout", { detail: c.handout }));
        return;
      }
      if (c.op === "shown" || c.op === "scene" || c.op === "scene_gone") { self.changed("scenes"); }
      if (c.op === "scene_gone" && c.scene_id === self.sceneId) {
        self.clearScene();
        self.sceneId = null;
        self.changed("scene");
        return;
      }
      var sid = c.scene_id || (c.scene && c.scene.id);
      if (c.op === "shown" || sid === self.sceneId) { again = true; }
    });
    if (again) { this.load(); }
  };

  document.addEventListener("DOMContentLoaded", function () {
    var root = document.getElementById("board");
    if (!root || !root.dataset.table || typeof L === "undefined") { return; }
    var board = new Board(root);
    window.ecranBoard = board;  // the live socket's frames, the browser tests, the curious
    board.load();
  });
})();
