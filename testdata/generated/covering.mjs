// All-pairs covering arrays over named axes, deterministic from a seed.
//
// coveringArray(axes, seed) builds rows (objects axis -> choice) such that every pair of
// choices of any two axes occurs in at least one row, greedily (AETG: each new row is the
// best of several candidates, each seeded with an uncovered pair and completed axis by axis
// with the choice that covers the most uncovered pairs). uncoveredPairs(axes, rows) checks
// any set of rows, so a committed array is verified rather than trusted.

/** A small seeded PRNG (mulberry32): the same seed gives the same stream everywhere. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const key = (a, x, b, y) => `${a}=${x}&${b}=${y}`;

function allPairs(axes) {
  const names = Object.keys(axes);
  const pairs = new Set();
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      for (const x of axes[names[i]]) for (const y of axes[names[j]]) pairs.add(key(names[i], x, names[j], y));
    }
  }
  return pairs;
}

function pairsOf(names, row) {
  const out = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) out.push(key(names[i], row[names[i]], names[j], row[names[j]]));
  }
  return out;
}

/** The pairs of `axes` that no row of `rows` covers (empty: an all-pairs array). */
export function uncoveredPairs(axes, rows) {
  const names = Object.keys(axes);
  const left = allPairs(axes);
  for (const row of rows) {
    for (const n of names) {
      if (!axes[n].includes(row[n])) throw new Error(`row ${JSON.stringify(row)}: ${n} has no choice ${row[n]}`);
    }
    for (const p of pairsOf(names, row)) left.delete(p);
  }
  return [...left];
}

export function coveringArray(axes, seed, candidates = 40) {
  const names = Object.keys(axes);
  const left = allPairs(axes);
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const rows = [];
  while (left.size > 0) {
    const [firstPair] = left;
    const [[a, x], [b, y]] = firstPair.split("&").map((s) => s.split("="));
    let best;
    let bestGain = -1;
    for (let c = 0; c < candidates; c++) {
      const row = { [a]: x, [b]: y };
      const order = names.filter((n) => n !== a && n !== b).sort(() => rand() - 0.5);
      for (const n of order) {
        let top = [];
        let topGain = -1;
        for (const choice of axes[n]) {
          let gain = 0;
          for (const m of Object.keys(row)) {
            const [p, q] = names.indexOf(m) < names.indexOf(n) ? [m, n] : [n, m];
            if (left.has(key(p, p === n ? choice : row[p], q, q === n ? choice : row[q]))) gain += 1;
          }
          if (gain > topGain) [top, topGain] = [[choice], gain];
          else if (gain === topGain) top.push(choice);
        }
        row[n] = pick(top);
      }
      const ordered = Object.fromEntries(names.map((n) => [n, row[n]]));
      const gain = pairsOf(names, ordered).filter((p) => left.has(p)).length;
      if (gain > bestGain) [best, bestGain] = [ordered, gain];
    }
    for (const p of pairsOf(names, best)) left.delete(p);
    rows.push(best);
  }
  return rows;
}

/** `count` rows drawn uniformly at random from the full cross-product, seeded. */
export function randomRows(axes, seed, count) {
  const rand = prng(seed);
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(Object.fromEntries(Object.entries(axes).map(([n, cs]) => [n, cs[Math.floor(rand() * cs.length)]])));
  }
  return rows;
}
