// Each bar of the field's play is as long as its share of the entries: the page's CSP allows no inline
// style attribute, so the share comes as data-share and is set here as the bar's --share.
for (const bar of document.querySelectorAll(".field-bars [data-share]")) {
  bar.style.setProperty("--share", `${bar.dataset.share}%`);
}
