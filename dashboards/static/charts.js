// Draw every plotly figure the page carries in a data-figure attribute (escaped by Jinja).
// The figure's title is printed above the chart as a heading, so plotly's toolbar (shown on
// hover, and not at all on phones) can never cover it.
document.querySelectorAll(".chart[data-figure]").forEach((el) => {
  const fig = JSON.parse(el.dataset.figure);
  const title = fig.layout.title && fig.layout.title.text;
  if (title) {
    const h = document.createElement("h3");
    h.className = "chart-title";
    h.textContent = title;
    el.before(h);
    delete fig.layout.title;
  }
  const phone = window.innerWidth < 640;
  Plotly.newPlot(el, fig.data, fig.layout, {
    responsive: true,
    displaylogo: false,
    displayModeBar: phone ? false : "hover",
    modeBarButtonsToRemove: ["lasso2d", "select2d"],
  });
  el.dataset.drawn = "yes";
});
