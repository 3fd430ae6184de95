// The Sichuan review board's panes (四川麻将 血战到底/血流成河). Each seat shows its void suit
// (定缺), whether it is out (won in 血战到底, bankrupt) or plays on with a locked hand (血流成河),
// its 向听 (a winner stays at 胡), the tiles it won on and its coins so far; under the board, the
// swap, the wins settled and the coins that moved at this step. The shell (board.js) steps, keys,
// swipes, links, shows the board as one seat (?as=N) and draws the progress graph; everything
// comes from the page's model (dashboards/sichuan_viewer.py), already in words.
(function () {
  function seatPanel(step, seat, place, v) {
    const { text, name, hidden } = v;
    const model = v.model;
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : step.actor === seat ? " turn" : "");
    if (step.status[seat]) panel.className += " sc-out";
    panel.dataset.seat = seat;
    const down = hidden(step, seat) && !step.laid_down[seat];
    const h = text("h3", name(seat) + " ");
    if (model.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (step.voids[seat]) h.appendChild(text("span", `缺 ${step.voids[seat]}`, `badge sc-void-badge suit-${step.void_letters[seat]}`));
    if (step.status[seat]) h.appendChild(text("span", step.status[seat], "badge sc-status"));
    if (illegal) h.appendChild(text("span", "broke a rule 违规", "badge bad"));
    const far = step.progress[seat];
    if (!down && !(far < 0 && step.status[seat])) h.appendChild(text("span", v.progressText(far), "far"));
    h.appendChild(text("span", ` coins 输赢 ${step.balances[seat]}`, "far"));
    panel.appendChild(h);
    const hand = document.createElement("div");
    hand.className = "row hand";
    const voidSuit = step.void_letters[seat];
    for (const t of step.hands[seat]) {
      const inVoid = voidSuit && t[1] === voidSuit;
      hand.appendChild(down ? tileBack() : tileEl(t, { mark: inVoid ? "sc-in-void" : "", title: inVoid ? "void suit tile 缺门的牌" : "" }));
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

  function centre(step, c, v) {
    const { text, name, model } = v;
    c.appendChild(text("div", `${step.live} tiles left 余牌`, "wall"));
    c.appendChild(text("div", model.mode_text || "", "muted-light"));
    c.appendChild(text("div", `庄 dealer: ${name(model.dealer)}`, "muted-light"));
    if (step.winners.length) c.appendChild(text("div", `won 已胡: ${step.winners.join(" · ")}`, "sc-winners-now"));
    if (step.pending.length) c.appendChild(text("div", `saying 胡 on this tile: ${step.pending.join(", ")}`, "muted-light"));
  }

  function marks(step, box, v) {
    const { text, name } = v;
    v.illegalMark(step, box);
    if (step.swap) {
      const div = document.createElement("div");
      div.className = "mark sc-swap-now";
      div.appendChild(text("strong", `换三张 swap ${step.swap.direction}`));
      step.swap.given.forEach((given, seat) => {
        const line = text("div", `${name(seat)} gives 换出 `);
        // the tiles another seat gave away are its own secret while the hand goes on
        for (const t of given) line.appendChild(v.hidden(step, seat) ? tileBack({ small: true }) : tileEl(t, { small: true }));
        div.appendChild(line);
      });
      box.appendChild(div);
    }
    for (const note of step.notes) box.appendChild(text("div", note, "mark win"));
    if (step.transfers.length) {
      const div = document.createElement("div");
      div.className = "mark sc-transfers-now";
      div.appendChild(text("strong", "Coins moved at this step 本步转账"));
      const ol = document.createElement("ul");
      for (const t of step.transfers) ol.appendChild(text("li", t.text));
      div.appendChild(ol);
      box.appendChild(div);
    }
    v.mistakeMarks(step, box);
  }

  reviewBoard({ seatPanel, centre, marks, over: (step) => step.phase === "ended" });
})();
