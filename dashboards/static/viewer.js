// The review board: steps through a replayed hand. Buttons, a slider, ←/→ (Home/End), swipes,
// the move list, the timeline and #step=N links (N = the event index; #step=start is the deal, #step=end the last step).
// Everything shown comes from the page's model (dashboards/viewer.py), already in words.
(function () {
  const model = JSON.parse(document.getElementById("model").textContent);
  const steps = model.steps;
  const $ = (id) => document.getElementById(id);
  if (!steps.length) return;
  const slider = $("slider");
  const lastIndex = steps[steps.length - 1].index;
  const winStep = steps.find((s) => s.win);
  const winner = winStep ? winStep.win.seat : null;
  const COLOURS = ["#1a4f9c", "#b3261e", "#1b6e2a", "#8a4fbf"];
  let pos = 0;
  // ?as=N opens the board as seat N sees it (the player page links a player's mistakes so)
  const asSeat = new URLSearchParams(location.search).get("as");
  let mode = /^[0-3]$/.test(asSeat || "") && model.players[Number(asSeat)] ? asSeat : "all";
  $("mode").value = mode;

  function text(tag, content, cls) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    el.textContent = content;
    return el;
  }
  const name = (seat) => {
    const p = model.players[seat];
    return p ? `${seat} ${p.name}` : `seat ${seat}`;
  };
  const bottomSeat = () => (mode === "all" ? 0 : Number(mode));
  const hidden = (step, seat) => mode !== "all" && Number(mode) !== seat && step.phase !== "over";

  function seatPanel(step, seat, place) {
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    const acting = step.index === null ? step.turn === seat : step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : acting ? " turn" : "");
    panel.dataset.seat = seat;
    const h = text("h3", name(seat) + " ");
    if (step.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (illegal) h.appendChild(text("span", "broke a rule 违规", "badge bad"));
    if (!hidden(step, seat) && step.progress) {
      const v = step.progress[seat];
      h.appendChild(text("span", v < 0 ? " 胡 complete" : v === 0 ? " 听牌 ready" : ` ${v} 向听`, "far"));
    }
    panel.appendChild(h);
    const hand = document.createElement("div");
    hand.className = "row hand";
    const win = step.win && step.win.seat === seat ? step.win : null;
    let winMarked = false;
    const tiles = step.hands[seat];
    for (let i = tiles.length - 1; i >= 0; i--) {
      // walk from the end so the marked winning tile is the last copy of it
      const t = tiles[i];
      let mark = "";
      if (win && !winMarked && t === win.tile) { mark = "win"; winMarked = true; }
      const el = hidden(step, seat) ? tileBack() : tileEl(t, { laizi: t === step.laizi, mark,
        title: mark ? "winning tile 胡的牌" : "" });
      hand.prepend(el);
    }
    const melds = step.melds[seat];
    melds.forEach((m, k) => {
      const meld = document.createElement("span");
      let cls = "meld";
      const fresh = k === melds.length - 1 && step.actor === seat &&
        ["chi", "peng", "gang"].includes(step.kind);
      if (fresh) cls += " fresh";
      if (m.from !== undefined && seat === winner && marksHere(step).some((x) => x.liability)) cls += " feed-target";
      meld.className = cls;
      let claimedShown = false;
      for (const t of m.tiles) {
        const claimed = fresh && !claimedShown && step.claimed_tile === t && m.from !== undefined;
        if (claimed) claimedShown = true;
        meld.appendChild(tileEl(t, { small: true, mark: claimed ? "claimed-now" : "",
          title: claimed ? "claimed tile 吃碰杠的牌" : "" }));
      }
      const kind = m.type === "gang" ? (TERMS.gangs[m.kind] || "杠") : (TERMS.moves[m.type] || "");
      meld.appendChild(text("small", m.from !== undefined ? `${kind} ← ${m.from}` : kind));
      hand.appendChild(meld);
    });
    const g = step.gangs[seat];
    const extra = [];
    if (g.pizi_gangs) extra.push(`红中杠 ×${g.pizi_gangs}`);
    if (g.pizi_discards) extra.push(`打红中 ×${g.pizi_discards}`);
    if (g.pi_gangs) extra.push(`${TERMS.pi_gang} ×${g.pi_gangs}`);
    if (g.pi_discards) extra.push(`打皮 ×${g.pi_discards}`);
    if (g.laizi_gangs) extra.push(`赖子杠 ×${g.laizi_gangs}`);
    if (g.laizi_discards) extra.push(`丢赖子 ×${g.laizi_discards}`);
    if (extra.length) hand.appendChild(text("small", extra.join(" · ")));
    panel.appendChild(hand);
    const river = document.createElement("div");
    river.className = "row river";
    const rv = step.discards[seat];
    rv.forEach((d, k) => {
      const last = k === rv.length - 1;
      let mark = "";
      let title = d.claimed_by !== undefined ? `claimed by ${name(d.claimed_by)}` : "";
      if (last && step.kind === "discard" && step.actor === seat) { mark = "last"; title = "last discard 刚打出"; }
      if (last && step.claimed_from === seat) { mark = "last"; title = "the claimed tile 被吃碰杠"; }
      if (last && step.win && step.win.source === seat) { mark = "win"; title = "the winning discard 放冲的牌"; }
      river.appendChild(tileEl(d.tile, { small: true, claimed: d.claimed_by !== undefined && !mark, mark, title }));
    });
    panel.appendChild(river);
    return panel;
  }

  function centre(step) {
    const c = $("centre");
    c.replaceChildren();
    c.appendChild(text("div", `${step.wall.live} tiles left 余牌`, "wall"));
    const ind = document.createElement("div");
    ind.append(text("span", "赖子皮 indicator "), tileEl(step.indicator, { small: true }));
    c.appendChild(ind);
    const lz = document.createElement("div");
    lz.append(text("span", "赖子 laizi "), tileEl(step.laizi, { small: true, laizi: true }));
    c.appendChild(lz);
    if (step.pi) {  // 七皮四赖: the 皮 kinds beside the indicator and the laizi
      const pi = document.createElement("div");
      pi.append(text("span", `${TERMS.pi} `), ...step.pi.map((t) => tileEl(t, { small: true })));
      c.appendChild(pi);
    }
    c.appendChild(text("div", `庄 dealer: ${name(step.dealer)}`, "muted-light"));
  }

  function marksHere(step) {
    if (step.index === null) return [];
    return model.mistakes.filter((m) => m.index === step.index);
  }

  function renderMarks(step) {
    const marks = $("marks");
    marks.replaceChildren();
    if (step.illegal) {
      const fi = model.first_illegal && model.first_illegal.index === step.index ? model.first_illegal : null;
      const div = document.createElement("div");
      div.className = "mark illegal";
      div.appendChild(text("strong", `Illegal 违规 (${fi ? fi.rule : step.illegal.rule}) by ${name(step.actor)}: `));
      div.appendChild(text("span", fi ? fi.message : ""));
      marks.appendChild(div);
    }
    const list = $("mistake-list");
    if (list && step.index !== null) {
      for (const li of list.querySelectorAll(`li[data-index="${step.index}"]`)) {
        const div = document.createElement("div");
        div.className = "mark mistake " + li.className;
        div.append(...[...li.childNodes].map((n) => n.cloneNode(true)));
        marks.appendChild(div);
      }
    }
    if (step.win) {
      const div = document.createElement("div");
      div.className = "mark win";
      div.appendChild(text("strong", step.win.title));
      marks.appendChild(div);
    }
  }

  // ---------------------------------------------------------------- timeline and progress graph
  function drawTimeline() {
    const box = $("timeline");
    const W = Math.max(280, box.clientWidth || 600);
    const H = 190;
    const left = 44, right = 10, top = 26, bottom = 34;
    const n = steps.length - 1 || 1;
    const x = (p) => left + (p / n) * (W - left - right);
    const seats = mode === "all" ? [0, 1, 2, 3] : [Number(mode)];
    let hi = 1;
    for (const s of steps) for (const v of seats.map((q) => s.progress[q])) hi = Math.max(hi, v);
    hi = Math.min(hi, 8);
    const y = (v) => top + ((Math.min(v, hi) + 1) / (hi + 1)) * (H - top - bottom);
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "progress graph: tiles from ready per seat, with markers");
    const el = (tag, attrs, content) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (content !== undefined) e.textContent = content;
      svg.appendChild(e);
      return e;
    };
    el("rect", { x: left, y: top, width: W - left - right, height: H - top - bottom, class: "plot" });
    for (let v = -1; v <= hi; v++) {
      el("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: "grid" });
      el("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, v < 0 ? "胡" : String(v));
    }
    el("text", { x: 10, y: top + (H - top - bottom) / 2, class: "axis", transform: `rotate(-90 10 ${top + (H - top - bottom) / 2})`,
      "text-anchor": "middle" }, "向听 from ready");
    el("text", { x: left + (W - left - right) / 2, y: H - 4, class: "axis", "text-anchor": "middle" },
      `step 步 (events 0–${lastIndex === null ? 0 : lastIndex})`);
    for (const s of seats) {
      const pts = steps.map((st, p) => `${x(p).toFixed(1)},${y(st.progress[s]).toFixed(1)}`).join(" ");
      el("polyline", { points: pts, fill: "none", stroke: COLOURS[s], "stroke-width": 2, class: "line" });
    }
    el("line", { x1: x(pos), x2: x(pos), y1: top - 20, y2: H - bottom, class: "now" });
    const symbol = { high: "■", medium: "■", low: "■", illegal: "▲", gang: "◆", win: "★" };
    const seen = {};
    for (const m of model.markers) {
      const k = `${m.pos}`;
      seen[k] = (seen[k] || 0) + 1;
      const t = el("text", { x: x(m.pos), y: top - 6 - (seen[k] - 1) * 11, "text-anchor": "middle",
        class: `marker ${m.kind}`, tabindex: 0, "data-pos": m.pos, role: "link" }, symbol[m.kind] || "●");
      const title = document.createElementNS(NS, "title");
      title.textContent = `event ${m.index}: ${m.label}`;
      t.appendChild(title);
      t.addEventListener("click", (e) => { e.stopPropagation(); go(m.pos); });
      t.addEventListener("keydown", (e) => { if (e.key === "Enter") go(m.pos); });
    }
    svg.addEventListener("click", (e) => {
      const r = svg.getBoundingClientRect();
      const p = Math.round(((e.clientX - r.left - left) / (W - left - right)) * n);
      go(p);
    });
    const legend = document.createElement("div");
    legend.className = "lines-legend";
    for (const s of seats) {
      const item = text("span", `— ${name(s)}`);
      item.style.color = COLOURS[s];
      legend.appendChild(item);
    }
    box.replaceChildren(svg, legend);
  }

  // ---------------------------------------------------------------- one step
  function render() {
    const step = steps[pos];
    slider.value = pos;
    $("position").textContent = step.index === null ? `deal 起牌 / ${lastIndex}` : `event ${step.index} / ${lastIndex}`;
    $("caption").textContent = step.index === null ? step.caption : `event ${step.index}: ${step.caption}`;
    const board = $("board");
    const b = bottomSeat();
    const places = { [b]: "bottom", [(b + 1) % 4]: "right", [(b + 2) % 4]: "top", [(b + 3) % 4]: "left" };
    board.querySelectorAll(".seat").forEach((e) => e.remove());
    for (const s of [(b + 2) % 4, (b + 3) % 4, (b + 1) % 4, b]) board.appendChild(seatPanel(step, s, places[s]));
    centre(step);
    renderMarks(step);
    const moves = $("moves");
    let current = null;
    for (const li of moves.children) {
      li.classList.remove("current");
      if (Number(li.dataset.first || li.dataset.pos) <= pos) current = li;
    }
    if (current) {
      current.classList.add("current");
      const top = current.offsetTop - moves.offsetTop;
      if (top < moves.scrollTop || top > moves.scrollTop + moves.clientHeight - 30) moves.scrollTop = top - 40;
    }
    drawTimeline();
    const hash = step.index === null ? "#step=start" : `#step=${step.index}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function go(p) {
    pos = Math.max(0, Math.min(steps.length - 1, p));
    $("step-note").hidden = true;
    render();
  }

  function fromHash() {
    const m = /#step=(start|[^&]*)/.exec(location.hash);
    if (!m || m[1] === "start") return { pos: 0 };
    if (m[1] === "end") return { pos: steps.length - 1 };
    const want = Number(m[1]);
    const i = Number.isInteger(want) ? steps.findIndex((s) => s.index === want) : -1;
    if (i >= 0) return { pos: i };
    const range = lastIndex === null ? "no events" : `events 0–${lastIndex}`;
    return { pos: 0, note: `There is no step ${m[1]} in this hand 没有这一步 (it has ${range}); showing the deal.` };
  }

  function openHash() {
    const found = fromHash();
    go(found.pos);
    if (found.note) {
      const note = $("step-note");
      note.textContent = found.note;
      note.hidden = false;
    }
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(pos - 1));
  $("next").addEventListener("click", () => go(pos + 1));
  $("last").addEventListener("click", () => go(steps.length - 1));
  slider.addEventListener("input", () => go(Number(slider.value)));
  $("mode").addEventListener("change", (e) => { mode = e.target.value; render(); });
  document.addEventListener("keydown", (e) => {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && e.target.type !== "range") return;
    if (e.key === "ArrowRight") { go(pos + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(pos - 1); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(steps.length - 1); e.preventDefault(); }
  });
  // swipe left for the next step, right for the previous one (phones)
  let touch = null;
  $("board").addEventListener("touchstart", (e) => { touch = e.changedTouches[0]; }, { passive: true });
  $("board").addEventListener("touchend", (e) => {
    if (!touch) return;
    const t = e.changedTouches[0];
    const dx = t.clientX - touch.clientX, dy = t.clientY - touch.clientY;
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) go(pos + (dx < 0 ? 1 : -1));
  });
  window.addEventListener("hashchange", openHash);
  let resizing = null;
  window.addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(drawTimeline, 100); });
  openHash();
})();
