// The GM's tools on the board page (board.html): scenes (create one from an uploaded map or a
// plain grid, open one, show it to the players live; its name, grid and map; delete it),
// tokens (place a character or an NPC, hidden or not; reveal, hide, flags, facing, remove the selected one) and the fog (reveal or
// hide a rectangle drawn on the map or typed in pixels, or the whole scene).
//
// Each tool is one call of the table's board API; what the players then see is the server's
// business (it masks the image and leaves out hidden and fogged tokens). Loaded after
// board_side.js, whose `window.ecranBoardPage` makes the requests.
(function () {
  "use strict";

  // The board API's routes beyond the contract, in one place.
  var ROUTES = {
    show: function (sid) { return ["PUT", "/shown", { scene_id: sid }]; },
    token: function (sid, tid) {
      return "/scenes/" + encodeURIComponent(sid) + "/tokens/" + encodeURIComponent(tid);
    }
  };

  function Tools(page) {
    this.page = page;
    this.board = page.board;
    this.map = page.board.map;
    this.words = page.words;
    this.placing = null;
    this.drawing = null;
  }

  Tools.prototype.fail = function (error) {
    this.board.sayHeaded(this.words.error, error.message, true);
  };

  Tools.prototype.scene = function () { return this.board.sceneId; };

  // The centre of the grid's square under a point (a token stands in a square, as a move
  // snaps it), inside the scene.
  Tools.prototype.cell = function (x, y) {
    var s = this.board.scene;
    function centre(v, offset, most) {
      var c = offset + (Math.floor((v - offset) / s.grid_size) + 0.5) * s.grid_size;
      return Math.round(Math.min(Math.max(c, 0), most) * 10) / 10;
    }
    return { x: centre(x, s.offset_x, s.width), y: centre(y, s.offset_y, s.height) };
  };

  // -- scenes --------------------------------------------------------------------------------

  Tools.prototype.fillScenes = function () {
    var pick = document.getElementById("scene-pick");
    var self = this;
    return this.page.scenes().then(function (list) {
      pick.textContent = "";
      list.scenes.forEach(function (s) {
        var option = document.createElement("option");
        option.value = s.id;
        option.textContent = s.name + (s.id === list.shown ? " ★" : "");
        pick.appendChild(option);
      });
      pick.value = self.scene() || "";
    }).catch(function () { /* offline */ });
  };

  Tools.prototype.scenes = function () {
    var self = this;
    var pick = document.getElementById("scene-pick");
    pick.addEventListener("change", function () {
      self.board.clearScene();
      self.board.sceneId = pick.value;
      self.board.load();
    });
    document.getElementById("scene-show").addEventListener("click", function () {
      if (!self.scene()) { return; }
      var route = ROUTES.show(self.scene());
      self.page.request(route[0], route[1], route[2])
        .then(function () { self.board.say(self.words.scene_shown); self.fillScenes(); })
        .catch(function (error) { self.fail(error); });
    });
    var form = document.getElementById("scene-form");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = new FormData();
      ["name", "grid_size", "unit_per_square"].forEach(function (name) {
        data.append(name, form.elements[name].value);
      });
      var file = form.elements.image.files[0];
      if (file) { data.append("image", file); } else {
        data.append("width", form.elements.width.value);
        data.append("height", form.elements.height.value);
      }
      self.page.request("POST", "/scenes", data).then(function (answer) {
        self.board.clearScene();
        self.board.sceneId = answer.scene.id;
        self.board.say(self.words.scene_made);
        form.reset();
        return self.board.load().then(function () { return self.fillScenes(); });
      }).catch(function (error) { self.fail(error); });
    });
    document.addEventListener("ecran:board-change", function (event) {
      if (event.detail === "scenes") { self.fillScenes(); }
    });
    this.settings();
  };

  // The open scene's name and grid: filled from the scene as it is (unless the GM is typing
  // in it), saved with PATCH …/scenes/{sid}; a grid lined up with the map's own drawn grid
  // is a size and a shift.
  Tools.prototype.settings = function () {
    var self = this;
    // what acts on the open scene waits for one: pressed in the page's first instant (its
    // scene not opened yet), it did nothing and said nothing
    function ready() {
      var none = !self.board.scene;
      ["grid-save", "scene-map-replace", "scene-show", "scene-delete"].forEach(function (id) {
        var button = document.getElementById(id);
        if (button) { button.disabled = none; }
      });
    }
    document.addEventListener("ecran:board-change", function (event) {
      if (event.detail === "scene") { ready(); }
    });
    ready();
    this.sceneReady = ready;
    var form = document.getElementById("scene-settings-form");
    if (!form) { return; }
    var FIELDS = ["name", "grid_size", "unit_per_square", "offset_x", "offset_y", "diagonal"];
    function fill() {
      var s = self.board.scene;
      if (!s || form.contains(document.activeElement)) { return; }
      FIELDS.forEach(function (name) { form.elements[name].value = String(s[name]); });
    }
    document.addEventListener("ecran:board-change", function (event) {
      if (event.detail === "scene") { fill(); }
    });
    fill();
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!self.scene()) { return; }
      var body = {};
      FIELDS.forEach(function (name) {
        var value = form.elements[name].value;
        body[name] = name === "name" || name === "diagonal" ? value : Number(value);
      });
      self.page.request("PATCH", "/scenes/" + encodeURIComponent(self.scene()), body)
        .then(function () {
          self.board.say(self.words.grid_saved);
          return self.board.load().then(function () { return self.fillScenes(); });
        })
        .catch(function (error) { self.fail(error); });
    });
    // another map for the scene (PUT …/image): the tokens and the fog stay where they are
    var mapForm = document.getElementById("scene-map-form");
    mapForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var file = mapForm.elements.image.files[0];
      if (!self.scene() || !file) { return; }
      var data = new FormData();
      data.append("image", file);
      self.page.request("PUT", "/scenes/" + encodeURIComponent(self.scene()) + "/image", data)
        .then(function (answer) {
          mapForm.reset();
          // a smaller map brings tokens off it to its edge: the answer names them
          self.board.say(answer.warning || self.words.map_replaced, !!answer.warning);
          self.board.clearScene();
          return self.board.load();
        })
        .catch(function (error) { self.fail(error); });
    });
    document.getElementById("scene-delete").addEventListener("click", function () {
      var sid = self.scene();
      if (!sid || !window.confirm(self.words.delete_ask)) { return; }
      self.page.request("DELETE", "/scenes/" + encodeURIComponent(sid))
        .then(function () {
          self.board.clearScene();
          self.board.sceneId = null;
          self.sceneReady();
          self.board.say(self.words.scene_deleted);
          return self.fillScenes().then(function () {
            var pick = document.getElementById("scene-pick");
            var next = pick.options.length ? pick.options[0].value : "";  // another, if any
            if (next) { pick.value = next; self.board.sceneId = next; return self.board.load(); }
            self.board.changed("scene");
          });
        })
        .catch(function (error) { self.fail(error); });
    });
  };

  // -- tokens --------------------------------------------------------------------------------

  Tools.prototype.tokens = function () {
    var self = this;
    var form = document.getElementById("token-form");
    var who = document.getElementById("token-who");
    var hidden = document.getElementById("token-hidden");
    var button = document.getElementById("token-place");
    function secretDefault() {
      var option = who.options[who.selectedIndex];
      hidden.checked = !!option && option.dataset.secret === "true";
    }
    who.addEventListener("change", secretDefault);
    secretDefault();
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var on = button.getAttribute("aria-pressed") !== "true";
      self.stopDrawing();
      button.setAttribute("aria-pressed", on ? "true" : "false");
      self.placing = on ? { who: who.value, hidden: hidden.checked } : null;
      self.board.say(on ? self.words.place : "");
      if (on) { self.board.inHand("place"); }
    });
    // the board's measure or area taken up: the token to place and the fog drawing let go
    document.addEventListener("ecran:board-tool", function (event) {
      var tool = event.detail && event.detail.tool;
      if (tool !== "measure" && tool !== "area") { return; }
      self.stopDrawing();
      self.placing = null;
      button.setAttribute("aria-pressed", "false");
    });
    function place(latlng, focus) {
      if (!self.placing || !self.scene()) { return false; }
      var chosen = self.placing;
      self.placing = null;
      button.setAttribute("aria-pressed", "false");
      var parts = chosen.who.split(":");
      var at = self.cell(latlng.lng, -latlng.lat);
      var body = { x: at.x, y: at.y, hidden: chosen.hidden };
      if (parts[0] === "participant") {  // numbered per encounter: both ids name it
        body.encounter_id = parts[1];
        body.participant_id = parts.slice(2).join(":");
      } else {
        body[parts[0]] = parts.slice(1).join(":");
      }
      self.page.request("POST", "/scenes/" + encodeURIComponent(self.scene()) + "/tokens", body)
        .then(function (answer) {
          if (answer.token) { self.board.heard(answer.token.id); self.board.putToken(answer.token); }
          var marker = focus && answer.token && self.board.markers[answer.token.id];
          if (marker && marker.getElement()) { marker.getElement().focus(); }
          self.board.say(self.words.placed);
        })
        .catch(function (error) { self.fail(error); });
      return true;
    }
    this.map.on("click", function (event) { place(event.latlng); });
    // a keyboard cannot click the map: Enter on the focused map places the token on the
    // square at the view's centre, and the token takes the focus (its arrow keys move it)
    var holder = this.map.getContainer();
    holder.addEventListener("keydown", function (event) {
      if (event.target !== holder || (event.key !== "Enter" && event.key !== " ")) { return; }
      if (place(self.map.getCenter(), true)) { event.preventDefault(); }
    });
    this.selection();
    this.freeMovement();
  };

  // The GM's switch: players move their tokens out of their turn too (or not). The table's
  // state is read as the page opens; a choice the GM made before that answer came outranks it
  // (the answer was read before the choice was sent: it would untick a switch the table has on).
  Tools.prototype.freeMovement = function () {
    var box = document.getElementById("free-movement");
    var self = this;
    var chosen = false;
    this.page.request("GET", "/board")
      .then(function (whole) { if (!chosen) { box.checked = !!whole.free_movement; } })
      .catch(function () { /* offline */ });
    box.addEventListener("change", function () {
      chosen = true;
      self.page.request("PUT", "/free-movement", { free: box.checked })
        .catch(function (error) { box.checked = !box.checked; self.fail(error); });
    });
  };

  Tools.prototype.selection = function () {
    var self = this;
    var name = document.getElementById("token-selected-name");
    var actions = document.querySelector("#token-selected .token-actions");
    var ground = document.getElementById("flag-on-ground");
    var higher = document.getElementById("flag-higher-ground");
    var facing = document.getElementById("token-facing");
    function show() {
      var t = self.board.tokens[self.board.selected];
      actions.hidden = !t;
      if (!t) { name.textContent = self.words.no_token; return; }
      name.textContent = t.name + (t.hidden ? " · " + self.words.hidden : "");
      ground.checked = !!(t.flags && t.flags.on_ground);
      higher.checked = !!(t.flags && t.flags.higher_ground);
      facing.value = t.facing === null || t.facing === undefined ? "" : String(t.facing);
    }
    document.addEventListener("ecran:board-select", show);
    document.addEventListener("ecran:board-change", show);
    function change(method, body) {
      var tid = self.board.selected;
      if (!tid || !self.scene()) { return; }
      self.page.request(method, ROUTES.token(self.scene(), tid), body)
        .then(function (answer) {
          if (method === "DELETE") { self.board.dropToken(tid); }
          else if (answer.token) { self.board.heard(answer.token.id); self.board.putToken(answer.token); }
        })
        .catch(function (error) { self.fail(error); });
    }
    document.getElementById("token-reveal").addEventListener("click", function () {
      change("PATCH", { hidden: false });
    });
    document.getElementById("token-hide").addEventListener("click", function () {
      change("PATCH", { hidden: true });
    });
    function flags() {
      change("PATCH", { flags: { on_ground: ground.checked, higher_ground: higher.checked } });
    }
    ground.addEventListener("change", flags);
    higher.addEventListener("change", flags);
    facing.addEventListener("change", function () {
      // the API turns a token with its move: the same place, the new facing
      var t = self.board.tokens[self.board.selected];
      if (t && facing.value !== "") {
        change("PATCH", { x: t.x, y: t.y, facing: Number(facing.value) });
      }
    });
    document.getElementById("token-remove").addEventListener("click", function () {
      change("DELETE");
    });
  };

  // -- fog -----------------------------------------------------------------------------------

  Tools.prototype.sendFog = function (reveal, box) {
    var self = this;
    if (!this.scene()) { return Promise.resolve(); }
    var body = reveal ? { reveal: [box], hide: [] } : { reveal: [], hide: [box] };
    return this.page.request("POST", "/scenes/" + encodeURIComponent(this.scene()) + "/fog", body)
      .then(function () {
        self.board.say(self.words.fog_done);
        return self.board.load();
      })
      .catch(function (error) { self.fail(error); });
  };

  // A polygon of fog: its corners clicked on the map, sent when closed (3 at least).
  Tools.prototype.polygon = function () {
    var self = this;
    var done = document.getElementById("fog-poly-done");
    this.fogButtons("fog-poly-reveal", "fog-poly-hide", function (reveal) {
      self.corners = { reveal: reveal, points: [] };
      done.hidden = false;
      self.board.say(self.words.fog_poly);
    });
    this.map.on("click", function (event) {
      if (!self.corners) { return; }
      var s = self.board.scene;
      self.corners.points.push([
        Math.round(Math.min(Math.max(event.latlng.lng, 0), s.width)),
        Math.round(Math.min(Math.max(-event.latlng.lat, 0), s.height))
      ]);
      var line = self.corners.points.map(function (p) { return L.latLng(-p[1], p[0]); });
      self.showDraft(L.polygon, "setLatLngs", line);
    });
    done.addEventListener("click", function () {
      var chosen = self.corners;
      self.stopDrawing();
      if (chosen && chosen.points.length >= 3) {
        self.sendFog(chosen.reveal, { points: chosen.points });
      }
    });
  };

  // The two buttons (reveal, hide) of one way of drawing fog: pressing one stops any drawing
  // and, unless it was pressed already, presses it and calls start(reveal).
  Tools.prototype.fogButtons = function (revealId, hideId, start) {
    var self = this;
    [[revealId, true], [hideId, false]].forEach(function (pair) {
      var button = document.getElementById(pair[0]);
      button.addEventListener("click", function () {
        var on = button.getAttribute("aria-pressed") !== "true";
        self.stopDrawing();
        if (!on) { self.board.say(""); return; }
        button.setAttribute("aria-pressed", "true");
        self.board.inHand("fog");
        start(pair[1]);
      });
    });
  };

  // The shape being drawn, made by `make` (L.polygon, L.rectangle) the first time and then
  // moved with its method `update` (setLatLngs, setBounds).
  Tools.prototype.showDraft = function (make, update, corners) {
    if (this.draft) { this.draft[update](corners); return; }
    this.draft = make(corners, { className: "board-fog-draft", interactive: false })
      .addTo(this.map);
  };

  Tools.prototype.stopDrawing = function () {
    this.drawing = null;
    this.corners = null;
    var done = document.getElementById("fog-poly-done");
    if (done) { done.hidden = true; }
    ["fog-poly-reveal", "fog-poly-hide"].forEach(function (id) {
      var button = document.getElementById(id);
      if (button) { button.setAttribute("aria-pressed", "false"); }
    });
    ["fog-reveal-draw", "fog-hide-draw", "fog-brush-reveal", "fog-brush-hide"].forEach(function (id) {
      var button = document.getElementById(id);
      if (button) { button.setAttribute("aria-pressed", "false"); }
    });
    this.painting = null;
    if (this.draft) { this.map.removeLayer(this.draft); this.draft = null; }
    this.map.dragging.enable();
  };

  Tools.prototype.fog = function () {
    var self = this;
    this.fogButtons("fog-reveal-draw", "fog-hide-draw", function (reveal) {
      self.drawing = { reveal: reveal, from: null };
      self.map.dragging.disable();  // a drag now draws the area
      self.board.say(self.words.fog_draw);
    });
    // pointer events on the map's element: a mouse, a pen or a finger draws the rectangle
    var holder = this.map.getContainer();
    function point(event) {
      var at = self.map.mouseEventToLatLng(event);
      return { x: at.lng, y: -at.lat };
    }
    holder.addEventListener("pointerdown", function (event) {
      if (!self.drawing) { return; }
      event.preventDefault();
      event.stopPropagation();
      self.drawing.from = point(event);
    }, true);
    holder.addEventListener("pointermove", function (event) {
      if (!self.drawing || !self.drawing.from) { return; }
      var a = self.drawing.from;
      var b = point(event);
      self.showDraft(L.rectangle, "setBounds", [L.latLng(-a.y, a.x), L.latLng(-b.y, b.x)]);
    }, true);
    holder.addEventListener("pointerup", function (event) {
      if (!self.drawing || !self.drawing.from) { return; }
      var a = self.drawing.from;
      var b = point(event);
      var reveal = self.drawing.reveal;
      self.stopDrawing();
      var s = self.board.scene;
      var x = Math.max(0, Math.min(a.x, b.x));
      var y = Math.max(0, Math.min(a.y, b.y));
      var w = Math.min(s.width, Math.max(a.x, b.x)) - x;
      var h = Math.min(s.height, Math.max(a.y, b.y)) - y;
      if (w >= 1 && h >= 1) {
        self.sendFog(reveal, [Math.round(x), Math.round(y), Math.round(w), Math.round(h)]);
      }
    }, true);
    var form = document.getElementById("fog-form");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var box = ["x", "y", "w", "h"].map(function (f) { return Number(form.elements[f].value); });
      self.sendFog(!event.submitter || event.submitter.value !== "0", box);
    });
    [["fog-reveal-all", true], ["fog-hide-all", false]].forEach(function (pair) {
      document.getElementById(pair[0]).addEventListener("click", function () {
        var s = self.board.scene;
        if (s) { self.sendFog(pair[1], [0, 0, s.width, s.height]); }
      });
    });
  };

  // The fog brush: a drag paints a round brush's path, sent when the pointer lifts (the server
  // stores it as polygons); its radius is in the scene's pixels.
  Tools.prototype.brush = function () {
    var self = this;
    var size = document.getElementById("fog-brush-size");
    if (!size) { return; }
    this.fogButtons("fog-brush-reveal", "fog-brush-hide", function (reveal) {
      self.painting = { reveal: reveal, points: null };
      self.map.dragging.disable();  // a drag now paints
      self.board.say(self.words.fog_brush);
    });
    function radius() { return Math.min(1024, Math.max(2, Number(size.value) || 35)); }
    function point(event) {
      var at = self.map.mouseEventToLatLng(event);
      var s = self.board.scene;
      return [Math.round(Math.min(Math.max(at.lng, 0), s.width)),
        Math.round(Math.min(Math.max(-at.lat, 0), s.height))];
    }
    function trail() {
      var latlngs = self.painting.points.map(function (p) { return L.latLng(-p[1], p[0]); });
      var weight = 2 * radius() * Math.pow(2, self.map.getZoom());  // CRS.Simple: 2^zoom px a unit
      if (self.draft) { self.draft.setLatLngs(latlngs); self.draft.setStyle({ weight: weight }); return; }
      self.draft = L.polyline(latlngs, { className: "board-fog-brush", interactive: false,
        weight: weight, lineCap: "round", lineJoin: "round" }).addTo(self.map);
    }
    var holder = this.map.getContainer();
    holder.addEventListener("pointerdown", function (event) {
      if (!self.painting) { return; }
      event.preventDefault();
      event.stopPropagation();
      self.painting.points = [point(event)];
      trail();
    }, true);
    holder.addEventListener("pointermove", function (event) {
      var painting = self.painting;
      if (!painting || !painting.points) { return; }
      var p = point(event);
      var last = painting.points[painting.points.length - 1];
      if (Math.abs(p[0] - last[0]) + Math.abs(p[1] - last[1]) < 3 || painting.points.length >= 2000) { return; }
      painting.points.push(p);
      trail();
    }, true);
    holder.addEventListener("pointerup", function () {
      var painting = self.painting;
      if (!painting || !painting.points) { return; }
      var stroke = { reveal: painting.reveal, radius: radius(), points: painting.points };
      painting.points = null;  // the brush stays in hand for the next stroke
      if (self.draft) { self.map.removeLayer(self.draft); self.draft = null; }
      self.page.request("POST", "/scenes/" + encodeURIComponent(self.scene()) + "/fog", { brush: stroke })
        .then(function () {
          self.board.say(self.words.fog_done);
          return self.board.load();
        })
        .catch(function (error) { self.fail(error); });
    }, true);
  };

  document.addEventListener("DOMContentLoaded", function () {
    var page = window.ecranBoardPage;
    if (!page || !page.gm || !document.getElementById("scene-form")) { return; }
    var tools = new Tools(page);
    window.ecranBoardTools = tools;
    tools.scenes();
    tools.tokens();
    tools.fog();
    tools.polygon();
    tools.brush();
    tools.fillScenes();
  });
})();
