// The Wuhan review board's panes (红中赖子杠): what a seat panel, the table centre and the marks
// under the board draw. The shell (board.js) steps, keys, swipes, links and draws the progress
// graph; everything here comes from the page's model (dashboards/viewer.py), already in words.
(function () {
  const model = JSON.parse(document.getElementById("model").textContent);
  const winStep = model.steps.find((s) => s.win);
  const winner = winStep ? winStep.win.seat : null;

  function seatPanel(step, seat, place, v) {
    const { text, name, hidden } = v;
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    const acting = step.index === null ? step.turn === seat : step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : acting ? " turn" : "");
    panel.dataset.seat = seat;
    const h = text("h3", name(seat) + " ");
    if (step.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (illegal) h.appendChild(text("span", "broke a rule 违规", "badge bad"));
    if (!hidden(step, seat) && step.progress) h.appendChild(text("span", v.progressText(step.progress[seat]), "far"));
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
      if (m.from !== undefined && seat === winner && v.marksHere(step).some((x) => x.liability)) cls += " feed-target";
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

  function centre(step, c, v) {
    const { text, name } = v;
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

  function marks(step, box, v) {
    v.illegalMark(step, box);
    v.mistakeMarks(step, box);
    if (step.win) {
      const div = document.createElement("div");
      div.className = "mark win";
      div.appendChild(v.text("strong", step.win.title));
      box.appendChild(div);
    }
  }

  reviewBoard({ seatPanel, centre, marks, over: (step) => step.phase === "over" });
})();
