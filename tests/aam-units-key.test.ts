// The A&A tables' key of the units' state (units-key.ts) and the phase table on it (phase-memo.ts): every field a
// policy or a rule reads is in the key exactly — a state that differs from a stored one in any single per-unit field
// (position, facing, counters, alive, disrupted, damaged) or in the head word (turn, stretch, side going first) is
// not found, the stored one is found and its outcome put back whole. A value that does not fit its bits is refused.
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import type { AamGameDef, AamVariant } from '../src/rules/axis-allies-miniatures/config.js';
import type { AamState } from '../src/rules/axis-allies-miniatures/state.js';
import { PhaseMemo, STRETCH_MOVEMENT } from '../src/rules/axis-allies-miniatures/phase-memo.js';
import { UnitsKey } from '../src/rules/axis-allies-miniatures/units-key.js';
import { playSummary, warmRunner } from './helpers/aam-warm-runner.js';

/** A state in the middle of a game of aam-initiative-choice (after game 0, so units have moved, been hit or died). */
function midGameState(): AamState {
  const exp = loadExperiment('experiments/aam-initiative-choice.yaml', { games: 1 });
  const game = exp.compiled.game as AamGameDef;
  const g = warmRunner(game, exp.compiled.variants[0].params as AamVariant, { memoryless: true, unitsOnly: true });
  playSummary(g, game, exp.seed, 0);
  return g.s;
}

type Field = 'pos' | 'facing' | 'counters' | 'alive' | 'disrupted' | 'damaged';
/** Each per-unit field and a value other than `v` that the engine could hold in it. */
const FIELDS: readonly [Field, (v: number) => number][] = [
  ['pos', (v) => (v === 5 ? 6 : 5)], ['pos', (v) => (v < 0 ? 7 : v ^ 256)], ['pos', (v) => (v === -1 ? 7 : -1)], ['facing', (v) => (v + 1) % 6], ['counters', (v) => (v + 1) % 4],
  ['alive', (v) => 1 - v], ['disrupted', (v) => 1 - v], ['damaged', (v) => 1 - v],
];

describe('A&A units key', () => {
  const s = midGameState();

  it('changes with every per-unit field of every unit, and with the head word', () => {
    const k = new UnitsKey(s.n);
    expect(k.fill(s, 7)).toBe(true);
    const base = Int32Array.from(k.words), hash = k.hash;
    expect(k.same(base, 0)).toBe(true);
    for (let u = 0; u < s.n; u++) {
      for (const [f, other] of FIELDS) {
        const arr = s[f] as Int16Array | Uint8Array, was = arr[u];
        arr[u] = other(was);
        expect(k.fill(s, 7)).toBe(true);
        expect(k.same(base, 0), `unit ${u} ${f}`).toBe(false);
        arr[u] = was;
      }
    }
    k.fill(s, 8);
    expect(k.same(base, 0)).toBe(false);
    k.fill(s, 7);
    expect(k.same(base, 0)).toBe(true);
    expect(k.hash).toBe(hash);
  });

  it('refuses a value that does not fit its bits', () => {
    const k = new UnitsKey(s.n);
    for (const [f, v] of [['facing', 16], ['counters', 16], ['alive', 2], ['disrupted', 2], ['damaged', 2]] as const) {
      const arr = s[f], was = arr[3];
      arr[3] = v;
      expect(k.fill(s, 0), f).toBe(false);
      arr[3] = was;
    }
    expect(k.fill(s, 0)).toBe(true);
  });

  it('phase table: a state one field away from a stored one is not found; the stored one is put back whole', () => {
    const memo = new PhaseMemo(s.n);
    // Lookups before the table is built (a short-lived runner builds none).
    for (let i = 0; i < 64; i++) expect(memo.lookUp(s, STRETCH_MOVEMENT)).toBe(false);
    expect(memo.lookUp(s, STRETCH_MOVEMENT)).toBe(false);
    const before = { pos: s.pos.slice(), facing: s.facing.slice(), occ: s.occupancy.slice(), changes: s.changes.slice() };
    // The stretch "played": unit 0 turned, the changes counters grew.
    const turned = (s.facing[0] + 1) % 6;
    s.facing[0] = turned;
    s.changes[0] += 3;
    memo.end(s, true);
    s.facing.set(before.facing);
    s.changes.set(before.changes);
    for (let u = 0; u < s.n; u++) {
      for (const [f, other] of FIELDS) {
        const arr = s[f] as Int16Array | Uint8Array, was = arr[u];
        arr[u] = other(was);
        expect(memo.lookUp(s, STRETCH_MOVEMENT), `unit ${u} ${f}`).toBe(false);
        arr[u] = was;
      }
    }
    s.turn++;
    expect(memo.lookUp(s, STRETCH_MOVEMENT)).toBe(false);
    s.turn--;
    expect(memo.lookUp(s, STRETCH_MOVEMENT)).toBe(true);
    expect(s.facing[0]).toBe(turned);
    expect(Array.from(s.pos)).toEqual(Array.from(before.pos));
    expect(Array.from(s.occupancy)).toEqual(Array.from(before.occ));
    expect(s.changes[0]).toBe(before.changes[0] + 3);
  });
});
