// The hand viewer: steps through a replayed hand. Buttons, a slider, ←/→ (Home/End) and
// #step=N links (N = the event index; #step=start is the deal).
(function () {
  const model = JSON.parse(document.getElementById("model").textContent);
  const steps = model.steps;
  const $ = (id) => document.getElementById(id);
  if (!steps.length) return;
  const slider = $("slider");
  slider.max = steps.length - 1;
  const marksAt = {};
  const addMark = (index, mark) => { (marksAt[index] = marksAt[index] || []).push(mark); };
  if (model.first_illegal && model.first_illegal.index !== null) {
    addMark(model.first_illegal.index, { kind: "illegal", ...model.first_illegal });
  }
  for (const m of model.mistakes) addMark(m.index, { kind: "mistake", ...m });
  let pos = 0;

  function text(tag, content, cls) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    el.textContent = content;
    return el;
  }

  function seatPanel(step, seat) {
    const p = model.players[seat] || { name: "seat " + seat };
    const panel = document.createElement("div");
    panel.className = "seat" + (step.turn === seat && step.phase !== "over" ? " turn" : "");
    panel.dataset.seat = seat;
    const h = text("h3", `seat ${seat} · ${p.name} `);
    if (step.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    panel.appendChild(h);
    const hand = document.createElement("div");
    hand.className = "row hand";
    for (const t of step.hands[seat]) hand.appendChild(tileEl(t, { laizi: t === step.laizi }));
    for (const m of step.melds[seat]) {
      const meld = document.createElement("span");
      meld.className = "meld";
      for (const t of m.tiles) meld.appendChild(tileEl(t, { small: true }));
      const kind = m.type === "gang" ? `${m.kind}-gang` : m.type;
      meld.appendChild(text("small", m.from !== undefined ? `${kind} ← seat ${m.from}` : kind));
      hand.appendChild(meld);
    }
    const g = step.gangs[seat];
    const extra = [];
    if (g.pizi_gangs) extra.push(`红中杠 ×${g.pizi_gangs}`);
    if (g.pizi_discards) extra.push(`打红中 ×${g.pizi_discards}`);
    if (g.laizi_gangs) extra.push(`赖子杠 ×${g.laizi_gangs}`);
    if (g.laizi_discards) extra.push(`丢赖子 ×${g.laizi_discards}`);
    if (extra.length) hand.appendChild(text("small", extra.join(" · ")));
    panel.appendChild(hand);
    const river = document.createElement("div");
    river.className = "row river";
    for (const d of step.discards[seat]) {
      river.appendChild(tileEl(d.tile, { small: true, claimed: d.claimed_by !== undefined,
        title: d.claimed_by !== undefined ? `claimed by seat ${d.claimed_by}` : "" }));
    }
    panel.appendChild(river);
    return panel;
  }

  function settlementBlock() {
    const box = document.createElement("div");
    const c = model.computed;
    if (!c) return box;
    box.appendChild(text("h2", c.winner === null ? "Draw 黄庄: nobody pays" :
      `Seat ${c.winner} wins: ${c.hands.map((h) => `${model.hand_names[h]} ${h}`).join(" + ")}` +
      (c.hard ? " · 硬胡 hard" : " · 软胡 soft")));
    if (c.receipts && c.receipts.length) {
      const table = document.createElement("table");
      table.className = "data receipt";
      table.innerHTML = "<tr><th>seat</th><th>receipt</th><th>raw</th><th>after caps</th><th>pays</th></tr>";
      for (const r of c.receipts) {
        const tr = document.createElement("tr");
        tr.appendChild(text("td", `seat ${r.seat}`));
        const td = document.createElement("td");
        td.appendChild(text("code", `${r.expression} = ${r.raw}`));
        td.title = r.factors.map((f) => `${f.zh} ${f.name} ×${f.value}`).join(" · ");
        if (r.covered_by !== undefined) td.appendChild(text("div", `paid by seat ${r.covered_by} (承包 liability)`, "muted"));
        tr.appendChild(td);
        tr.appendChild(text("td", r.raw));
        tr.appendChild(text("td", r.amount));
        tr.appendChild(text("td", r.pays));
        table.appendChild(tr);
      }
      box.appendChild(table);
      box.appendChild(text("p", `deltas: ${c.deltas.join(", ")}` + (c.liable !== null ? ` · seat ${c.liable} liable (承包)` : "") +
        (c.capped ? ` · cap: ${c.capped}` : "")));
    }
    if (model.differences.length) {
      const d = document.createElement("div");
      d.className = "mark";
      d.appendChild(text("strong", "The app recorded something else:"));
      const ul = document.createElement("ul");
      for (const diff of model.differences) {
        ul.appendChild(text("li", `${diff.field}: app ${JSON.stringify(diff.recorded)}, rules ${JSON.stringify(diff.computed)}`));
      }
      d.appendChild(ul);
      box.appendChild(d);
    }
    return box;
  }

  function render() {
    const step = steps[pos];
    slider.value = pos;
    $("position").textContent = `${pos} / ${steps.length - 1}`;
    $("caption").textContent = step.index === null ? step.caption : `event ${step.index}: ${step.caption}`;
    $("wall").textContent = `${step.wall.live} tiles left to draw`;
    const ind = $("indicator");
    ind.replaceChildren(text("span", "赖子皮 indicator "), tileEl(step.indicator, { small: true }),
      text("span", " 赖子 laizi "), tileEl(step.laizi, { small: true, laizi: true }));
    const seats = $("seats");
    seats.replaceChildren(...[0, 1, 2, 3].map((s) => seatPanel(step, s)));
    const marks = $("marks");
    marks.replaceChildren();
    const here = step.index === null ? [] : [...(marksAt[step.index] || [])];
    if (step.illegal && !here.some((m) => m.kind === "illegal")) {
      here.unshift({ kind: "illegal", ...step.illegal, index: step.index });
    }
    for (const m of here) {
      const div = document.createElement("div");
      div.className = "mark " + m.kind;
      div.appendChild(text("strong", m.kind === "illegal" ? `Illegal (${m.rule}, ${m.code}): ` :
        `Mistake ${m.zh} ${m.type} by seat ${m.seat} (cost ${m.cost}): `));
      div.appendChild(text("span", m.message));
      marks.appendChild(div);
    }
    $("settlement").replaceChildren(pos === steps.length - 1 ? settlementBlock() : document.createElement("div"));
    const hash = step.index === null ? "#step=start" : `#step=${step.index}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function go(p) { pos = Math.max(0, Math.min(steps.length - 1, p)); render(); }
  function fromHash() {
    const m = /#step=(start|-?\d+)/.exec(location.hash);
    if (!m) return 0;
    if (m[1] === "start") return 0;
    const i = steps.findIndex((s) => s.index === Number(m[1]));
    return i < 0 ? 0 : i;
  }
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(pos - 1);
  $("next").onclick = () => go(pos + 1);
  $("last").onclick = () => go(steps.length - 1);
  slider.oninput = () => go(Number(slider.value));
  document.addEventListener("keydown", (e) => {
    if (e.target && e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "ArrowRight") { go(pos + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(pos - 1); e.preventDefault(); }
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(steps.length - 1);
  });
  window.addEventListener("hashchange", () => go(fromHash()));
  go(fromHash());
})();
