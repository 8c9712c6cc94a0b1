// What the player does from the page: the app says what the seat may do now ("play"); the page
// draws it as forms and buttons; each tap is an "act" message, answered in the page's language.
// The app decides everything (the rules are the app's): the page only asks. Every text from the
// app goes in with textContent.
import { format } from "./render.js";

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else if (key === "on") for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

let unique = 0;
function id(prefix) { unique += 1; return `${prefix}-${unique}`; }

function labelled(labelText, control) {
  control.id = control.id || id("f");
  return el("p", { className: "field" }, el("label", { for: control.id, text: labelText }), control);
}

function select(name, options, chosen) {
  const box = el("select", { name });
  for (const [value, text, reason] of options) {
    const option = el("option", { value: String(value), text: reason ? `${text} — ${reason}` : text });
    if (reason) option.disabled = true;
    if (String(value) === String(chosen)) option.selected = true;
    box.append(option);
  }
  return box;
}

function button(text, onClick, props = {}) {
  return el("button", { type: "button", text, on: { click: onClick }, ...props });
}

const FACES = [["-1", "−"], ["0", "0"], ["1", "+"]];

function diceInputs(words, prefix) {
  const row = el("div", { className: "die-row" });
  for (let n = 1; n <= 4; n += 1) {
    row.append(labelled(format(words.die, { number: n }), select(`${prefix}-${n}`, FACES, "0")));
  }
  return row;
}

function readDice(form, prefix) {
  return [1, 2, 3, 4].map((n) => Number(form.querySelector(`[name="${prefix}-${n}"]`).value));
}

export class Play {
  constructor({ send }) {
    this.send = send;
    this.words = null;
    this.play = null;
    this.ref = Math.floor(Math.random() * 1e9);
    this.forms = new Map(); // ref -> the form to clear once it is done
  }

  setWords(words) {
    this.words = words;
    document.getElementById("play-heading").textContent = words.play;
    if (this.play) this.render(this.play);
  }

  act(kind, fields, form) {
    this.ref += 1;
    if (form) this.forms.set(this.ref, form);
    this.send({ type: "act", kind, ref: this.ref, ...fields });
    this.say(this.words.sending, "busy");
    return this.ref;
  }

