// The review board both games share (templates/_board.html): steps through a replayed hand with
// buttons, a slider, ←/→ (Home/End), swipes, the move list, the progress graph and #step=N links
// (N = the event index; #step=start is the deal, #step=end the last step). ?as=N opens the board
// as seat N sees it: that seat at the bottom, the others' hands face down until the hand is over
// (the player page links a player's mistakes so). Each game's script (viewer.js for Wuhan,
// sichuan_viewer.js for Sichuan) calls reviewBoard with only what differs: how a seat panel,
// the table centre and the step's marks are drawn, and when the hands are open. Everything shown
// comes from the page's model (dashboards/viewer.py, dashboards/sichuan_viewer.py), in words.
// eslint-disable-next-line no-unused-vars
function reviewBoard(game) {
  const model = JSON.parse(document.getElementById("model").textContent);
  const steps = model.steps;
  const $ = (id) => document.getElementById(id);
  if (!steps.length) return;
  const slider = $("slider");
  const lastIndex = steps[steps.length - 1].index;
  const COLOURS = ["#1a4f9c", "#b3261e", "#1b6e2a", "#8a4fbf"];
  // seats at the table: four, or two facing each other (二人麻将: model.seat_count 2)
  const SEATS = model.seat_count === 2 ? 2 : 4;
  let pos = 0;
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
  const viewer = () => (mode === "all" ? null : Number(mode));
  // a seat's hand is face down when the board is shown as another seat and the hand goes on
  const hidden = (step, seat) => mode !== "all" && Number(mode) !== seat && !game.over(step);
  const marksHere = (step) => (step.index === null ? [] : model.mistakes.filter((m) => m.index === step.index));
  const progressText = (v) => (v < 0 ? " 胡 complete" : v === 0 ? " 听牌 ready" : ` ${v} 向听`);

  function illegalMark(step, box) {
    if (!step.illegal) return;
    const fi = model.first_illegal && model.first_illegal.index === step.index ? model.first_illegal : null;
    const div = document.createElement("div");
    div.className = "mark illegal";
    div.appendChild(text("strong", `Illegal 违规 (${fi ? fi.rule : step.illegal.rule}) by ${name(step.actor)}: `));
    div.appendChild(text("span", fi ? fi.message : ""));
    box.appendChild(div);
  }

  function mistakeMarks(step, box) {  // the mistakes at this step, as the list below words them
    const list = $("mistake-list");
    if (!list || step.index === null) return;
    for (const li of list.querySelectorAll(`li[data-index="${step.index}"]`)) {
      const div = document.createElement("div");
      div.className = "mark mistake " + li.className;
      div.append(...[...li.childNodes].map((n) => n.cloneNode(true)));
      box.appendChild(div);
    }
  }

  const view = { model, steps, text, name, hidden, viewer, marksHere, progressText, illegalMark, mistakeMarks };

  // ---------------------------------------------------------------- timeline and progress graph
  function drawTimeline() {
    const box = $("timeline");
    const W = Math.max(280, box.clientWidth || 600);
    const left = 44, right = 10, bottom = 34;
    const n = steps.length - 1 || 1;
    const x = (p) => left + (p / n) * (W - left - right);
    // markers closer than a symbol's width stack in rows above the plot, so each stays clickable
    const rows = [];
    const level = model.markers.map((m) => {
      let r = 0;
      while (rows[r] && rows[r].some((q) => Math.abs(q - x(m.pos)) < 12)) r++;
      (rows[r] = rows[r] || []).push(x(m.pos));
      return r;
    });
    const top = 15 + 11 * Math.max(1, rows.length);
    const H = 164 + top;
    const seats = mode === "all" ? [...Array(SEATS).keys()] : [Number(mode)];
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
      el("polyline", { points: pts, fill: "none", stroke: COLOURS[s], "stroke-width": 2, class: "line",
        "data-seat": s });
    }
    el("line", { x1: x(pos), x2: x(pos), y1: top - 20, y2: H - bottom, class: "now" });
    const symbol = { high: "■", medium: "■", low: "■", illegal: "▲", gang: "◆", win: "★" };
    model.markers.forEach((m, k) => {
      const t = el("text", { x: x(m.pos), y: top - 6 - level[k] * 11, "text-anchor": "middle",
        class: `marker ${m.kind}`, tabindex: 0, "data-pos": m.pos, role: "link" }, symbol[m.kind] || "●");
      const title = document.createElementNS(NS, "title");
      title.textContent = `event ${m.index}: ${m.label}`;
      t.appendChild(title);
      t.addEventListener("click", (e) => { e.stopPropagation(); go(m.pos); });
      t.addEventListener("keydown", (e) => { if (e.key === "Enter") go(m.pos); });
    });
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
    // a seat's draw is told without its tile to the others until the hand is over
    const caption = step.caption_seen && hidden(step, step.actor) ? step.caption_seen : step.caption;
    $("caption").textContent = step.index === null ? caption : `event ${step.index}: ${caption}`;
    const board = $("board");
    const b = mode === "all" ? 0 : Number(mode);
    const places = SEATS === 2 ? { [b]: "bottom", [1 - b]: "top" }
      : { [b]: "bottom", [(b + 1) % 4]: "right", [(b + 2) % 4]: "top", [(b + 3) % 4]: "left" };
    const order = SEATS === 2 ? [1 - b, b] : [(b + 2) % 4, (b + 3) % 4, (b + 1) % 4, b];
    board.querySelectorAll(".seat").forEach((e) => e.remove());
    for (const s of order) board.appendChild(game.seatPanel(step, s, places[s], view));
    const centre = $("centre");
    centre.replaceChildren();
    game.centre(step, centre, view);
    const marks = $("marks");
    marks.replaceChildren();
    game.marks(step, marks, view);
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
  // in one seat's view the move list tells the other seats' draws without their tiles
  function moveTexts() {
    for (const li of $("moves").querySelectorAll("li[data-seen]")) {
      const a = li.querySelector("a");
      if (li.dataset.full === undefined) li.dataset.full = a.textContent;
      a.textContent = mode !== "all" && Number(li.dataset.actor) !== Number(mode) ? li.dataset.seen : li.dataset.full;
    }
  }
  $("mode").addEventListener("change", (e) => { mode = e.target.value; moveTexts(); render(); });
  moveTexts();
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
}
