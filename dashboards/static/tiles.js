// Tiles drawn as readable glyphs: the rank and the Chinese suit, honours by their character.
const HONOURS = { E: "东", S: "南", W: "西", N: "北", C: "中", F: "发", P: "白" };
const SUITS = { m: "万", s: "条", p: "筒" };
const RANKS = "一二三四五六七八九";
const NAMES = { E: "东风", S: "南风", W: "西风", N: "北风", C: "红中", F: "发财", P: "白板" };

function tileName(code) {
  if (HONOURS[code]) return NAMES[code];
  return RANKS[Number(code[0]) - 1] + SUITS[code[1]];
}

function tileEl(code, opts = {}) {
  const el = document.createElement("span");
  const honour = HONOURS[code];
  el.className = "tile " + (honour ? code : code[1]) + (opts.small ? " small" : "") +
    (opts.laizi ? " laizi" : "") + (opts.claimed ? " claimed" : "");
  el.title = tileName(code) + " " + code + (opts.laizi ? " (赖子 laizi)" : "") + (opts.title ? " — " + opts.title : "");
  const b = document.createElement("b");
  b.textContent = honour || code[0];
  el.appendChild(b);
  if (!honour) {
    const i = document.createElement("i");
    i.textContent = SUITS[code[1]];
    el.appendChild(i);
  }
  return el;
}
