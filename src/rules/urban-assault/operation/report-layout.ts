/**
 * The outputs' layout when an experiment's variants play different scenarios, or a campaign beside a single operation
 * (issue 28 item 9). The outputs (rates, values, series) are laid out once per experiment; a variant's scenario may
 * lack a counter another one reports, name a tile differently, have a briefing or more slots. The layout is then a
 * view of the scenarios merged: every place a leader can fall at (one name per code, `a / b` where they differ), every
 * reported counter (its widest range), the most slots. A runner writes its own counters at the layout's positions and
 * leaves a counter its scenario lacks at 0 (its label says which scenarios have it). One scenario: the layout is the
 * scenario itself, so nothing moves.
 */
import type { CounterDef, LapDef, ScenarioDef, TileDef } from '../scenario/scenario.js';
import type { OperationDef } from '../config.js';
import { maxSlots } from './base.js';

/** The layout of several scenarios (the first is the experiment's). */
export function mergedLayout(scs: readonly ScenarioDef[]): { layout: ScenarioDef; notes: Record<string, string> } {
  const base = scs[0];
  const tiles = base.tiles.map((t, code) => {
    if (!t) return t;
    const names = [...new Set(scs.map((s) => s.tiles[code]?.name).filter((n): n is string => n !== undefined))];
    return names.length > 1 ? ({ ...t, name: names.join(' / ') } as TileDef) : t;
  });
  const counters: CounterDef[] = [];
  const has = new Map<string, string[]>();
  for (const s of scs) {
    for (const c of s.counters) {
      if (!c.reported) continue;
      const i = counters.findIndex((x) => x.id === c.id);
      if (i < 0) counters.push(c);
      else counters[i] = { ...counters[i], min: Math.min(counters[i].min, c.min), max: Math.max(counters[i].max, c.max) };
      const ids = has.get(c.id) ?? [];
      if (!ids.includes(s.id)) ids.push(s.id);
      has.set(c.id, ids);
    }
  }
  // Counters no scenario reports (info, when unused) stay in the base's list after the reported ones: never output.
  for (const c of base.counters) if (!c.reported && !counters.some((x) => x.id === c.id)) counters.push(c);
  const notes: Record<string, string> = {};
  const all = [...new Set(scs.map((s) => s.id))];
  for (const [id, ids] of has) if (ids.length < all.length) notes[id] = ` (only ${ids.join(', ')}; 0 elsewhere)`;
  const briefing = scs.flatMap((s) => s.laps).find((l) => l.briefing !== null);
  const laps: LapDef[] = base.laps.some((l) => l.briefing !== null) || !briefing ? [...base.laps] : [...base.laps, briefing];
  const after = Math.max(...scs.map((s) => maxSlots(s) - s.tilesBeforeMid - 2));
  const before = Math.max(...scs.map((s) => s.tilesBeforeMid));
  const layout: ScenarioDef = { ...base, tiles, counters, laps, tilesBeforeMid: before, tilesAfterMid: after, finalAtMost: null };
  return { layout, notes };
}

/** Does the layout of `b` differ from `a`'s (places, reported counters and their ranges, slots)? */
export function sameLayout(a: ScenarioDef, b: ScenarioDef): boolean {
  const key = (s: ScenarioDef) => JSON.stringify([
    s.tiles.map((t) => t?.name ?? null), s.laps.some((l) => l.briefing !== null), maxSlots(s),
    s.counters.filter((c) => c.reported).map((c) => [c.id, c.min, c.max]),
  ]);
  return key(a) === key(b);
}

/**
 * Lay out an experiment's outputs over its variants' operations: when some variant's scenario differs in its outputs
 * (places, counters, slots), every operation gets the merged layout; when the variants' campaigns differ in
 * `max_attempts`, every campaign gets `reported` = the most. Returns the operations to use (the same objects when
 * nothing differs, so a one-scenario experiment is unchanged); `ops[i]` undefined: the variant plays the base.
 */
export function layOut(base: OperationDef, ops: readonly OperationDef[]): { base: OperationDef; ops: OperationDef[] } {
  const scs: ScenarioDef[] = [base.scenario];
  for (const o of ops) if (!scs.includes(o.scenario)) scs.push(o.scenario);
  const merge = scs.some((s) => !sameLayout(base.scenario, s));
  const attempts = base.campaign ? ops.map((o) => o.campaign!.maxAttempts) : [];
  const mixed = base.campaign !== null && attempts.some((a) => a !== base.campaign!.maxAttempts);
  if (!merge && !mixed) return { base, ops: [...ops] };
  const { layout, notes } = merge ? mergedLayout(scs) : { layout: undefined, notes: undefined };
  const most = Math.max(base.campaign?.maxAttempts ?? 0, ...attempts);
  const fix = (o: OperationDef): OperationDef => ({
    ...o,
    ...(layout ? { layout, layoutNotes: notes } : {}),
    ...(mixed ? { campaign: { ...o.campaign!, reported: most } } : {}),
  });
  const newBase = fix(base);
  return { base: newBase, ops: ops.map((o) => (o === base ? newBase : fix(o))) };
}
