// The Changsha review board's panes (长沙麻将). Each seat shows its opening hand (起手胡) with the
// tiles it showed, whether a 开杠 locked it, its 向听 and its points so far; the centre shows the
// wall, the 开杠 tiles turned up, the 海底 offers and the winners; under the board, the birds and
// the seat each hits, and every payment made at this step with its receipt. The shell
// (board.js) steps, keys, swipes, links, shows one seat (?as=N) and draws the progress graph;
// everything comes from the page's model (dashboards/changsha_viewer.py), already in words.
(function () {
  function seatPanel(step, seat, place, v) {
    const { text, name, hidden } = v;
    const model = v.model;
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : step.actor === seat ? " turn" : "");
    panel.dataset.seat = seat;
    const down = hidden(step, seat);
    const h = text("h3", name(seat) + " ");
    if (model.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (step.locked[seat]) h.appendChild(text("span", step.locked[seat], "badge sc-status"));
    if (illegal) h.appendChild(text("span", "broke a rule 违规", "badge bad"));
    if (!down) h.appendChild(text("span", v.progressText(step.progress[seat]), "far"));
    h.appendChild(text("span", ` points 输赢 ${step.balances[seat]}`, "far"));
    panel.appendChild(h);
    const hand = document.createElement("div");
    hand.className = "row hand";
    for (const t of step.hands[seat]) hand.appendChild(down ? tileBack() : tileEl(t));
    for (const m of step.melds[seat]) {
      const meld = document.createElement("span");
      meld.className = "meld";
      for (const t of m.tiles) meld.appendChild(m.hidden && down ? tileBack({ small: true }) : tileEl(t, { small: true }));
      meld.appendChild(text("small", m.label));
      hand.appendChild(meld);
    }
    panel.appendChild(hand);
    const q = step.qishou[seat];
    if (q) {
      const row = document.createElement("div");
      row.className = "row cs-qishou";
      row.appendChild(text("small", `起手胡 ${q.kinds} `));
      for (const t of q.tiles) row.appendChild(tileEl(t, { small: true, mark: "win", title: "shown for the opening hand 亮牌" }));
      panel.appendChild(row);
    }
    const river = document.createElement("div");
    river.className = "row river";
    const rv = step.discards[seat];
    rv.forEach((d, k) => {
      const last = k === rv.length - 1;
      const by = d.claimed_by || [];
      let mark = d.kai ? "sc-in-void" : "";
      let title = d.kai ? "a 开杠 tile 开杠的牌" : d.haidi ? "the 海底 海底牌" : by.length ? `claimed by ${by.map(name).join(", ")}` : "";
      if (last && step.kind === "discard" && step.actor === seat) { mark = "last"; title = "last discard 刚打出"; }
      river.appendChild(tileEl(d.tile, { small: true, claimed: by.length > 0 && !mark, mark, title }));
    });
    panel.appendChild(river);
    return panel;
  }

  function centre(step, c, v) {
    const { text, name, model } = v;
    c.appendChild(text("div", `${step.live} tiles left 余牌`, "wall"));
    c.appendChild(text("div", `庄 dealer: ${name(model.dealer)}`, "muted-light"));
    if (step.kai) {
      const kai = text("div", `开杠 ${step.kai.who} ${step.kai.kong} · dice 骰子 ${step.kai.dice}: `, "cs-kai");
      for (const t of step.kai.tiles) kai.appendChild(tileEl(t, { small: true }));
      c.appendChild(kai);
    }
    if (step.haidi.offers.length || step.haidi.due) {
      const line = text("div", `海底 the last tile: ${step.haidi.offers.join(" · ")}` + (step.haidi.due ? ` · offered to 轮到 ${step.haidi.due}` : ""), "cs-haidi");
      if (step.haidi.tile) line.appendChild(tileEl(step.haidi.tile, { small: true }));
      c.appendChild(line);
    }
    if (step.winners.length) c.appendChild(text("div", `won 胡: ${step.winners.join(" · ")}`, "sc-winners-now"));
    if (step.pending.length) c.appendChild(text("div", `saying 胡 on this tile: ${step.pending.join(", ")}`, "muted-light"));
  }

  function marks(step, box, v) {
    const { text } = v;
    v.illegalMark(step, box);
    if (step.qishou_now) {
      const div = text("div", `起手胡 ${step.qishou_now.who}: ${step.qishou_now.kinds} `, "mark cs-qishou-now");
      for (const t of step.qishou_now.tiles) div.appendChild(tileEl(t, { small: true }));
      box.appendChild(div);
    }
    for (const note of step.notes) box.appendChild(text("div", note, "mark win"));
    if (step.kind === "birds" || (step.payments.length && step.birds.length)) {
      const div = document.createElement("div");
      div.className = "mark cs-birds-now";
      div.appendChild(text("strong", "扎鸟 birds"));
      for (const b of step.birds) {
        const line = text("div", "");
        line.appendChild(tileEl(b.tile, { small: true }));
        line.appendChild(document.createTextNode(" " + b.text));
        div.appendChild(line);
      }
      box.appendChild(div);
    }
    if (step.payments.length) {
      const div = document.createElement("div");
      div.className = "mark sc-transfers-now cs-payments-now";
      div.appendChild(text("strong", "Paid at this step 本步付款"));
      const ul = document.createElement("ul");
      for (const p of step.payments) {
        const li = text("li", p.text + " · ");
        li.appendChild(text("span", p.receipt, "cs-receipt"));
        ul.appendChild(li);
      }
      div.appendChild(ul);
      box.appendChild(div);
    }
    v.mistakeMarks(step, box);
  }

  reviewBoard({ seatPanel, centre, marks, over: (step) => step.phase === "ended" });
})();
