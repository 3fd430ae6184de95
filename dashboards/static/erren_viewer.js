// The 二人麻将 review board's panes. Two seats face each other (each the other's 上家 and 下家):
// each shows its hand, its melds, the flowers it set aside (补花) apart from its hand, its 报听,
// its 向听 and its points so far; the centre shows the wall and the dealer; under the board, what
// happened at this step: flowers set aside, 报听, and at the win the reading's fans as a receipt
// (each fan in Chinese beside English with its value, T and Q) and the payment. The shell
// (board.js) steps, keys, swipes, links, shows one seat (?as=N) and draws the progress graph;
// everything comes from the page's model (dashboards/erren_viewer.py), already in words.
(function () {
  const model = JSON.parse(document.getElementById("model").textContent);
  // the flowers are no tile of the 34 every game shares: drawn as 春 over 花 (tiles.js reads these)
  TERMS.glyphs = Object.assign({}, TERMS.glyphs, model.flower_glyphs || {});
  TERMS.tiles = Object.assign({}, TERMS.tiles, model.flower_names || {});

  function seatPanel(step, seat, place, v) {
    const { text, name, hidden } = v;
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : step.actor === seat ? " turn" : "");
    panel.dataset.seat = seat;
    const down = hidden(step, seat);
    const h = text("h3", name(seat) + " ");
    if (model.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (step.ting[seat]) h.appendChild(text("span", step.ting[seat], "badge er-ting"));
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
    const flowers = document.createElement("div");
    flowers.className = "row er-flowers-row";
    flowers.appendChild(text("small", "补花 flowers: "));
    if (!step.flowers[seat].length) flowers.appendChild(text("small", "none 无", "muted-light"));
    for (const f of step.flowers[seat]) flowers.appendChild(tileEl(f, { small: true, title: "set aside 补花" }));
    panel.appendChild(flowers);
    const river = document.createElement("div");
    river.className = "row river";
    const rv = step.discards[seat];
    rv.forEach((d, k) => {
      const last = k === rv.length - 1;
      const by = d.claimed_by;
      let mark = d.ting ? "er-ting-discard" : "";
      let title = d.ting ? "discarded with 报听" : by !== undefined ? `claimed by ${name(by)}` : "";
      if (last && step.kind === "discard" && step.actor === seat) { mark = "last"; title = "last discard 刚打出"; }
      river.appendChild(tileEl(d.tile, { small: true, claimed: by !== undefined && !mark, mark, title }));
    });
    panel.appendChild(river);
    return panel;
  }

  function centre(step, c, v) {
    const { text, name } = v;
    c.appendChild(text("div", `${step.live} tiles left 余牌`, "wall"));
    c.appendChild(text("div", `庄 dealer: ${name(model.dealer)}`, "muted-light"));
    c.appendChild(text("div", "二人 two seats: each is the other's 上家 and 下家", "muted-light"));
  }

  function winReceipt(win, text) {
    const div = document.createElement("div");
    div.className = "mark win er-win-now";
    div.appendChild(text("strong", win.title));
    const reading = document.createElement("div");
    reading.className = "er-reading";
    for (const g of win.groups) {
      const span = document.createElement("span");
      span.className = "er-group" + (g.won ? " er-won" : "");
      span.title = g.label;
      for (const t of g.tiles) span.appendChild(tileEl(t, { small: true }));
      reading.appendChild(span);
    }
    div.appendChild(reading);
    const table = document.createElement("table");
    table.className = "er-fans-now";
    for (const f of win.fans) {
      const tr = document.createElement("tr");
      tr.appendChild(text("td", f.zh));
      tr.appendChild(text("td", f.en + (f.nq ? " (不计起胡)" : "")));
      tr.appendChild(text("td", f.n > 1 ? `${f.value} × ${f.n} = ${f.points}` : String(f.value)));
      table.appendChild(tr);
    }
    div.appendChild(table);
    div.appendChild(text("div", win.summary));
    return div;
  }

  function marks(step, box, v) {
    const { text } = v;
    v.illegalMark(step, box);
    for (const note of step.notes) box.appendChild(text("div", note, "mark"));
    if (step.win) box.appendChild(winReceipt(step.win, text));
    if (step.payments.length) {
      const div = document.createElement("div");
      div.className = "mark sc-transfers-now";
      div.appendChild(text("strong", "Paid at this step 本步付款"));
      const ul = document.createElement("ul");
      for (const p of step.payments) ul.appendChild(text("li", `${p.text} · ${p.receipt[p.receipt.length - 1] || ""}`));
      div.appendChild(ul);
      box.appendChild(div);
    }
    v.mistakeMarks(step, box);
  }

  reviewBoard({ seatPanel, centre, marks, over: (step) => step.phase === "ended" });
})();
