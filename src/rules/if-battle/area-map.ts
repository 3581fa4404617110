/**
 * The area map (エリアマップ): 21 × 21 areas (441), area index = row × 21 +
 * column. Movement is one orthogonal step per area (ruling IF-F05), ranges are
 * Manhattan distances, and initial positions come from two D66 rolls, the
 * first the row, the second the column (ruling IF-R01 maps the 36 D66 results
 * onto 21 rows).
 */
export const SIDE = 21;
export const AREAS = SIDE * SIDE;

/** Step directions: north, east, south, west (row −1, column +1, row +1, column −1). */
export const DIR_ROW = [-1, 0, 1, 0];
export const DIR_COL = [0, 1, 0, -1];
export const DIR_NAMES = ['N', 'E', 'S', 'W'];

export const rowOf = (a: number): number => (a / SIDE) | 0;
export const colOf = (a: number): number => a % SIDE;

/** Row and column of every area, and the area one step in each direction (−1 off the map), area × 4 + d. */
const ROW = Int8Array.from({ length: AREAS }, (_, a) => rowOf(a));
const COL = Int8Array.from({ length: AREAS }, (_, a) => colOf(a));
const STEP = Int16Array.from({ length: AREAS * 4 }, (_, i) => stepOf(i >> 2, i & 3));

function stepOf(a: number, d: number): number {
  const r = rowOf(a) + DIR_ROW[d], c = colOf(a) + DIR_COL[d];
  return r < 0 || c < 0 || r >= SIDE || c >= SIDE ? -1 : r * SIDE + c;
}

/** Manhattan distance between two areas. */
export function distance(a: number, b: number): number {
  if (a >>> 0 >= AREAS || b >>> 0 >= AREAS) return Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b));
  const dr = ROW[a] - ROW[b], dc = COL[a] - COL[b];
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

/** The area one step in direction d (0..3) from a, or −1 off the map. */
export function step(a: number, d: number): number {
  return a >>> 0 < AREAS && d >>> 0 < 4 ? STEP[a * 4 + d] : stepOf(a, d);
}

/**
 * IF-R01 `unordered-pairs`: a D66 read as an unordered pair (smaller die
 * first) has exactly 21 results: 11..16, 22..26, 33..36, 44..46, 55, 56, 66 →
 * 0..20 in that order.
 */
export function d66UnorderedIndex(d66: number): number {
  let a = (d66 / 10) | 0, b = d66 % 10;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  // Pairs before those starting with a: Σ_{i<a} (7 − i).
  return ((a - 1) * (14 - a)) / 2 + (b - a);
}

/** IF-R01 `scaled`: the D66 as 0..35 (tens − 1) × 6 + (units − 1), scaled down to 0..20. */
export function d66ScaledIndex(d66: number): number {
  const i = (((d66 / 10) | 0) - 1) * 6 + ((d66 % 10) - 1);
  return Math.floor((i * SIDE) / 36);
}

/** "r,c" label of an area (1-based, as a designer reads the map). */
export function areaLabel(a: number): string {
  return `${rowOf(a) + 1},${colOf(a) + 1}`;
}
