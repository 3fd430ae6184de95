// The Sichuan review board (四川麻将): steps through a replayed hand. Buttons, a slider, ←/→
// (Home/End), swipes, the move list and #step=N links (N = the event index; #step=start is the
// deal). Each seat shows its void suit (定缺), whether it is out (won in 血战到底, bankrupt) or
// plays on with a locked hand (血流成河), the tiles it won on and its coins so far; under the
// board, the coins that moved at this step. Everything comes from the page's model
// (dashboards/sichuan_viewer.py), already in words.
(function () {
  const model = JSON.parse(document.getElementById("model").textContent);
  const steps = model.steps;
  const $ = (id) => document.getElementById(id);
  if (!steps.length) return;
  const slider = $("slider");
  const lastIndex = steps[steps.length - 1].index;
  let pos = 0;

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

  function seatPanel(step, seat, place) {
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : step.actor === seat ? " turn" : "");
    if (step.status[seat]) panel.className += " sc-out";
    panel.dataset.seat = seat;
    const h = text("h3", name(seat) + " ");
    if (model.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (step.voids[seat]) h.appendChild(text("span", `缺 ${step.voids[seat]}`, `badge sc-void-badge suit-${step.void_letters[seat]}`));
    if (step.status[seat]) h.appendChild(text("span", step.status[seat], "badge sc-status"));
    if (illegal) h.appendChild(text("span", "broke a rule 违规", "badge bad"));
    h.appendChild(text("span", ` coins 输赢 ${step.balances[seat]}`, "far"));
    panel.appendChild(h);
    const hand = document.createElement("div");
    hand.className = "row hand";
    const voidSuit = step.void_letters[seat];
    for (const t of step.hands[seat]) {
      const inVoid = voidSuit && t[1] === voidSuit;
      hand.appendChild(tileEl(t, { mark: inVoid ? "sc-in-void" : "", title: inVoid ? "void suit tile 缺门的牌" : "" }));
    }
    for (const m of step.melds[seat]) {
      const meld = document.createElement("span");
      meld.className = "meld";
      for (const t of m.tiles) meld.appendChild(tileEl(t, { small: true }));
      meld.appendChild(text("small", m.label));
      hand.appendChild(meld);
    }
    panel.appendChild(hand);
    if (step.won_tiles[seat].length) {
      const won = document.createElement("div");
      won.className = "row sc-won";
      won.appendChild(text("small", "won on 胡的牌 "));
      for (const t of step.won_tiles[seat]) won.appendChild(tileEl(t, { small: true, mark: "win", title: "a tile this seat won on" }));
      panel.appendChild(won);
    }
    const river = document.createElement("div");
    river.className = "row river";
    const rv = step.discards[seat];
    rv.forEach((d, k) => {
      const last = k === rv.length - 1;
      const by = d.claimed_by || [];
      let mark = "";
      let title = by.length ? `claimed by ${by.map(name).join(", ")}` : "";
      if (last && step.kind === "discard" && step.actor === seat) { mark = "last"; title = "last discard 刚打出"; }
      river.appendChild(tileEl(d.tile, { small: true, claimed: by.length > 0 && !mark, mark, title }));
    });
    panel.appendChild(river);
    return panel;
  }

  function centre(step) {
    const c = $("centre");
    c.replaceChildren();
    c.appendChild(text("div", `${step.live} tiles left 余牌`, "wall"));
    c.appendChild(text("div", model.mode_text || "", "muted-light"));
    c.appendChild(text("div", `庄 dealer: ${name(model.dealer)}`, "muted-light"));
    if (step.winners.length) c.appendChild(text("div", `won 已胡: ${step.winners.join(" · ")}`, "sc-winners-now"));
    if (step.pending.length) c.appendChild(text("div", `saying 胡 on this tile: ${step.pending.join(", ")}`, "muted-light"));
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
    if (step.swap) {
      const div = document.createElement("div");
      div.className = "mark sc-swap-now";
      div.appendChild(text("strong", `换三张 swap ${step.swap.direction}`));
      step.swap.given.forEach((given, seat) => {
        const line = text("div", `${name(seat)} gives 换出 `);
        for (const t of given) line.appendChild(tileEl(t, { small: true }));
        div.appendChild(line);
      });
      marks.appendChild(div);
    }
    for (const note of step.notes) {
      marks.appendChild(text("div", note, "mark win"));
    }
    if (step.transfers.length) {
      const div = document.createElement("div");
      div.className = "mark sc-transfers-now";
      div.appendChild(text("strong", "Coins moved at this step 本步转账"));
      const ol = document.createElement("ul");
      for (const t of step.transfers) ol.appendChild(text("li", t.text));
      div.appendChild(ol);
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
  }

  function render() {
    const step = steps[pos];
    slider.value = pos;
    $("position").textContent = step.index === null ? `deal 起牌 / ${lastIndex}` : `event ${step.index} / ${lastIndex}`;
    $("caption").textContent = step.index === null ? step.caption : `event ${step.index}: ${step.caption}`;
    const board = $("board");
    const places = { 0: "bottom", 1: "right", 2: "top", 3: "left" };
    board.querySelectorAll(".seat").forEach((e) => e.remove());
    for (const s of [2, 3, 1, 0]) board.appendChild(seatPanel(step, s, places[s]));
    centre(step);
    renderMarks(step);
    const moves = $("moves");
    let current = null;
    for (const li of moves.children) {
      li.classList.remove("current");
      if (Number(li.dataset.pos) <= pos) current = li;
    }
    if (current) {
      current.classList.add("current");
      const top = current.offsetTop - moves.offsetTop;
      if (top < moves.scrollTop || top > moves.scrollTop + moves.clientHeight - 30) moves.scrollTop = top - 40;
    }
    const hash = step.index === null ? "#step=start" : `#step=${step.index}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function go(p) {
    pos = Math.max(0, Math.min(steps.length - 1, p));
    $("step-note").hidden = true;
    render();
  }

  function openHash() {
    const m = /#step=(start|[^&]*)/.exec(location.hash);
    if (!m || m[1] === "start") return go(0);
    if (m[1] === "end") return go(steps.length - 1);
    const want = Number(m[1]);
    const i = Number.isInteger(want) ? steps.findIndex((s) => s.index === want) : -1;
    if (i >= 0) return go(i);
    go(0);
    const note = $("step-note");
    note.textContent = `There is no step ${m[1]} in this hand 没有这一步 (it has events 0–${lastIndex}); showing the deal.`;
    note.hidden = false;
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(pos - 1));
  $("next").addEventListener("click", () => go(pos + 1));
  $("last").addEventListener("click", () => go(steps.length - 1));
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && e.target.type !== "range") return;
    if (e.key === "ArrowRight") { go(pos + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(pos - 1); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(steps.length - 1); e.preventDefault(); }
  });
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
  openHash();
})();
