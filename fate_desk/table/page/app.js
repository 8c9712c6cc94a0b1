// The player page: the seat's link, the player's language, and the app's snapshots.
import { Connection } from "./connection.js";
import { Play } from "./play.js";
import { format, renderScene, renderSheet, sheetChanges } from "./render.js";

const TOKEN = "fate-desk.token";
const DEVICE = "fate-desk.device";
const LANGUAGE = "fate-desk.language";

const state = { words: null, code: "en", languages: [], sheet: null, scene: null, connection: null, notice: "",
  mode: "view", notes: { dirty: false, base: "" } };
const play = new Play({ send: (message) => state.connection && state.connection.send(message) });

function stored(key) {
  try { return localStorage.getItem(key); } catch (error) { return null; }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch (error) { /* private browsing: kept for this page only */ }
}

// The link's secret leaves the address bar at once (and so the history and a shared screenshot).
function takeToken() {
  const fragment = location.hash.slice(1);
  if (fragment) {
    store(TOKEN, fragment);
    history.replaceState(null, "", location.pathname + location.search);
    return fragment;
  }
  return stored(TOKEN);
}

function deviceId() {
  let id = stored(DEVICE);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    store(DEVICE, id);
  }
  return id;
}

// The app's language for a browser's tag ("de-AT", "pt", "zh-Hans-CN"), as the desktop matches one.
function matchLanguage(tag, codes) {
  const parts = tag.replace(/-/g, "_").split("_");
  const base = parts[0].toLowerCase();
  const rest = parts.slice(1).map((p) => p.toUpperCase());
  if (codes.includes(tag.replace(/-/g, "_"))) return tag.replace(/-/g, "_");
  if (base === "zh") return rest.some((p) => ["TW", "HK", "MO", "HANT"].includes(p)) ? null : "zh_CN";
  if (base === "pt") return "pt_BR";
  return codes.includes(base) ? base : null;
}

const KNOWN = ["en", "de", "fr", "es", "pt_BR", "it", "ru", "zh_CN", "ko"];

function chosenLanguage() {
  const saved = stored(LANGUAGE);
  if (saved && KNOWN.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const found = matchLanguage(tag, KNOWN);
    if (found) return found;
  }
  return "en";
}

async function loadWords(code) {
  const response = await fetch(`words/${encodeURIComponent(code)}.json`, { cache: "no-cache" });
  if (!response.ok) throw new Error(`words ${response.status}`);
  const data = await response.json();
  state.words = data.words;
  state.code = data.code;
  state.languages = data.languages;
  document.documentElement.lang = data.code.replace("_", "-");
  document.documentElement.dir = data.dir;
  document.title = state.words.title;
  document.getElementById("language-label").textContent = state.words.language;
  const select = document.getElementById("language");
  select.replaceChildren();
  for (const [code, name] of state.languages) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code.replace("_", "-");
    option.textContent = name;
    option.selected = code === state.code;
    select.append(option);
  }
  showStatus(document.getElementById("status").dataset.state);
  showNotice(state.notice);
  document.getElementById("ledger-heading").textContent = state.words.ledger;
  document.getElementById("notes-heading").textContent = state.words.notes;
  document.getElementById("notes-label").textContent = state.words.notes;
  document.getElementById("notes-save").textContent = state.words.saveNotes;
  play.setWords(state.words);
}

function showStatus(which) {
  const status = document.getElementById("status");
  status.dataset.state = which;
  const words = state.words;
  if (!words) return;
  document.getElementById("status-text").textContent =
    which === "connected" ? words.connected : which === "lost" ? words.notConnected : words.connecting;
  if (which === "lost") play.lost();
}

function showNotice(key) {
  state.notice = key;
  const notice = document.getElementById("notice");
  notice.hidden = !key;
  notice.textContent = key && state.words ? state.words[key] : "";
}

function announce(lines) {
  if (!lines.length) return;
  const region = document.getElementById("announce");
  region.textContent = format(state.words.changed, { changes: lines.join("; ") });
}

