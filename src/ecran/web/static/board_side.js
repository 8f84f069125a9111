// The board page's panels for every member (board.html): the scene to open first, the attack
// panel (from one token to another: the check's positional parameters as the server filled
// them from the board, labelled and editable, and its exact odds, asked of the server again
// when a token moves or a value is edited: nothing is computed here), and the Documents panel
// (the handouts this member was given, live).
//
// Everything comes from the table's JSON API as this member may see it; the words come from
// the page (`data-words`, the web catalogues). No inline script: it runs under the page's CSP.
(function () {
  "use strict";

  var LANG = document.documentElement.lang === "en" ? "en" : "fr";

  // A probability as the pages print it: « 6,4 % » (narrow no-break space), "6.4%"; a rare
  // outcome « < 0,1 % », never « 0 % ».
  function percent(p) {
    var tenths = Math.round(p * 1000) / 10;
    var shown = tenths > 0 ? tenths.toString() : "0.1";
    if (LANG === "fr") { shown = shown.replace(".", ",") + "\u202f%"; } else { shown += "%"; }
    return tenths > 0 ? shown : "< " + shown;
  }
  var RECOMPUTE_MS = 300;  // a drag moves a token a few times a second: ask once it settles

  function Page(root, board) {
    this.root = root;
    this.board = board;
    this.api = root.dataset.api;
    this.gm = root.dataset.gm === "true";
    this.words = JSON.parse(root.dataset.words || "{}");
    this.checks = JSON.parse(root.dataset.checks || "{}");
    this.timer = null;
    this.asked = 0;
    this.edits = {};
  }

  Page.prototype.request = function (method, path, body) {
    var headers = { "Accept": "application/json", "X-CSRF-Token": this.board.csrf };
    var sent = body;
    if (body !== undefined && !(body instanceof FormData)) {
      headers["Content-Type"] = "application/json";
      sent = JSON.stringify(body);
    }
    return fetch(this.api + path, {
      method: method, headers: headers, credentials: "same-origin", body: sent
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok) {
          var detail = answer && answer.detail;
          throw new Error(typeof detail === "string" ? detail : String(response.status));
        }
        return answer;
      });
    });
  };

  // A text of the API in the page's language ({"fr", "en"} or a plain string).
  function local(text) {
    if (text && typeof text === "object") { return text[LANG] || text.fr || ""; }
    return text === undefined || text === null ? "" : String(text);
  }

  function element(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) { el.className = cls; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }

  // -- the scene to open ---------------------------------------------------------------------

  // A board event came (table.js): the scene and the documents as this member sees them now.
  Page.prototype.sync = function () {
    var self = this;
    clearTimeout(this.syncing);
    this.syncing = setTimeout(function () {
      if (self.board.sceneId) { self.board.load(); } else { self.openFirst(); }
      self.handouts();
    }, 100);
  };

  // The scene list as the API gives it: `{"shown", "scenes": [view…]}` or a list of views or
  // of scene heads; always `{shown, scenes: [head…]}` here.
  Page.prototype.scenes = function () {
    return this.request("GET", "/scenes").then(function (answer) {
      var items = Array.isArray(answer) ? answer : (answer.scenes || []);
      return {
        shown: Array.isArray(answer) ? null : (answer.shown || null),
        scenes: items.map(function (item) { return item.scene || item; })
      };
    });
  };

  Page.prototype.openFirst = function () {
    var self = this;
    return this.scenes().then(function (list) {
      var pick = list.shown || (list.scenes.length ? list.scenes[list.scenes.length - 1].id : null);
      if (!self.gm && !list.shown && list.scenes.length) { pick = list.scenes[0].id; }
      if (pick) {
        self.board.sceneId = pick;
        return self.board.load();
      }
      self.sceneName();
    }).catch(function () { self.sceneName(); });
  };

  Page.prototype.sceneName = function () {
    var holder = document.getElementById("board-scene-name");
    if (!holder) { return; }
    holder.textContent = this.board.scene ? this.board.scene.name : this.words.none_shown;
  };

  // -- the attack panel ----------------------------------------------------------------------

  Page.prototype.fillTokens = function () {
    var from = document.getElementById("attack-from");
    var to = document.getElementById("attack-to");
    if (!from || !to) { return; }
    var tokens = this.board.tokens;
    var ids = Object.keys(tokens).sort(function (a, b) {
      return (tokens[a].name || "").localeCompare(tokens[b].name || "");
    });
    var gm = this.gm;
    var self = this;
    var attackers = ids.filter(function (id) {
      return tokens[id].character_id && (gm || tokens[id].mine);
    });
    this.options(from, attackers, function (id) {
      return tokens[id].name + (tokens[id].mine ? " (" + self.words.yours + ")" : "");
    });
    this.options(to, ids.filter(function (id) { return id !== from.value; }),
      function (id) { return tokens[id].name; });
  };

  Page.prototype.options = function (select, ids, name) {
    var kept = select.value;
    select.textContent = "";
    select.appendChild(element("option", "", "—")).value = "";
    ids.forEach(function (id) {
      var option = select.appendChild(element("option", "", name(id)));
      option.value = id;
    });
    select.value = ids.indexOf(kept) >= 0 ? kept : (ids.length === 1 || (kept === "" && ids.length) ? ids[0] : "");
  };

  Page.prototype.soon = function () {
    var self = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { self.attack(); }, RECOMPUTE_MS);
  };

  Page.prototype.attack = function () {
    var out = document.getElementById("attack-result");
    var from = document.getElementById("attack-from");
    var to = document.getElementById("attack-to");
    if (!out || !from || !to) { return; }
    var attacker = this.board.tokens[from.value];
    var target = this.board.tokens[to.value];
    if (!attacker || !target || !attacker.character_id) {
      out.textContent = this.words.pick_two;
      return;
    }
    var asked = ++this.asked;
    var self = this;
    var pair = attacker.id + ">" + target.id;
    if (out.dataset.pair !== pair) {
      // another attacker or target: what is shown is no longer theirs
      out.textContent = "";
      out.dataset.pair = "";
    }
    out.setAttribute("aria-busy", "true");
    this.pair = { cid: attacker.character_id, tid: target.id };
    this.request("GET", "/characters/" + encodeURIComponent(attacker.character_id) +
      "/actions?odds=true&target_token=" + encodeURIComponent(target.id))
      .then(function (actions) {
        if (asked !== self.asked) { return; }  // a later move asked again
        out.removeAttribute("aria-busy");
        out.dataset.pair = pair;
        var shown = actions.filter(function (a) { return self.checks[a.check]; });
        var key = JSON.stringify([attacker.id, target.id, shown]);
        if (key === self.shownKey && out.querySelector(".attack-board")) { return; }  // as it is
        self.shownKey = key;
        self.showActions(out, shown);
      })
      .catch(function (error) {
        if (asked !== self.asked) { return; }
        out.removeAttribute("aria-busy");
        out.dataset.pair = pair;
        out.textContent = self.board.headed(self.words.error, error.message);
      });
  };

  // The positional parameters the server filled, whatever it calls them: `{param: {value,
  // label}}`, `{param: [value, label]}` or `[{param, value, label}]`.
  function positions(action) {
    var given = action.positions || action.board || action.positional || null;
    var found = {};
    if (Array.isArray(given)) {
      given.forEach(function (p) { found[p.param] = { value: p.value, label: local(p.label) }; });
    } else if (given && typeof given === "object") {
      Object.keys(given).forEach(function (name) {
        var p = given[name];
        found[name] = Array.isArray(p) ? { value: p[0], label: local(p[1]) }
          : (p && typeof p === "object" && "value" in p)
            ? { value: p.value, label: local(p.label), secret: !!p.secret }
            : { value: p, label: "" };
      });
    }
    return found;
  }

  Page.prototype.showActions = function (out, actions) {
    out.textContent = "";
    if (!actions.length) { out.appendChild(element("p", "muted", this.words.no_attack)); return; }
    var self = this;
    actions.slice(0, 6).forEach(function (action, index) {
      out.appendChild(self.actionBlock(action, index));
    });
  };

  // One action: the board's parameters (and the values its odds wait for), editable; its
  // odds as the server gave them, or asked again with what the member typed. What they typed
  // stays while the tokens move, except a value of the board's once the board changes it.
  Page.prototype.actionBlock = function (action, index) {
    var check = this.checks[action.check];
    var key = action.check + "|" + JSON.stringify(action.label);
    var edits = this.edits[key] || (this.edits[key] = {});
    var block = element("div", "attack-board");
    block.dataset.check = action.check;
    block.appendChild(element("h3", "", local(action.label) || check.label));
    var filled = positions(action);
    var params = Object.assign({}, action.params || {});
    // what the target's sheet set (not a field of the board's): said once, by whose sheet; a
    // secret NPC's values never came (the server counts them in the odds it gives)
    var sheetSaid = {};
    var secret = false;  // then the server prices the edits, with the values it keeps
    Object.keys(filled).forEach(function (name) {
      if (check.board.indexOf(name) < 0) { sheetSaid[filled[name].label] = true; }
      if (filled[name].secret) { secret = true; delete filled[name]; } else { params[name] = filled[name].value; }
    });
    Object.keys(sheetSaid).forEach(function (said) {
      if (said) { block.appendChild(element("p", "muted from-sheet", said)); }
    });
    Object.keys(edits).forEach(function (name) {
      var board = name in filled ? JSON.stringify(filled[name].value) : null;
      if (board !== edits[name].board) { delete edits[name]; return; }
      params[name] = edits[name].value;
    });
    var shown = check.board.filter(function (name) { return name in params; });
    (action.needs || []).concat(Object.keys(edits)).forEach(function (wanted) {
      var name = check.fields[wanted] ? wanted : Object.keys(check.fields).filter(function (f) {
        return check.fields[f].label === wanted;
      })[0];
      if (name && shown.indexOf(name) < 0) { shown.push(name); }
    });
    var odds = element("div", "attack-odds");
    var self = this;
    shown.forEach(function (name) {
      block.appendChild(self.field(action, index, name, params, filled[name], function (value) {
        edits[name] = { value: value, board: name in filled ? JSON.stringify(filled[name].value) : null };
        params[name] = value;
        if (secret) { self.repriceKept(action, edits, odds); } else { self.reprice(action.check, params, odds); }
      }));
    });
    block.appendChild(odds);
    // data-state: "odds", "error", "none" or "pending" (asked again), for the curious and tests
    block.dataset.state = "none";
    if (Object.keys(edits).length) {
      if (secret) { this.repriceKept(action, edits, odds); } else { this.reprice(action.check, params, odds); }
    }
    else if (action.odds) { this.oddsTable(odds, action.check, action.odds.outcomes); }
    else if (action.odds_error) {
      odds.appendChild(element("p", "error", action.odds_error));
      block.dataset.state = "error";
    }
    return block;
  };

  // One parameter: its field's label, the board's words beside it, editable.
  Page.prototype.field = function (action, index, name, params, filled, changed) {
    var meta = this.checks[action.check].fields[name];
    var row = element("div", "board-param");
    row.dataset.param = name;
    var id = "attack-" + index + "-" + name;
    var label = row.appendChild(element("label", "", meta.label));
    label.htmlFor = id;
    var input;
    var value = params[name] === undefined || params[name] === null ? "" : String(params[name]);
    if (meta.kind === "bool") {
      input = element("input");
      input.type = "checkbox";
      input.checked = !!params[name];
      input.addEventListener("change", function () { changed(input.checked); });
    } else if (meta.choices && meta.choices.length) {
      input = element("select");
      meta.choices.forEach(function (c) {
        var option = input.appendChild(element("option", "", c[1]));
        option.value = c[0];
      });
      // the board may spell a choice its own way ("point-blank" for point_blank)
      var plain = function (v) { return String(v).toLowerCase().replace(/[\s-]/g, "_"); };
      var match = meta.choices.filter(function (c) { return plain(c[0]) === plain(value); })[0];
      input.value = match ? String(match[0]) : value;
      input.addEventListener("change", function () { changed(input.value); });
    } else {
      input = element("input");
      var numeric = meta.kind === "int" || meta.kind === "number";
      input.type = numeric ? "number" : "text";
      if (meta.kind === "number") { input.step = "any"; }
      input.value = value;
      input.addEventListener("change", function () {
        changed(numeric && input.value !== "" ? Number(input.value) : input.value);
      });
    }
    input.id = id;
    input.name = name;
    row.appendChild(input);
    if (filled) {
      row.appendChild(element("span", "from-board", filled.label || this.words.from_board));
    }
    return row;
  };

  // Ask for odds shown in `holder`: `asking()` sends the request, `answered` shows its answer
  // (or throws, shown as the error). An edit made meanwhile asks again: only the last answer shows.
  Page.prototype.askOdds = function (holder, asking, answered) {
    var self = this;
    holder.parentNode.dataset.state = "pending";
    var asked = (holder.asked || 0) + 1;
    holder.asked = asked;
    asking()
      .then(function (answer) {
        if (holder.asked === asked) { answered(answer); }
      })
      .catch(function (error) {
        if (holder.asked !== asked) { return; }
        holder.textContent = "";
        holder.appendChild(element("p", "error", self.board.headed(self.words.error, error.message)));
        holder.parentNode.dataset.state = "error";
      });
  };

  Page.prototype.reprice = function (check, params, holder) {
    var self = this;
    this.askOdds(holder, function () {
      return self.request("POST", "/odds", { check: check, params: params });
    }, function (report) { self.oddsTable(holder, check, report.outcomes); });
  };

  // The odds of an action whose target's sheet the GM keeps, with the member's edits: the
  // server puts the edits in and counts the values it does not show (GET …/actions?set=…).
  Page.prototype.repriceKept = function (action, edits, holder) {
    var self = this;
    var pair = this.pair;
    if (!pair) { return; }
    var set = {};
    Object.keys(edits).forEach(function (name) { set[name] = edits[name].value; });
    this.askOdds(holder, function () {
      return self.request("GET", "/characters/" + encodeURIComponent(pair.cid) +
        "/actions?odds=true&target_token=" + encodeURIComponent(pair.tid) + "&set=" +
        encodeURIComponent(JSON.stringify(set)));
    }, function (actions) {
      var same = actions.filter(function (a) {
        return a.check === action.check && JSON.stringify(a.label) === JSON.stringify(action.label);
      })[0];
      if (!same || !same.odds) { throw new Error((same && same.odds_error) || "?"); }
      self.oddsTable(holder, action.check, same.odds.outcomes);
    });
  };

  Page.prototype.oddsTable = function (holder, check, outcomes) {
    holder.textContent = "";
    var words = this.checks[check].outcomes;
    var table = element("table", "board-odds");
    table.appendChild(element("caption", "sr-only", this.words.odds));
    var head = table.appendChild(element("thead")).appendChild(element("tr"));
    [this.words.outcome, this.words.probability].forEach(function (w) {
      head.appendChild(element("th", "", w)).scope = "col";
    });
    var body = table.appendChild(element("tbody"));
    // as the table page shows odds: an impossible outcome left out (kept in the JSON), the
    // percentage first, the exact fraction under it (it may run to sixty digits)
    (outcomes || []).filter(function (o) { return o.p > 0; }).forEach(function (o) {
      var tr = body.appendChild(element("tr"));
      tr.dataset.outcome = o.outcome;
      tr.dataset.probability = o.probability;
      tr.appendChild(element("th", "", words[o.outcome] || o.outcome)).scope = "row";
      var cell = tr.appendChild(element("td", "num"));
      cell.appendChild(element("span", "pct", percent(o.p)));
      cell.appendChild(element("code", "exact", o.probability));
    });
    holder.appendChild(table);
    if (holder.parentNode) { holder.parentNode.dataset.state = "odds"; }
  };

  // -- the Documents panel -------------------------------------------------------------------

  Page.prototype.handouts = function () {
    var self = this;
    return this.request("GET", "/handouts").then(function (answer) {
      var items = Array.isArray(answer) ? answer : (answer.handouts || []);
      var list = document.getElementById("handouts");
      if (list) { list.textContent = ""; }
      items.forEach(function (h) { self.handout(h); });
      self.emptyHandouts();
    }).catch(function () { /* offline: the live frames fill it */ });
  };

  Page.prototype.emptyHandouts = function () {
    var list = document.getElementById("handouts");
    if (!list) { return; }
    var empty = list.querySelector(".handouts-empty");
    var any = list.querySelector("[data-handout]");
    if (any && empty) { empty.remove(); }
    if (!any && !empty) { list.appendChild(element("li", "muted handouts-empty", this.words.no_handout)); }
  };

  Page.prototype.handout = function (h) {
    var list = document.getElementById("handouts");
    if (!list || !h || !h.id) { return; }
    var item = list.querySelector("[data-handout='" + CSS.escape(h.id) + "']") || element("li");
    item.textContent = "";
    item.dataset.handout = h.id;
    item.appendChild(element("h3", "", h.title));
    if (h.has_image) {
      var img = element("img");
      img.alt = h.title;
      img.src = this.api + "/handouts/" + encodeURIComponent(h.id) + "/image";
      item.appendChild(img);
    }
    if (typeof h.html === "string") {
      // the server's rendering of the Markdown (web/markdown.py: no raw HTML passes)
      var text = item.appendChild(element("div", "handout-text handout-html"));
      text.innerHTML = h.html;
    } else if (h.text) { item.appendChild(element("div", "handout-text", h.text)); }
    if (this.gm) { item.appendChild(this.revealForm(h)); }
    if (!item.parentNode) { list.insertBefore(item, list.firstChild); }
    this.emptyHandouts();
  };

  // The GM's "show it to more players": the players who do not have it yet.
  Page.prototype.revealForm = function (h) {
    var row = element("div", "handout-reveal");
    if (h.to === "all" || h.to === undefined) {
      row.appendChild(element("span", "muted", "→ " + this.words.to_all));
      return row;
    }
    var self = this;
    var players = document.querySelectorAll("#handout-form input[name='to']");
    var names = [];
    var more = [];
    Array.prototype.forEach.call(players, function (box) {
      if (h.to.indexOf(box.value) >= 0) { names.push(box.dataset.name); return; }
      var label = element("label", "check");
      var tick = label.appendChild(element("input"));
      tick.type = "checkbox";
      tick.value = box.value;
      label.appendChild(document.createTextNode(" " + box.dataset.name));
      more.push(label);
    });
    row.appendChild(element("span", "muted", "→ " + (names.join(", ") || this.words.gm_only)));
    if (!more.length) { return row; }
    more.forEach(function (label) { row.appendChild(label); });
    var button = row.appendChild(element("button", "", this.words.reveal_more || "+"));
    button.type = "button";
    button.className = "handout-reveal-button";
    button.addEventListener("click", function () {
      var chosen = Array.prototype.map.call(row.querySelectorAll("input:checked"),
        function (box) { return box.value; });
      if (!chosen.length) { return; }
      self.request("POST", "/handouts/" + encodeURIComponent(h.id) + "/reveal",
        { to: h.to.concat(chosen) })
        .then(function (answer) { self.handout(answer.handout || answer); })
        .catch(function (error) { self.board.sayHeaded(self.words.error, error.message, true); });
    });
    return row;
  };

  Page.prototype.shareForm = function () {
    var form = document.getElementById("handout-form");
    if (!form) { return; }
    var self = this;
    // « Everyone » and the players exclude each other: a GM who ticks Ana means Ana alone
    var everyone = form.querySelector("#handout-all");
    var players = form.querySelectorAll("input[name='to']");
    everyone.addEventListener("change", function () {
      if (everyone.checked) {
        Array.prototype.forEach.call(players, function (box) { box.checked = false; });
      }
    });
    Array.prototype.forEach.call(players, function (box) {
      box.addEventListener("change", function () { if (box.checked) { everyone.checked = false; } });
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var all = everyone.checked;
      var to = all ? "all" : Array.prototype.map.call(
        form.querySelectorAll("input[name='to']:checked"), function (box) { return box.value; });
      var file = form.querySelector("#handout-image").files[0];
      var body = { title: form.querySelector("#handout-title").value,
        text: form.querySelector("#handout-text").value, to: to };
      if (file) {
        var data = new FormData();
        data.append("title", body.title);
        data.append("text", body.text);
        data.append("to", to === "all" ? "all" : JSON.stringify(to));
        data.append("image", file);
        body = data;
      }
      self.request("POST", "/handouts", body)
        .then(function (answer) {
          self.handout(answer.handout || answer);
          form.reset();
          self.board.say(to.length === 0 ? self.words.kept : self.words.shared);
        })
        .catch(function (error) { self.board.sayHeaded(self.words.error, error.message, true); });
    });
  };

  // -- wiring --------------------------------------------------------------------------------

  document.addEventListener("DOMContentLoaded", function () {
    var root = document.getElementById("board-page");
    var board = window.ecranBoard;
    if (!root || !board) { return; }
    var page = new Page(root, board);
    window.ecranBoardPage = page;  // board_tools.js, the browser tests, the curious
    board.load = (function (load) {
      return function () { return load.call(board).then(function () { page.sceneName(); }); };
    })(board.load);
    document.addEventListener("ecran:board-change", function (event) {
      if (event.detail === "scene") { page.sceneName(); }
      page.fillTokens();
      page.soon();
    });
    // a live handout: its Markdown comes rendered by the server (GET …/handouts/{id})
    document.addEventListener("ecran:handout", function (event) {
      var h = event.detail;
      page.request("GET", "/handouts/" + encodeURIComponent(h.id))
        .then(function (answer) { page.handout(answer.handout || h); })
        .catch(function () { page.handout(h); });
    });
    ["attack-from", "attack-to"].forEach(function (id) {
      var select = document.getElementById(id);
      if (select) {
        select.addEventListener("change", function () { page.fillTokens(); page.attack(); });
      }
    });
    page.shareForm();
    page.openFirst();
    page.handouts();
  });
})();
