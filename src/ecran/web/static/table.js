// The live table's client: one WebSocket per page, which only says "something happened".
// The page then asks the server for the events after the last one it shows, each rendered
// for this member (rendering lives in Jinja2 only), and adds them to the log. A dropped
// connection reconnects with backoff and resumes after the last seq it has: no gap, no
// duplicate. If the WebSocket cannot connect at all, the page polls instead.
(function () {
  "use strict";

  // Cues a member asked for, off by default and kept in this browser: a short sound and a
  // browser notification, on their turn (turn.js) and on a whisper to them (here). One choice
  // for both (the same keys); the notification's permission is asked only on a click.
  var cue = {
    SOUND: "ecran.turn.sound",
    NOTIFY: "ecran.turn.notify",
    whispers: 0,
    sounds: 0,
    notifications: 0,
    stored: function (key) {
      try { return window.localStorage.getItem(key) === "on"; } catch (e) { return false; }
    },
    store: function (key, on) {
      try { window.localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private */ }
    },
    // A short tone; false when the browser has no audio.
    beep: function () {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) { return false; }
      try {
        var audio = new Context();
        var tone = audio.createOscillator();
        var gain = audio.createGain();
        tone.frequency.value = 660;
        gain.gain.setValueAtTime(0.15, audio.currentTime);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
        tone.connect(gain);
        gain.connect(audio.destination);
        tone.start();
        tone.stop(audio.currentTime + 0.4);
        return true;
      } catch (e) { return false; }  // no audio device: the visual cue stays
    },
    // A browser notification if the member asked for them and the browser allows it.
    notify: function (title, body) {
      if (!cue.stored(cue.NOTIFY) || !("Notification" in window)) { return false; }
      if (window.Notification.permission !== "granted") { return false; }
      try { new window.Notification(title, { body: body }); return true; }
      catch (e) { return false; }  // some browsers allow them from a service worker only
    }
  };
  window.ecranCue = cue;  // for turn.js, the browser tests and the curious

  // A whisper to me arrived live: it stands out, and sound and notification if asked for.
  function whispered(entry) {
    cue.whispers += 1;
    entry.classList.add("whisper-fresh");
    if (cue.stored(cue.SOUND) && cue.beep()) { cue.sounds += 1; }
    var prefs = document.getElementById("whisper-prefs");
    var who = entry.querySelector(".who");
    var text = entry.querySelector(".chat-text");
    var body = ((who ? who.textContent.trim() + " : " : "") +
      (text ? text.textContent.trim() : "")).slice(0, 160);
    if (cue.notify(prefs ? prefs.dataset.cueTitle || "" : "", body)) { cue.notifications += 1; }
  }

  function notifyState(span) {
    if (!span) { return; }
    if (!("Notification" in window)) { span.textContent = "✕"; return; }
    var on = window.Notification.permission === "granted" && cue.stored(cue.NOTIFY);
    span.textContent = on ? "✓" : "";
  }

  // The chat box's two choices (the same as the turn cue's).
  function cuePrefs() {
    var sound = document.getElementById("whisper-sound");
    var button = document.getElementById("whisper-notify");
    var span = document.getElementById("whisper-notify-state");
    if (sound) {
      sound.checked = cue.stored(cue.SOUND);
      sound.addEventListener("change", function () {
        cue.store(cue.SOUND, sound.checked);
        if (sound.checked && cue.beep()) { cue.sounds += 1; }  // the click unlocks audio
      });
    }
    if (button) {
      button.addEventListener("click", function () {
        if (!("Notification" in window)) { notifyState(span); return; }
        if (cue.stored(cue.NOTIFY) && window.Notification.permission === "granted") {
          cue.store(cue.NOTIFY, false);  // a second click turns them off
          notifyState(span);
          return;
        }
        window.Notification.requestPermission().then(function (answer) {
          cue.store(cue.NOTIFY, answer === "granted");
          notifyState(span);
        });
      });
    }
    notifyState(span);
    // The encounter page shows the turn cue's box too: one choice, so both boxes follow it.
    document.addEventListener("change", function (event) {
      var boxes = ["turn-sound", "whisper-sound"];
      if (boxes.indexOf(event.target.id) < 0) { return; }
      boxes.forEach(function (id) {
        var box = document.getElementById(id);
        if (box) { box.checked = event.target.checked; }
      });
    });
  }

  function Live(root) {
    this.root = root;
    this.last = parseInt(root.dataset.lastSeq || "0", 10);
    // The newest event whose live effects ran (the board's changes, a warning, a re-read). Not
    // `last`: the log's catch-up (`catchUp`) reads events as HTML and moves `last` past an
    // event whose frame has not come yet; that frame must still move the board's tokens (a
    // drag's drop was lost so: the GM's page kept the passing move).
    this.applied = this.last;
    this.eventsUrl = root.dataset.events;
    this.fetching = false;
    this.again = false;
    this.delay = 500;
    this.failures = 0;
    this.status = document.getElementById("live-status");
  }

  Live.prototype.setStatus = function (state) {
    if (!this.status) { return; }
    this.status.dataset.state = state;
    var words = document.documentElement.lang === "en"
      ? { live: "● live", offline: "○ reconnecting…", polling: "○ polling" }
      : { live: "● en direct", offline: "○ reconnexion…", polling: "○ interrogation" };
    this.status.textContent = words[state] || "";
  };

  // This link no longer opens the table (revoked, renewed, or the member removed): say so
  // once, plainly, instead of "reconnecting" for ever.
  Live.prototype.lost = function () {
    this.closedForGood = true;
    if (this.status) {
      this.status.dataset.state = "lost";
      this.status.textContent = document.documentElement.lang === "en" ? "✕ no access" : "✕ plus d'accès";
    }
    if (document.getElementById("table-lost")) { return; }
    var notice = document.createElement("p");
    notice.id = "table-lost";
    notice.className = "notice danger";
    notice.setAttribute("role", "alert");
    notice.textContent = document.documentElement.lang === "en"
      ? "This link no longer opens the table (revoked or renewed by the GM): ask the GM for a new one."
      : "Ce lien n'ouvre plus la table (révoqué ou renouvelé par le MJ) : demandez-en un nouveau au MJ.";
    var main = document.querySelector("main") || document.body;
    main.insertBefore(notice, main.firstChild);
  };

  Live.prototype.socketUrl = function () {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return scheme + "//" + location.host + "/ws/tables/" + encodeURIComponent(this.root.dataset.table) +
      "?after=" + Math.min(this.last, this.applied) +
      "&presence=1";
  };

  Live.prototype.connect = function () {
    var self = this;
    var socket;
    try { socket = new WebSocket(this.socketUrl()); } catch (e) { this.retry(); return; }
    this.socket = socket;
    socket.onopen = function () {
      self.delay = 500;
      self.failures = 0;
      self.setStatus("live");
      self.catchUp();  // whatever happened while we were away
    };
    socket.onmessage = function (message) {
      var frame;
      try { frame = JSON.parse(message.data); } catch (e) { return; }
      if (frame && frame.type === "event" && frame.event && frame.event.seq > self.last) {
        self.catchUp();
      }
      if (frame && frame.type === "event" && frame.event && frame.event.seq > self.applied) {
        self.applied = frame.event.seq;
        // a change of the board: its page asks for what this member sees now
        var kind = frame.event.kind;
        var changes = frame.event.payload && frame.event.payload.changes;
        var warning = frame.event.payload && frame.event.payload.warning;
        if (kind === "board" && warning && window.ecranBoard) {
          // a move longer than the game allows: said to all who see the token, the GM decides
          window.ecranBoard.say(warning[document.documentElement.lang] || warning.fr || "", true);
        }
        if (kind === "board" && Array.isArray(changes) && window.ecranBoard) {
          window.ecranBoard.applyFrame({ type: "board", changes: changes });
        } else if (window.ecranBoardPage && (kind === "board" || kind === "hidden" ||
            kind === "encounter" || kind === "character_saved" || kind === "character_deleted")) {
          // an encounter step or a sheet's save changes the marks around the tokens (status,
          // conditions): the board reads its tokens again (the image stays)
          window.ecranBoardPage.sync();
        }
      } else if (frame && frame.type === "board") {
        // the board's changes for this member (static/board.js, on the board's page)
        if (window.ecranBoard) { window.ecranBoard.applyFrame(frame); }
      } else if (frame && frame.type === "presence" && Array.isArray(frame.connected)) {
        self.presence(frame.connected);
      } else if (frame && frame.type === "error") {
        self.lost();  // this link was revoked or renewed: reconnecting is useless
      }
    };
    socket.onclose = function (event) {
      if (self.closedForGood || event.code === 4404) { self.lost(); return; }
      self.setStatus("offline");
      self.failures += 1;
      self.retry();
    };
  };

  // Who is connected now: a dot per member of the members panel (the list is kept so a
  // reloaded panel gets its dots back).
  Live.prototype.presence = function (connected) {
    if (connected) { this.connected = connected; }
    var online = {};
    (this.connected || []).forEach(function (id) { online[id] = true; });
    var items = document.querySelectorAll("#members-list [data-member]");
    for (var i = 0; i < items.length; i++) {
      var on = !!online[items[i].dataset.member];
      items[i].classList.toggle("online", on);
      var word = items[i].querySelector(".presence-word");
      if (word) { word.textContent = on ? word.dataset.on : word.dataset.off; }
    }
  };

  Live.prototype.retry = function () {
    var self = this;
    if (this.failures >= 3) { this.setStatus("polling"); this.catchUp(); }
    setTimeout(function () { self.connect(); }, this.delay);
    this.delay = Math.min(this.delay * 2, 10000);
  };

  // One request at a time; a notification arriving meanwhile asks for one more round. A read
  // that fails (offline, a busy server's 429 or 503) is tried again after a while, longer each
  // time: the frame that asked for it will not come twice, and the log would miss its event
  // until the next one (a refused access is the socket's to say: `lost`).
  Live.prototype.catchUp = function () {
    var self = this;
    if (this.fetching) { this.again = true; return; }
    this.fetching = true;
    var url = this.eventsUrl + "&after=" + this.last;
    fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) {
        if (response.ok) { self.readDelay = 0; return response.text(); }
        if (response.status !== 401 && response.status !== 403 && response.status !== 404) {
          self.readAgainLater();
        }
        return "";
      })
      .then(function (html) { self.add(html); })
      .catch(function () { self.readAgainLater(); })
      .then(function () {
        self.fetching = false;
        if (self.again) { self.again = false; self.catchUp(); }
      });
  };

  Live.prototype.readAgainLater = function () {
    var self = this;
    if (this.closedForGood || this.readTimer) { return; }
    this.readDelay = Math.min((this.readDelay || 500) * 2, 10000);
    this.readTimer = setTimeout(function () { self.readTimer = null; self.catchUp(); }, this.readDelay);
  };

  Live.prototype.add = function (html) {
    if (!html.trim()) { return; }
    var holder = document.createElement("ol");
    holder.innerHTML = html;
    var entries = Array.prototype.slice.call(holder.children);  // newest first
    var log = document.getElementById("log");
    var kinds = {};
    for (var i = entries.length - 1; i >= 0; i--) {
      var entry = entries[i];
      var seq = parseInt(entry.dataset.seq || "0", 10);
      if (seq <= this.last) { continue; }  // never twice
      this.last = seq;
      kinds[entry.dataset.kind] = seq;
      // a board change that hid or revealed an encounter's NPC: the encounter panels read again
      (entry.dataset.also || "").split(" ").forEach(function (kind) { if (kind) { kinds[kind] = seq; } });
      if (log) {
        log.insertBefore(entry, log.firstChild);
        if (window.htmx) { window.htmx.process(entry); }
        entry.classList.add("fresh");
      }
      if (entry.dataset.toMe === "true") { whispered(entry); }
    }
    this.root.dataset.lastSeq = String(this.last);
    this.refresh(kinds);
  };

  // Panels that show state (the encounter tracker...) reload when an event of their kind comes,
  // unless they already show it (a panel marks the last seq it shows: the GM's own step came
  // back with the panel after it, and reloading it again would only reset the GM's choices).
  Live.prototype.refresh = function (kinds) {
    var panels = document.querySelectorAll("[data-live-refresh]");
    for (var i = 0; i < panels.length; i++) {
      var wanted = panels[i].dataset.liveRefresh.split(" ");
      var mark = panels[i].querySelector("[data-shown-seq]");
      var shown = mark ? parseInt(mark.dataset.shownSeq || "0", 10) : 0;
      for (var j = 0; j < wanted.length; j++) {
        if (kinds[wanted[j]] > shown && window.htmx) {
          window.htmx.trigger(panels[i], "ecran:refresh");
          break;
        }
      }
    }
  };

  // The GM's links come when asked (no page carries a token): each copy button, of the page
  // or of a fragment htmx brought, copies its field, which shows the address from here.
  function copyButtons() {
    fillLinks(document);
    document.body.addEventListener("htmx:afterSwap", function (event) { fillLinks(event.target); });
    document.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("[data-copy]") : null;
      var target = button ? document.getElementById(button.dataset.copy) : null;
      if (!target) { return; }
      target.select();
      if (navigator.clipboard) { navigator.clipboard.writeText(target.value).catch(function () {}); }
      else { try { document.execCommand("copy"); } catch (e) { /* select is enough */ } }
      button.classList.add("copied");
    });
  }

  function fillLinks(root) {
    var inputs = root.querySelectorAll ? root.querySelectorAll("input[data-path]") : [];
    for (var i = 0; i < inputs.length; i++) { inputs[i].value = location.origin + inputs[i].dataset.path; }
  }

  // The chat box: Enter sends (Shift+Enter goes to the next line); once the server took the
  // message (the `ecran:sent` trigger) the text is cleared and the log fetched at once.
  function chatBox() {
    var form = document.getElementById("chat-form");
    var text = document.getElementById("chat-text");
    if (!form || !text) { return; }
    text.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        if (text.value.trim()) { form.requestSubmit(); }
      }
    });
    document.body.addEventListener("ecran:sent", function () {
      text.value = "";
      var result = document.getElementById("chat-result");
      if (result) { result.textContent = ""; }
      if (window.ecranLive) { window.ecranLive.catchUp(); }
    });
  }

  // The wizard's search: the entries whose label holds the words typed stay, the others hide,
  // and the folded groups open while a search is on (accents and case ignored).
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }
  function wizardSearch() {
    document.addEventListener("input", function (event) {
      if (event.target.id !== "wizard-search") { return; }
      var wanted = fold(event.target.value);
      var holder = document.getElementById("sheet-fields");
      if (!holder) { return; }
      var fields = holder.querySelectorAll(".sheet-field");
      for (var i = 0; i < fields.length; i++) {
        var label = fields[i].querySelector("label");
        var text = fold(label ? label.textContent : "");
        fields[i].hidden = wanted !== "" && text.indexOf(wanted) < 0;
      }
      var folds = holder.querySelectorAll("details.fold");
      for (var j = 0; j < folds.length; j++) { if (wanted) { folds[j].open = true; } }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    copyButtons();
    wizardSearch();
    chatBox();
    cuePrefs();
    var root = document.getElementById("live");
    if (!root || !root.dataset.table) { return; }
    var live = new Live(root);
    window.ecranLive = live;  // for the browser tests and the curious
    live.connect();
    document.body.addEventListener("htmx:afterSwap", function (event) {
      if (event.target && event.target.id === "members-list") { live.presence(); }
    });
    document.body.addEventListener("htmx:beforeSwap", staleAnswer);
    document.body.addEventListener("htmx:afterSwap", keepPick);
  });
  document.addEventListener("htmx:beforeRequest", holdButtons);
  document.addEventListener("htmx:beforeRequest", noteAsked);
  document.addEventListener("htmx:afterRequest", giveButtonsBack);
  document.addEventListener("change", notePick);

  // The GM's pick of attacker and target stays when an answer asked before it lands in the
  // tracker: a step's answer comes after the reload its own notice caused, drawn with the pair
  // of before it (an undo, then the next attacker picked at once: the undo's answer put the
  // current turn's back). The pick is put back and its panel asked again. Requests and picks
  // are counted on one clock, so "before" never depends on the clock's resolution.
  var clock = 0;
  var pick = null;
  var asked = new WeakMap();
  function notePick(event) {
    var form = event.target && event.target.form;
    if (!form || form.id !== "attack-choice" || !form.elements.a_attacker) { return; }
    clock += 1;
    pick = { at: clock, a_attacker: form.elements.a_attacker.value, a_target: form.elements.a_target.value };
  }
  function noteAsked(event) {
    clock += 1;
    if (event.detail.xhr) { asked.set(event.detail.xhr, clock); }
  }
  function keepPick(event) {
    var panel = event.detail.target;
    var sent = event.detail.xhr ? asked.get(event.detail.xhr) : undefined;
    if (!pick || !panel || panel.id !== "encounter" || sent === undefined || sent > pick.at) { return; }
    var form = document.getElementById("attack-choice");
    if (!form || !form.elements.a_attacker) { return; }
    var changed = false;
    ["a_attacker", "a_target"].forEach(function (name) {
      var field = form.elements[name];
      var wanted = pick[name];
      if (field && field.tagName === "SELECT" && field.value !== wanted &&
          field.querySelector('option[value="' + CSS.escape(wanted) + '"]')) {
        field.value = wanted;
        changed = true;
      }
    });
    // the panel just swapped in loads its pair once htmx processes it (after this event): it
    // asks for the pick's pair instead (its choice of attack was the other pair's)
    var slot = document.getElementById("attack-panel");
    var address = slot && slot.getAttribute("hx-get");
    if (!changed || !address) { return; }
    var url = new URL(address, location.href);
    url.searchParams.set("a_attacker", form.elements.a_attacker.value);
    url.searchParams.set("a_target", form.elements.a_target.value);
    url.searchParams.delete("a_pick");
    slot.setAttribute("hx-get", url.pathname + url.search);
  }

  // An answer about to replace a live panel (one marking the last event it shows) is dropped
  // when the panel already shows a later state: the older state would come back over it.
  // - The panel's own reload (`ecran:refresh`) is also dropped at the same event: a step of
  //   this member already put that state in place (its notice outran its own answer), with what
  //   came with it (the attack's result), which the plain panel would wipe.
  // - A step's answer lands at the same event (after the reload its own notice caused: it
  //   brings the result), not when the panel moved on past it (that reload, then another step
  //   answered first).
  // htmx names the swap's target as the event's `elt`: the element that asked is the request's
  // (`requestConfig.elt`).
  function staleAnswer(event) {
    var panel = event.detail.target;
    var config = event.detail.requestConfig;
    if (!panel || !panel.dataset || !panel.dataset.liveRefresh || !config) { return; }
    var seqs = shownSeqs(event);
    if (!seqs) { return; }
    var reload = config.elt === panel;
    if (seqs.incoming < seqs.shown || (reload && seqs.incoming === seqs.shown)) {
      event.detail.shouldSwap = false;
    }
  }

  // The last event the panel shows, and the one the answer about to replace it shows.
  function shownSeqs(event) {
    var panel = event.detail.target;
    var mark = panel && panel.querySelector ? panel.querySelector("[data-shown-seq]") : null;
    var incoming = /data-shown-seq="(\d+)"/.exec(event.detail.serverResponse || "");
    if (!mark || !incoming) { return null; }
    return { incoming: parseInt(incoming[1], 10), shown: parseInt(mark.dataset.shownSeq || "0", 10) };
  }

  // A change of the encounter is sent with the version its panel shows, and the server refuses
  // one started from an older version (`play.encounter.access.read_at`). Once the server stored
  // a step but before its answer came back, the panel still shows the version before it: a
  // button pressed then (a GM quick on "undo", "roll initiative" right after adding an NPC)
  // would be refused. While a step is on its way, the panel's buttons wait for the panel it
  // brings back (or, when it brings none, are given back).
  var heldButtons = new WeakMap();
  function holdButtons(event) {
    var detail = event.detail;
    var panel = detail.target;
    var config = detail.requestConfig;
    if (!panel || panel.id !== "encounter" || !detail.xhr || !config || config.verb !== "post") {
      return;
    }
    var held = Array.prototype.filter.call(panel.querySelectorAll("button"), function (button) {
      return !button.disabled;
    });
    held.forEach(function (button) { button.disabled = true; });
    heldButtons.set(detail.xhr, held);
  }
  function giveButtonsBack(event) {
    var held = event.detail.xhr ? heldButtons.get(event.detail.xhr) : null;
    if (!held) { return; }
    heldButtons.delete(event.detail.xhr);
    held.forEach(function (button) { button.disabled = false; });
  }
})();
