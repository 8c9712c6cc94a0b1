// Snapshots into the page. Every text from the app goes in with textContent, never as HTML.

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function boxes(item, words) {
  const list = element("ul", "boxes");
  const count = item.boxes.length;
  item.boxes.forEach((box, index) => {
    const li = element("li", box.marked ? "box marked" : "box");
    const shown = element("span", "", box.marked ? `✕${box.value}` : String(box.value));
    shown.setAttribute("aria-hidden", "true");
    li.append(shown);
    const said = format(box.marked ? words.boxMarked : words.boxEmpty,
      { number: index + 1, count, value: box.value });
    li.append(element("span", "visually-hidden", said));
    list.append(li);
  });
  return list;
}

function itemNode(item, words, changed) {
  const li = element("li");
  li.dataset.key = item.key;
  if (changed) li.classList.add("changed");
  if (item.label) li.append(element("span", "label", item.label));
  if (item.text) li.append(element("span", "text", item.text));
  if (item.boxes) li.append(boxes(item, words));
  if (item.note) li.append(element("span", "note", item.note));
  if (item.lines && item.lines.length) {
    const lines = element("ul", "lines");
    for (const line of item.lines) lines.append(element("li", "", line));
    li.append(lines);
  }
  return li;
}

function sections(holder, list, level, words, changedKeys) {
  holder.replaceChildren();
  for (const section of list) {
    const box = element("section", section.key);
    const heading = element(level, "", section.title);
    heading.id = `${holder.id}-${section.key}`;
    box.setAttribute("aria-labelledby", heading.id);
    box.append(heading);
    const items = element("ul", "items");
    for (const item of section.items) {
      items.append(itemNode(item, words, changedKeys.has(`${section.key}/${item.key}`)));
    }
    box.append(items);
    holder.append(box);
  }
}

function everyItem(sheet) {
  const items = new Map();
  for (const stat of sheet.stats || []) items.set(`stats/${stat.key}`, stat);
  for (const section of sheet.sections || []) {
    for (const item of section.items) items.set(`${section.key}/${item.key}`, item);
  }
  return items;
}

// What changed on the player's own sheet, as words for the live region (nothing the first time).
export function sheetChanges(before, after, words) {
  if (!before) return { keys: new Set(), said: [] };
  const old = everyItem(before);
  const keys = new Set();
  const said = [];
  for (const [key, item] of everyItem(after)) {
    if (JSON.stringify(old.get(key)) !== JSON.stringify(item)) {
      keys.add(key);
      said.push(format(words.changedItem, { label: item.label || "", text: [item.text, item.note].filter(Boolean).join(", ") }));
    }
  }
  return { keys, said };
}

export function renderSheet(sheet, words, changedKeys) {
  document.getElementById("name").textContent = sheet.name;
  document.getElementById("kind").textContent = sheet.kind || "";
  const stats = document.getElementById("stats");
  stats.replaceChildren();
  for (const stat of sheet.stats || []) {
    const pair = element("div");
    if (changedKeys.has(`stats/${stat.key}`)) pair.classList.add("changed");
    pair.append(element("dt", "", stat.label));
    const value = element("dd", "", stat.text);
    if (stat.note) value.append(element("span", "note", stat.note));
    pair.append(value);
    stats.append(pair);
  }
  sections(document.getElementById("sheet-sections"), sheet.sections || [], "h2", words, changedKeys);
  document.getElementById("sheet").hidden = false;
}

export function renderScene(scene, words) {
  document.getElementById("scene-label").textContent = words.scene;
  document.getElementById("scene-title").textContent = scene.title;
  sections(document.getElementById("scene-sections"), scene.sections || [], "h3", words, new Set());
  document.getElementById("scene").hidden = false;
}