  say(text, kind = "") {
    const said = document.getElementById("said");
    said.textContent = text;
    said.dataset.kind = kind;
    // The line is at the top of Play: a player who tapped far below it (the notes) would never
    // see the answer. Then it shows at the foot of the screen too, until the line itself comes
    // into sight, the next answer replaces it, or the player taps it away.
    const toast = document.getElementById("toast");
    const box = said.getBoundingClientRect();
    const inSight = said.offsetParent !== null && box.bottom > 0 && box.top < window.innerHeight;
    if (!text || kind === "busy" || inSight) {
      toast.hidden = true;
      return;
    }
    toast.textContent = text;
    toast.dataset.kind = kind;
    toast.hidden = false;
    if (!this.watching) {
      this.watching = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) toast.hidden = true;
      });
      this.watching.observe(said);
      toast.addEventListener("click", () => { toast.hidden = true; });
    }
  }

  answered(message) {
    const form = this.forms.get(message.ref);
    this.forms.delete(message.ref);
    if (message.reason === "view-only") {
      this.say(this.words.viewOnlyRefused, "bad");
    } else if (message.done) {
      this.say(message.text || "", "done");
      if (form) form.reset();
    } else {
      this.say(format(this.words.notDone, { reason: message.text }), "bad");
    }
  }

  lost() {
    if (this.forms.size) this.say(this.words.lost, "bad");
    this.forms.clear();
  }

  // --- drawing ---------------------------------------------------------------------------

  render(play) {
    this.play = play;
    const words = this.words;
    const section = document.getElementById("play");
    const body = document.getElementById("play-body");
    if (!words) return;
    const acting = play.mode === "act";
    const kept = this.keep(body);
    body.replaceChildren();
    if (play.paused) body.append(el("p", { className: "paused", role: "alert", text: play.pausedText }));
    if (acting) {
      for (const hit of play.hits) body.append(this.hit(hit));
      for (const offer of play.offers) body.append(this.offer(offer));
      body.append(play.roll ? this.roll(play.roll) : this.newRoll(play));
    }
    if (play.table.length) {
      body.append(el("section", { className: "card table-rolls" }, el("h3", { text: words.table }),
        el("ul", {}, ...play.table.map((line) => el("li", { text: line })))));
    }
    if (acting) {
      if (play.concede) body.append(this.concede(play.concede));
      if (play.waitingFor.length) {
        body.append(el("section", { className: "card" }, el("h3", { text: words.waitingFor }),
          el("ul", {}, ...play.waitingFor.map((line) => el("li", { text: line })))));
      }
      body.append(this.ask(play));
      if (!play.paused) {
        body.append(el("div", { className: "pause-row" },
          button(words.pause, () => this.act("pause", {}), { className: "quiet", name: "pause" }),
          el("span", { className: "note", text: words.pauseNote })));
      }
    }
    section.hidden = !body.childElementCount;
    this.restore(body, kept);
  }

  // What the player typed or picked, and where the keyboard was, survive a new snapshot.
  keep(body) {
    const values = new Map();
    for (const field of body.querySelectorAll("input, select, textarea")) {
      if (!field.name) continue;
      values.set(field.name + (field.type === "radio" ? `=${field.value}` : ""),
        field.type === "checkbox" || field.type === "radio" ? field.checked : field.value);
    }
    const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement : null;
    const open = [...body.querySelectorAll("details")].filter((d) => d.open).map((d) => d.dataset.name);
    return { values, focus: focused ? (focused.name || focused.textContent) : null, open };
  }

  restore(body, kept) {
    for (const field of body.querySelectorAll("input, select, textarea")) {
      const key = field.name + (field.type === "radio" ? `=${field.value}` : "");
      if (!field.name || !kept.values.has(key)) continue;
      const value = kept.values.get(key);
      if (field.type === "checkbox" || field.type === "radio") field.checked = value;
      else if (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value && !o.disabled)) field.value = value;
    }
    for (const details of body.querySelectorAll("details")) {
      if (kept.open.includes(details.dataset.name)) details.open = true;
    }
    for (const field of body.querySelectorAll("form")) field.dispatchEvent(new Event("change"));
    if (kept.focus) {
      const target = [...body.querySelectorAll("input, select, textarea, button")]
        .find((n) => (n.name || n.textContent) === kept.focus);
      if (target) target.focus();
    }
  }

  newRoll(play) {
    const words = this.words;
    const form = el("form", { className: "card roll-new" });
    form.append(el("h3", { text: words.roll }),
      labelled(words.skill, select("skill", play.skills, play.skills.length ? play.skills[0][0] : "")),
      labelled(words.action, select("action", play.actions, "overcome")));
    const rolled = (dice) => this.act("roll", {
      skill: form.querySelector("[name=skill]").value, action: form.querySelector("[name=action]").value, dice,
    });
    form.append(el("p", { className: "buttons" }, button(words.rollDice, () => rolled(null), { className: "main", name: "roll" })));
    const own = el("details", { className: "own-dice" }, el("summary", { text: words.ownDice }));
    own.dataset.name = "own-dice";
    own.append(diceInputs(words, "hand"), el("p", { className: "buttons" },
      button(words.enterDice, () => rolled(readDice(form, "hand")), { name: "hand-roll" })));
    form.append(own);
    form.addEventListener("submit", (event) => event.preventDefault());
    return form;
  }

  roll(roll) {
    const words = this.words;
    const card = el("section", { className: "card roll", "aria-labelledby": id("h") });
    const heading = el("h3", { id: card.getAttribute("aria-labelledby"), text: words.yourRoll });
    const dice = el("ul", { className: "dice", "aria-label": roll.said });
    for (const face of roll.dice) dice.append(el("li", { className: "die", "aria-hidden": "true", text: face }));
    card.append(heading, el("p", { className: "roll-skill", text: roll.skill }), dice);
    if (roll.rerolled) card.append(el("p", { className: "note", text: roll.rerolled }));
    if (roll.byHand) card.append(el("p", { className: "note", text: roll.byHand }));
    card.append(el("p", { className: "effort" }, el("span", { className: "label", text: roll.effortLabel }),
      el("strong", { className: "effort-value", text: roll.effort })));
    card.append(el("p", { className: "against", text: roll.against }));
    if (roll.outcome) {
      card.append(el("p", { className: "outcome" }, el("strong", { text: roll.outcome })),
        el("p", { className: "meaning", text: roll.meaning }));
    }
    if (roll.invokes.length) card.append(el("ul", { className: "invokes" }, ...roll.invokes.map((t) => el("li", { text: t }))));
    card.append(el("p", { className: "note", text: roll.cost }));
    if (roll.waiting) card.append(el("p", { className: "waiting", role: "status", text: roll.waiting }));
    if (roll.aspects.length && !roll.waiting) card.append(this.invokeForm(roll));
    card.append(this.finishForm(roll));
    return card;
  }

  invokeForm(roll) {
    const words = this.words;
    const form = el("form", { className: "invoke" });
    const aspect = select("aspect", roll.aspects.map(([key, text, free]) => [key, free ? format(words.freeLeft, { aspect: text, count: free }) : text]), roll.aspects[0][0]);
    const kinds = el("fieldset", { className: "choice" }, el("legend", { text: words.invoke }));
    for (const [value, text] of [["plus", words.plusTwo], ["reroll", words.reroll]]) {
      const radio = el("input", { type: "radio", name: "how", value, checked: value === "plus" });
      radio.id = id("r");
      kinds.append(el("span", { className: "pick" }, radio, el("label", { for: radio.id, text })));
    }
    const free = el("input", { type: "checkbox", name: "free" });
    free.id = id("c");
    const rerollDice = roll.byHand ? el("div", { className: "reroll-dice" }, el("p", { text: words.rerollDice }), diceInputs(words, "again")) : null;
    form.append(labelled(words.aspect, aspect), kinds,
      el("p", { className: "pick" }, free, el("label", { for: free.id, text: words.useFree })));
    if (rerollDice) form.append(rerollDice);
    const sync = () => {
      const left = (roll.aspects.find(([key]) => key === aspect.value) || [0, 0, 0])[2];
      free.disabled = !left;
      if (!left) free.checked = false;
      if (rerollDice) rerollDice.hidden = form.querySelector("[name=how]:checked").value !== "reroll";
    };
    form.addEventListener("change", sync);
    sync();
    form.append(el("p", { className: "buttons" }, button(words.invokeButton, () => {
      const reroll = form.querySelector("[name=how]:checked").value === "reroll";
      this.act("invoke", { roll: roll.id, aspect: aspect.value, reroll, free: free.checked,
        dice: reroll && roll.byHand ? readDice(form, "again") : null });
    }, { name: "invoke" })));
    form.addEventListener("submit", (event) => event.preventDefault());
    return form;
  }

  finishForm(roll) {
    const words = this.words;
    const form = el("form", { className: "finish" });
    const checks = [];
    for (const [name, offered, text] of [["style_boost", roll.styleBoost, words.styleBoost], ["tie_as_failure", roll.tieAsFailure, words.tieAsFailure]]) {
      if (!offered) continue;
      const box = el("input", { type: "checkbox", name });
      box.id = id("c");
      checks.push(box);
      form.append(el("p", { className: "pick" }, box, el("label", { for: box.id, text })));
    }
    const boost = el("input", { type: "text", name: "boost", maxlength: "300", autocomplete: "off" });
    const boostRow = labelled(words.boostName, boost);
    const advantage = el("input", { type: "text", name: "advantage", maxlength: "300", autocomplete: "off" });
    const advantageRow = labelled(words.advantageName, advantage);
    form.append(boostRow, advantageRow);
    const sync = () => {
      boostRow.hidden = !(roll.needsBoost || checks.some((c) => c.checked));
      advantageRow.hidden = !roll.needsAdvantage;
    };
    form.addEventListener("change", sync);
    sync();
    const done = button(words.finish, () => this.act("finish", {
      roll: roll.id, boost: boostRow.hidden ? "" : boost.value, advantage: advantageRow.hidden ? "" : advantage.value,
      style_boost: checks.some((c) => c.name === "style_boost" && c.checked),
      tie_as_failure: checks.some((c) => c.name === "tie_as_failure" && c.checked),
    }), { className: "main", name: "finish", disabled: !roll.finish });
    form.append(el("p", { className: "buttons" }, done,
      button(words.setAside, () => this.act("aside", { roll: roll.id }), { name: "aside" })));
    form.addEventListener("submit", (event) => event.preventDefault());
    return form;
  }

  offer(offer) {
    const words = this.words;
    const card = el("section", { className: "card offer" }, el("h3", { text: words.compel }),
      el("p", { text: offer.text }));
    if (offer.who) card.append(el("p", { className: "note", text: offer.who }));
    card.append(el("p", { className: "buttons" },
      button(offer.accept, () => this.act("compel", { offer: offer.id, accept: true }), { name: `accept-${offer.id}` }),
      button(offer.refuse, () => this.act("compel", { offer: offer.id, accept: false }),
        { name: `refuse-${offer.id}`, disabled: !offer.canRefuse })));
    if (offer.whyNot) card.append(el("p", { className: "note", text: offer.whyNot }));
    return card;
  }

  hit(hit) {
    const words = this.words;
    const form = el("form", { className: "card hit" }, el("h3", { text: words.hit }), el("p", { text: hit.heading }));
    if (hit.note) form.append(el("p", { className: "note", text: hit.note }));
    const ways = el("fieldset", { className: "ways" }, el("legend", { text: words.takeHit }));
    hit.options.forEach((option, index) => {
      const radio = el("input", { type: "radio", name: `way-${hit.id}`, value: option.way, checked: index === 0 });
      radio.id = id("w");
      const way = el("div", { className: "way" }, el("p", { className: "pick" }, radio, el("label", { for: radio.id, text: option.text })));
      const names = el("div", { className: "names" });
      for (const slot of option.names) {
        names.append(labelled(slot.label, el("input", { type: "text", name: `name-${hit.id}-${option.way}-${slot.slot}`, maxlength: "300", autocomplete: "off" })));
      }
      if (option.extreme.length) names.append(labelled(words.extreme, select(`extreme-${hit.id}-${option.way}`, option.extreme, option.extreme[0][0])));
      way.append(names);
      ways.append(way);
    });
    if (hit.options.length) form.append(ways);
    const sync = () => {
      for (const way of ways.querySelectorAll(".way")) way.classList.toggle("chosen", way.querySelector("input[type=radio]").checked);
    };
    form.addEventListener("change", sync);
    sync();
    const take = () => {
      const chosen = form.querySelector(`[name="way-${hit.id}"]:checked`);
      if (!chosen) return;
      const names = {};
      for (const input of form.querySelectorAll(`input[name^="name-${hit.id}-${chosen.value}-"]`)) {
        names[input.name.slice(`name-${hit.id}-${chosen.value}-`.length)] = input.value;
      }
      const extreme = form.querySelector(`[name="extreme-${hit.id}-${chosen.value}"]`);
      this.act("hit", { prompt: hit.id, way: chosen.value, out: false, names, extreme: extreme ? Number(extreme.value) : -1 });
    };
    const row = el("p", { className: "buttons" });
    if (hit.options.length) row.append(button(words.takeHit, take, { className: "main", name: `take-${hit.id}` }));
    if (hit.out) row.append(button(hit.outText, () => this.act("hit", { prompt: hit.id, out: true }), { name: `out-${hit.id}` }));
    form.append(row);
    form.addEventListener("submit", (event) => event.preventDefault());
    return form;
  }

  concede(concede) {
    const words = this.words;
    const card = el("section", { className: "card concede" }, el("h3", { text: words.concede }), el("p", { text: concede.text }));
    const sure = el("p", { className: "buttons", hidden: true }, el("span", { text: words.concedeSure }),
      button(words.concedeYes, () => { sure.hidden = true; this.act("concede", {}); }, { name: "concede-yes" }),
      button(words.no, () => { sure.hidden = true; }, { name: "concede-no" }));
    card.append(el("p", { className: "buttons" }, button(concede.button, () => { sure.hidden = false; }, { name: "concede" })), sure);
    return card;
  }

  ask(play) {
    const words = this.words;
    const details = el("details", { className: "card ask" }, el("summary", { text: words.more }));
    details.dataset.name = "ask";
    if (play.own.length) {
      const form = el("form", { className: "self-compel" }, el("h3", { text: words.selfCompel }));
      const aspect = select("compel-aspect", play.own, play.own[0][0]);
      const why = el("input", { type: "text", name: "compel-why", maxlength: "300", autocomplete: "off" });
      form.append(labelled(words.aspect, aspect), labelled(words.why, why), el("p", { className: "buttons" },
        button(words.send, () => this.act("self_compel", { aspect: Number(aspect.value), text: why.value }, form), { name: "self-compel" })));
      form.addEventListener("submit", (event) => event.preventDefault());
      details.append(form);
    }
    const form = el("form", { className: "propose" }, el("h3", { text: words.propose }));
    const what = el("fieldset", { className: "choice" }, el("legend", { text: words.proposeWhat }));
    for (const [value, text] of [["aspect", words.newAspect], ["milestone", words.milestone]]) {
      const radio = el("input", { type: "radio", name: "propose-what", value, checked: value === "aspect" });
      radio.id = id("r");
      what.append(el("span", { className: "pick" }, radio, el("label", { for: radio.id, text })));
    }
    const text = el("input", { type: "text", name: "propose-text", maxlength: "300", autocomplete: "off" });
    const where = select("propose-where", play.proposals.slots, play.proposals.slots.length ? play.proposals.slots[0][0] : "");
    const firstKind = play.proposals.kinds.find((k) => !k[2]);
    const kind = select("propose-kind", play.proposals.kinds, firstKind ? firstKind[0] : "");
    const aspectRows = [labelled(words.aspectText, text), labelled(words.where, where)];
    const details2 = el("input", { type: "text", name: "propose-details", maxlength: "300", autocomplete: "off" });
    const milestoneRows = [labelled(words.change, kind), labelled(words.details, details2)];
    form.append(what, ...aspectRows, ...milestoneRows);
    const sync = () => {
      const chosen = form.querySelector("[name=propose-what]:checked").value;
      for (const row of aspectRows) row.hidden = chosen !== "aspect";
      for (const row of milestoneRows) row.hidden = chosen !== "milestone";
    };
    form.addEventListener("change", sync);
    sync();
    form.append(el("p", { className: "buttons" }, button(words.send, () => {
      const chosen = form.querySelector("[name=propose-what]:checked").value;
      this.act("propose", chosen === "aspect" ? { what: "aspect", choice: where.value, text: text.value }
        : { what: "milestone", choice: kind.value, text: details2.value }, form);
    }, { name: "propose" })));
    form.addEventListener("submit", (event) => event.preventDefault());
    details.append(form);
    return details;
  }
}
