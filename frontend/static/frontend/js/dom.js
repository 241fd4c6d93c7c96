// Building the page: el() for HTML elements, svgEl() for SVG ones, both as el(tag, attrs, ...children).
// Attributes that are null, undefined or false are left out (true gives an empty attribute);
// children that are null, undefined or false are skipped, strings become text. A "style" goes
// through the CSSOM: the Content-Security-Policy refuses style attributes.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "style") {
      node.style.cssText = String(v);
      continue;
    }
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function svgEl(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Give `box` exactly the children `parts`, leaving in place every part that is already where it
 * belongs: a kept node is not taken out and put back, so it keeps its focus and what was typed. */
export function setChildren(box, parts) {
  parts.forEach((part, i) => {
    const current = box.children[i];
    if (current === part) return;
    if (current) box.replaceChild(part, current);
    else box.appendChild(part);
  });
  while (box.children.length > parts.length) box.lastElementChild.remove();
}
