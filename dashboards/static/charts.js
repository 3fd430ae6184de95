// Draw every plotly figure the page carries in a data-figure attribute (escaped by Jinja).
// plotly.js (4.8 MB, served gzipped) is fetched after the page is parsed, so the page is
// readable (DOMContentLoaded) before the charts library has even arrived; the charts follow.
// This script is loaded async from the end of the page (charts_js.html), so it does not hold
// DOMContentLoaded back either, and every chart it draws is already parsed when it runs.
// The figure's title is printed above the chart as a heading, so plotly's toolbar (shown on
// hover, and not at all on phones) can never cover it.
(function () {
  const charts = document.querySelectorAll(".chart[data-figure]");
  if (!charts.length) return;

  const figures = new Map();
  charts.forEach((el) => {
    const fig = JSON.parse(el.dataset.figure);
    const title = fig.layout.title && fig.layout.title.text;
    if (title) {
      const h = document.createElement("h3");
      h.className = "chart-title";
      h.textContent = title;
      el.before(h);
    }
    delete fig.layout.title;
    figures.set(el, fig);
  });

  function draw() {
    const phone = window.innerWidth < 640;
    charts.forEach((el) => {
      const fig = figures.get(el);
      // a figure may carry what changes on a phone (shorter bar texts, tighter margins)
      const small = phone && fig.phone ? fig.phone : {};
      const data = fig.data.map((d, i) => Object.assign({}, d, (small.data || [])[i] || {}));
      const layout = Object.assign({}, fig.layout, small.layout || {});
      window.Plotly.newPlot(el, data, layout, {
        responsive: true,
        displaylogo: false,
        displayModeBar: phone ? false : "hover",
        modeBarButtonsToRemove: ["lasso2d", "select2d"],
      });
      el.dataset.drawn = "yes";
    });
  }

  if (window.Plotly) { draw(); return; }
  const script = document.createElement("script");
  script.src = document.getElementById("charts-js").dataset.plotly;
  script.addEventListener("load", draw);
  document.head.appendChild(script);
})();
