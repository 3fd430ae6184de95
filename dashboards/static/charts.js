// Draw every plotly figure the page carries in a data-figure attribute (escaped by Jinja).
document.querySelectorAll(".chart[data-figure]").forEach((el) => {
  const fig = JSON.parse(el.dataset.figure);
  Plotly.newPlot(el, fig.data, fig.layout, { responsive: true, displaylogo: false });
  el.dataset.drawn = "yes";
});