function received(message) {
  switch (message.type) {
    case "welcome":
      showNotice("");
      state.mode = message.mode;
      document.getElementById("mode").hidden = message.mode !== "view";
      document.getElementById("mode").textContent = state.words.viewOnly;
      if (state.sheet) renderNotes(state.sheet);
      break;
    case "waiting":
      showNotice("waiting");
      break;
    case "sheet": {
      const { keys, said } = sheetChanges(state.sheet, message.sheet, state.words);
      state.sheet = message.sheet;
      renderSheet(message.sheet, state.words, keys);
      renderLedger(message.sheet);
      renderNotes(message.sheet);
      announce(said);
      break;
    }
    case "play":
      play.render(message.play);
      break;
    case "answer":
      if (message.ref === state.notes.ref) notesAnswered(message);
      play.answered(message);
      break;
    case "notice":
      play.say(message.text);
      break;
    case "scene":
      state.scene = message.scene;
      renderScene(message.scene, state.words);
      break;
    case "refused":
      refused(message.reason);
      break;
    default:
      break;
  }
}

function refused(reason) {
  const connection = state.connection;
  if (reason === "token") {
    store(TOKEN, null);
    connection.stop();
    forget();
    showStatus("lost");
    showNotice("invalid");
  } else if (reason === "device" || reason === "disconnected") {
    connection.stop();
    forget();
    showStatus("lost");
    showNotice(reason === "device" ? "refused" : "disconnected");
  } else if (reason === "full") {
    showNotice("full");
    connection.lost(10000);
  } else {
    showNotice("closed");
    connection.lost(2000);
  }
}

// A refused page keeps nothing of the sheet it showed.
function forget() {
  state.sheet = null;
  document.getElementById("sheet").hidden = true;
  document.getElementById("scene").hidden = true;
  document.getElementById("mode").hidden = true;
  document.getElementById("play").hidden = true;
}

function renderLedger(sheet) {
  const lines = document.getElementById("ledger-lines");
  lines.replaceChildren();
  for (const line of sheet.ledger.length ? sheet.ledger : [state.words.noLedger]) {
    const item = document.createElement("li");
    item.textContent = line;
    lines.append(item);
  }
}

// The player's own notes: edited here while the GM lets players act. What the player is typing
// is never replaced by a snapshot; the base it started from goes with the save, so a change made
// meanwhile on the GM's side is found out rather than written over.
function renderNotes(sheet) {
  const notes = sheet.notes;
  const editing = state.mode === "act" && notes.editable;
  const text = document.getElementById("notes-text");
  const form = document.getElementById("notes-form");
  const edit = document.getElementById("notes-edit");
  form.hidden = !editing;
  text.hidden = editing;
  text.textContent = notes.editable ? notes.text : state.words.notesLong;
  if (!state.notes.dirty) {
    edit.value = notes.text;
    state.notes.base = notes.base;
  }
  state.notes.latest = notes;
}

function notesAnswered(message) {
  state.notes.ref = null;
  const now = document.getElementById("notes-now");
  if (message.done) {
    state.notes.dirty = false;
    now.hidden = true;
    if (state.sheet) renderNotes(state.sheet);
  } else if (state.notes.latest && state.notes.latest.base !== state.notes.base) {
    // Changed on the GM's side: theirs shows under the player's words, and the next save is on it.
    now.textContent = state.notes.latest.text;
    now.hidden = false;
    state.notes.base = state.notes.latest.base;
  }
}

function wireNotes() {
  const edit = document.getElementById("notes-edit");
  edit.addEventListener("input", () => { state.notes.dirty = true; });
  document.getElementById("notes-form").addEventListener("submit", (event) => {
    event.preventDefault();
    state.notes.ref = play.act("notes", { text: edit.value, base: state.notes.base });
  });
}

async function start() {
  const token = takeToken();
  // Another seat's link opened in this tab changes only the fragment: start again with it.
  window.addEventListener("hashchange", () => {
    if (location.hash.length > 1) {
      takeToken();
      location.reload();
    }
  });
  try {
    await loadWords(chosenLanguage());
  } catch (error) {
    await loadWords("en");
  }
  wireNotes();
  document.getElementById("language").addEventListener("change", async (event) => {
    const code = event.target.value;
    store(LANGUAGE, code);
    await loadWords(code);
    state.sheet = null; // the same sheet in other words is no change to announce
    if (state.connection) state.connection.send({ type: "language", language: code });
  });
  if (!token) {
    showStatus("lost");
    showNotice("noLink");
    return;
  }
  const device = deviceId();
  state.connection = new Connection({
    hello: () => ({ type: "hello", token, device, language: state.code, protocol: 1 }),
    onMessage: received,
    onState: showStatus,
  });
  state.connection.open();
}

start();
