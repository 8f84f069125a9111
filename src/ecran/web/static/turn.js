// "À vous de jouer": the cue of a player's turn on the encounter page and the table page. The
// tracker (`.enc-status[data-my-turn]`) or the table's live Encounters card marks it, with the
// #turn-cue banner; when the live refresh brings the player's turn, this script makes the
// banner stand out, and if the player asked for them, plays a short sound and shows a browser
// notification (both off by default; the notification's permission is asked only on the
// player's click, as browsers require).
(function () {
  "use strict";

  // The cue's sound, notification and the member's choices are table.js's (`ecranCue`): the
  // same choice serves a whisper to the player.
  var cues = window.ecranCue;
  var SOUND_KEY = cues.SOUND;
  var NOTIFY_KEY = cues.NOTIFY;
  var state = { mine: false, cues: 0, sounds: 0, notifications: 0 };
  window.ecranTurn = state;  // for the browser tests and the curious

  var stored = cues.stored;
  var store = cues.store;

  // The encounter page's tracker, or the table page's Encounters card (live), says so.
  function myTurn() {
    return !!document.querySelector("[data-my-turn='true']");
  }

  function beep() {
    if (cues.beep()) { state.sounds += 1; }
  }

  function notify(prefs) {
    if (cues.notify(prefs.dataset.cueTitle || "", prefs.dataset.cueBody || "")) {
      state.notifications += 1;
    }
  }

  // The turn has just come to this player: the banner pulses, then sound and notification.
  function cue() {
    var banner = document.getElementById("turn-cue");
    var prefs = document.getElementById("turn-prefs") || banner;
    state.cues += 1;
    if (banner) {
      banner.classList.add("turn-cue-fresh");
      banner.setAttribute("role", "alert");
    }
    if (stored(SOUND_KEY)) { beep(); }
    if (prefs) { notify(prefs); }
  }

  function check() {
    var now = myTurn();
    if (now && !state.mine) { cue(); }
    state.mine = now;
    var title = document.title.replace(/^▶ /, "");
    document.title = now ? "▶ " + title : title;
  }

  function notifyState(span) {
    if (!span) { return; }
    if (!("Notification" in window)) { span.textContent = "✕"; return; }
    var granted = window.Notification.permission === "granted" && stored(NOTIFY_KEY);
    span.textContent = granted ? "✓" : "";
  }

  function setUp() {
    var sound = document.getElementById("turn-sound");
    var button = document.getElementById("turn-notify");
    var span = document.getElementById("turn-notify-state");
    if (sound) {
      sound.checked = stored(SOUND_KEY);
      sound.addEventListener("change", function () {
        store(SOUND_KEY, sound.checked);
        if (sound.checked) { beep(); }  // the click unlocks audio, and the player hears it
      });
    }
    if (button) {
      button.addEventListener("click", function () {
        if (!("Notification" in window)) { notifyState(span); return; }
        if (stored(NOTIFY_KEY) && window.Notification.permission === "granted") {
          store(NOTIFY_KEY, false);  // a second click turns them off
          notifyState(span);
          return;
        }
        window.Notification.requestPermission().then(function (answer) {
          store(NOTIFY_KEY, answer === "granted");
          notifyState(span);
        });
      });
    }
    notifyState(span);
    // On load the banner is already there: no sound for a turn the player opened the page on.
    state.mine = myTurn();
    check();
    document.body.addEventListener("htmx:afterSettle", check);
  }

  document.addEventListener("DOMContentLoaded", setUp);
})();
