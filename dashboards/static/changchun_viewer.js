// The Changchun review board's panes (长春麻将). Each seat shows its hand, its melds with the
// opening sets and their 补, its 报听, whether it leaked the 宝 (泄宝), its 向听 and its points
// so far; the centre shows the wall and the 宝. The 宝 is hidden at the table: in one seat's
// view (?as=N) it shows only once that seat knows it (its own roll or look, a leak, or the hand
// over); the all-open view shows it with every moment a seat learnt one. Under the board, the
// step's notes (the win, 截胡, a robbed gang) and every payment made, win money and gang money
// apart, each with its receipt. The shell (board.js) steps, keys, swipes, links, shows one seat
// and draws the progress graph; everything comes from the page's model
// (dashboards/changchun_viewer.py), already in words.
(function () {
  // the 宝 tile the current view may show at this step (null: hidden or none), and whether the
  // view shows everything (all open, or the hand is over)
  function baoSeen(step, v, over) {
    const me = v.viewer();
    if (!step.bao) return null;
    if (me === null || over(step)) return step.bao.tile;
    if (step.bao_known[me]) return step.bao_known[me];
    const leak = step.leaks.find((lk) => lk.serial === step.bao.serial);  // a leak shows it to all
    return leak ? leak.tile : null;
  }

  function seatPanel(step, seat, place, v) {
    const { text, name, hidden, model } = v;
    const panel = document.createElement("div");
    const illegal = step.illegal && step.actor === seat;
    panel.className = `seat ${place}` + (illegal ? " broke" : step.actor === seat ? " turn" : "");
    panel.dataset.seat = seat;
    const down = hidden(step, seat);
    const h = text("h3", name(seat) + " ");
    if (model.dealer === seat) h.appendChild(text("span", "庄 dealer", "badge"));
    if (step.ting[seat]) h.appendChild(text("span", step.ting[seat], "badge sc-status cc-ting"));
    if (step.leaked[seat]) h.appendChild(text("span", "泄宝 leaked: no win", "badge bad cc-leaked"));
    const me = v.viewer();
    // what this seat knows of the 宝: all open shows it; one seat's view shows its own, and
    // only that the others have looked
    if (step.bao_known[seat] && (me === null || me === seat || over(step))) {
      const b = text("span", "knows 宝 ", "badge cc-knows");
      b.appendChild(tileEl(step.bao_known[seat], { small: true, title: "the 宝 this seat knows 已知宝" }));
      h.appendChild(b);
    } else if (step.looked[seat]) {
      h.appendChild(text("span", "看过宝 has looked", "badge cc-looked"));
    }
    if (illegal) h.appendChild(text("span", "broke a rule 违规", "badge bad"));
    if (!down) h.appendChild(text("span", v.progressText(step.progress[seat]), "far"));
    h.appendChild(text("span", ` points 输赢 ${step.balances[seat]}`, "far"));
    panel.appendChild(h);
    const hand = document.createElement("div");
    hand.className = "row hand";
    for (const t of step.hands[seat]) hand.appendChild(down ? tileBack() : tileEl(t));
    for (const m of step.melds[seat]) {
      const meld = document.createElement("span");
      meld.className = "meld" + (m.set ? " cc-set" : "");
      for (const t of m.tiles) meld.appendChild(m.hidden && down ? tileBack({ small: true }) : tileEl(t, { small: true }));
      for (const t of m.bu) meld.appendChild(tileEl(t, { small: true, mark: "win", title: "补 added to the set" }));
      meld.appendChild(text("small", m.label));
      hand.appendChild(meld);
    }
    panel.appendChild(hand);
    const river = document.createElement("div");
    river.className = "row river";
    const rv = step.discards[seat];
    rv.forEach((d, k) => {
      const by = d.claimed_by || [];
      let mark = "";
      let title = by.length ? `claimed by ${by.map(name).join(", ")}` : "";
      if (k === rv.length - 1 && step.kind === "discard" && step.actor === seat) { mark = "last"; title = "last discard 刚打出"; }
      river.appendChild(tileEl(d.tile, { small: true, claimed: by.length > 0 && !mark, mark, title }));
    });
    panel.appendChild(river);
    return panel;
  }

  const over = (step) => step.phase === "ended";

  function centre(step, c, v) {
    const { text, name, model } = v;
    c.appendChild(text("div", `${step.live} tiles left 余牌 · reserve 留 ${step.reserve}`, "wall"));
    c.appendChild(text("div", `庄 dealer: ${name(model.dealer)}`, "muted-light"));
    const box = document.createElement("div");
    box.className = "cc-bao";
    box.id = "bao";
    const seen = baoSeen(step, v, over);
    if (!step.bao) {
      box.appendChild(text("span", "宝 treasure: none yet 未定宝"));
    } else if (seen) {
      box.appendChild(text("span", "宝 treasure: "));
      box.appendChild(tileEl(seen, { small: true, title: "the 宝 宝牌" }));
      box.dataset.tile = seen;
      const known = v.viewer() === null || over(step) || step.bao_known[v.viewer()] === seen;
      if (known) box.appendChild(text("span", ` ${step.bao.state} · ${step.bao.visible}`, "cc-bao-state"));
      else box.appendChild(text("span", " leaked 泄宝: dead 死宝", "cc-bao-state"));
    } else {
      box.appendChild(text("span", "宝 treasure: hidden 未见 (this seat has not seen it)", "cc-bao-hidden"));
      box.appendChild(tileBack({ small: true }));
    }
    c.appendChild(box);
    if (v.viewer() === null || over(step)) {  // all open: every moment a seat learnt a 宝
      if (step.learnt.length) {
        const ul = document.createElement("ul");
        ul.className = "cc-learnt";
        for (const lk of step.learnt) ul.appendChild(text("li", lk.text));
        c.appendChild(ul);
      }
    } else {
      const mine = step.learnt.filter((lk) => lk.seat === v.viewer());
      if (mine.length) {
        const ul = document.createElement("ul");
        ul.className = "cc-learnt";
        for (const lk of mine) ul.appendChild(text("li", lk.text));
        c.appendChild(ul);
      }
    }
    if (step.pending.length) c.appendChild(text("div", `saying 胡 on this tile: ${step.pending.join(", ")}`, "muted-light"));
  }

  function marks(step, box, v) {
    const { text } = v;
    v.illegalMark(step, box);
    for (const note of step.notes) box.appendChild(text("div", note, "mark win"));
    for (const [kind, title] of [["win", "Win money 胡分"], ["gang", "Gang money 杠分 (apart)"]]) {
      const paid = step.payments.filter((p) => p.kind === kind);
      if (!paid.length) continue;
      const div = document.createElement("div");
      div.className = `mark sc-transfers-now cc-payments-now cc-${kind}`;
      div.appendChild(text("strong", `${title}: paid at this step 本步付款`));
      const ul = document.createElement("ul");
      for (const p of paid) {
        const li = text("li", p.text + " · ");
        li.appendChild(text("span", p.receipt, "cc-receipt"));
        ul.appendChild(li);
      }
      div.appendChild(ul);
      box.appendChild(div);
    }
    v.mistakeMarks(step, box);
  }

  reviewBoard({ seatPanel, centre, marks, over });
})();
