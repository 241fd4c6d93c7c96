// Exact fractions for the view's whists ("70/3" strings): [numerator, denominator] pairs.

function gcd(a, b) {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1;
}

export function frac(text) {
  const [p, q] = String(text).split("/");
  return norm([Number(p), q === undefined ? 1 : Number(q)]);
}

export function norm([p, q]) {
  const sign = q < 0 ? -1 : 1;
  const g = gcd(p, q);
  return [(sign * p) / g, (sign * q) / g];
}

export function add(a, b) {
  return norm([a[0] * b[1] + b[0] * a[1], a[1] * b[1]]);
}

export function sub(a, b) {
  return add(a, [-b[0], b[1]]);
}

export function fracText([p, q]) {
  const num = p < 0 ? `−${-p}` : String(p);
  return q === 1 ? num : `${num}/${q}`;
}

export function fracPlain([p, q]) {
  return q === 1 ? String(p) : `${p}/${q}`;
}
