// Drop a record file on the form to audit it (a static file: no inline script, for a strict CSP).
const drop = document.getElementById("drop");
if (drop) {
  drop.addEventListener("dragover", (e) => { e.preventDefault(); });
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    document.getElementById("record").files = e.dataTransfer.files;
    drop.submit();
  });
}
