// Small statistics shared by the benchmarks (Node side; in-page code keeps its own copy, since it
// is serialized into the page).
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function geomean(xs) { return Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length); }
