// The Axis & Allies Miniatures battlefield: axial hex geometry, the symmetric
// trimmed map, distances, line of sight, the vehicle front arc and the
// deployment zones.
import { describe, expect, it } from 'vitest';
import { DIR_N, DIR_S, HexMap, axialDistance, buildMap, hexOnMap, terrainFromRows } from '../src/rules/axis-allies-miniatures/hexmap.js';
import { DEFAULT_TERRAIN } from '../src/rules/axis-allies-miniatures/compile.js';

describe('hex map', () => {
  const m = buildMap(15, 22, DEFAULT_TERRAIN, true, true);

  it('the default battlefield is 15 × 22 trimmed to be point-symmetric about the objective (7,10)', () => {
    expect(m.label(m.centre)).toBe('7,10');
    expect(m.n).toBe(15 * 22 - 7);
    for (let h = 0; h < m.n; h++) {
      const r = m.mirror[h];
      expect(r).toBeGreaterThanOrEqual(0);
      expect(m.mirror[r]).toBe(h);
      expect(m.terrain[r]).toBe(m.terrain[h]); // mirrored terrain
      expect(hexOnMap(15, 22, m.col[h], m.row[h])).toBe(true);
    }
    expect(hexOnMap(15, 22, 1, 21)).toBe(false);
  });

  it('distances are axial distances, symmetric and invariant under the reflection', () => {
    expect(axialDistance(2, -1)).toBe(2);
    expect(m.dist(m.at(7, 4), m.at(7, 7))).toBe(3);
    expect(m.dist(m.at(6, 4), m.at(7, 4))).toBe(1);
    for (let a = 0; a < m.n; a += 11) {
      for (let b = 0; b < m.n; b += 7) {
        expect(m.dist(a, b)).toBe(m.dist(b, a));
        expect(m.dist(m.mirror[a], m.mirror[b])).toBe(m.dist(a, b));
        expect(m.los(a, b)).toBe(m.los(b, a));
        expect(m.los(m.mirror[a], m.mirror[b])).toBe(m.los(a, b));
      }
    }
  });

  it('neighbours are at distance 1', () => {
    for (let h = 0; h < m.n; h++) for (let d = 0; d < 6; d++) {
      const nb = m.neighbours[h * 6 + d];
      if (nb >= 0) expect(m.dist(h, nb)).toBe(1);
    }
  });

  it('line of sight: a forest in between blocks; a line along a hexside is blocked only if both sides block', () => {
    const open = new HexMap(15, 22, terrainFromRows(['.']), true);
    const a = open.at(7, 4), b = open.at(7, 8);
    expect(open.los(a, b)).toBe(true);
    const wood = new HexMap(15, 22, terrainFromRows(['.', '.', '.', '.', '.', '.', '.......F']), true);
    expect(wood.los(a, b)).toBe(false);
    // (7,4) → (9,4): the line runs exactly between (8,4) and (8,5). One forest there: clear; both: blocked.
    const one = new HexMap(15, 22, terrainFromRows(['.', '.', '.', '.', '........F']), true);
    expect(one.dist(one.at(7, 4), one.at(9, 4))).toBe(2);
    expect(one.los(one.at(7, 4), one.at(9, 4))).toBe(true);
    const both = new HexMap(15, 22, terrainFromRows(['.', '.', '.', '.', '........F', '........F']), true);
    expect(both.los(both.at(7, 4), both.at(9, 4))).toBe(false);
  });

  it('front arc: the half-plane ahead of the facing; abeam counts as front', () => {
    const t = m.at(7, 10);
    expect(m.inFrontArc(t, DIR_N, m.at(7, 6))).toBe(true);
    expect(m.inFrontArc(t, DIR_N, m.at(7, 14))).toBe(false);
    expect(m.inFrontArc(t, DIR_S, m.at(7, 14))).toBe(true);
    // Directly to the side along the hex row: perpendicular to N → front.
    const side = m.at(9, 10);
    expect(m.inFrontArc(t, DIR_N, side) || m.inFrontArc(t, DIR_S, side)).toBe(true);
    expect(m.directionTowards(t, m.at(7, 4))).toBe(DIR_N);
  });
});
