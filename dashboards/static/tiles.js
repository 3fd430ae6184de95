// Tiles drawn as Chinese glyphs (五 over 万, 中 alone). The names come from the page's
// "terms" JSON (dashboards/terms.py), the one place tile and term names are kept.
const TERMS = JSON.parse((document.getElementById("terms") || { textContent: "{}" }).textContent || "{}");

function tileName(code) {
  return (TERMS.tiles && TERMS.tiles[code]) || "?";
}

function tileEl(code, opts = {}) {
  const el = document.createElement("span");
  const glyph = (TERMS.glyphs && TERMS.glyphs[code]) || ["?", ""];
  const cls = ["tile", glyph[1] ? code[1] : code];
  if (opts.small) cls.push("small");
  if (opts.laizi) cls.push("laizi");
  if (opts.claimed) cls.push("claimed");
  if (opts.mark) cls.push(opts.mark);
  el.className = cls.join(" ");
  el.title = tileName(code) + (opts.laizi ? " (赖子 laizi)" : "") + (opts.title ? " — " + opts.title : "");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", el.title);
  const b = document.createElement("b");
  b.textContent = glyph[0];
  el.appendChild(b);
  if (glyph[1]) {
    const i = document.createElement("i");
    i.textContent = glyph[1];
    el.appendChild(i);
  }
  return el;
}

function tileBack(opts = {}) {
  const el = document.createElement("span");
  el.className = "tile back" + (opts.small ? " small" : "");
  el.title = "hidden 暗牌";
  return el;
}
