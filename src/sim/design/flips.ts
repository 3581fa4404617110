/**
 * Flip attribution (issue 43): why a variant's paired difference is what it is. Game i of a variant and of its
 * reference use the same dice, so the games whose main outcome differs ("flipped") can be found and compared with
 * the games that did not flip. Nothing here runs in a plain run: the outcomes are played again in-process, and only
 * the games examined are narrated, through a log that also records each narrated message's id (GameLog.event).
 *
 * - where play first diverges: the first narrated line that differs between the two games of a flipped pair, with
 *   the place (the top-level heading it falls under: a tile, an engagement …) and the round heading above it;
 * - which events are more or less frequent: for each narrated message (its catalogue id, with and without its place),
 *   the share of the variant's flipped games where it happens at least once against the share in the games that did
 *   not flip, with Wilson intervals and the difference's interval.
 */
import { getEngine } from '../../registry.js';
import { RngDice } from '../core/dice.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../core/streams.js';
import { GameRecord, type GameLog } from '../core/types.js';
import type { Experiment } from '../experiment/load.js';
import { wilson, Z95 } from '../stats/stats.js';
import type { Interval } from '../stats/summary.js';
import { InputError } from '../input/input-error.js';

/** One narrated line: its catalogue id ('' for a line written without one), its text, its nesting depth. */
export interface TraceLine {
  readonly id: string;
  readonly params: Readonly<Record<string, string | number>> | undefined;
  readonly text: string;
  readonly depth: number;
}

/** A game narrated in English with the message id of every line, and its primary outcome. */
export interface GameTrace {
  readonly lines: readonly TraceLine[];
  readonly outcome: number;
}

function depthOf(text: string): number {
  const m = /^ */.exec(text);
  return m ? m[0].length : 0;
}

/** Play game `game` of variant `v` (index in the experiment) with a recording log (English). */
export function traceGame(exp: Experiment, v: number, game: number): GameTrace {
  const engine = getEngine(exp.engine);
  const variant = exp.compiled.variants[v];
  const metrics = engine.metrics(exp.compiled.game);
  const runner = engine.createRunner(exp.compiled.game, variant.params);
  const rec = new GameRecord(metrics);
  const lines: TraceLine[] = [];
  let pending: { id: string; params: Readonly<Record<string, string | number>> | undefined } | null = null;
  const log: GameLog = {
    lang: 'en',
    event: (id, params) => { pending = { id, params }; },
    line: (text) => {
      const p = pending as { id: string; params: Readonly<Record<string, string | number>> | undefined } | null;
      lines.push({ id: p ? p.id : '', params: p ? p.params : undefined, text, depth: depthOf(text) });
      pending = null;
    },
  };
  rec.clear();
  runner.play(new RngDice(gameStream(exp.seed, game, STREAM_DICE)), new RngDice(gameStream(exp.seed, game, STREAM_POLICY)), rec, log);
  return { lines, outcome: rec.rates[0] };
}

/** Primary outcomes of games [0, n) of variants `a` and `b`, played in-process without narration. */
export function outcomes(exp: Experiment, a: number, b: number, n: number): { a: Uint8Array; b: Uint8Array } {
  const engine = getEngine(exp.engine);
  const metrics = engine.metrics(exp.compiled.game);
  const out = { a: new Uint8Array(n), b: new Uint8Array(n) };
  for (const [v, arr] of [[a, out.a], [b, out.b]] as const) {
    const runner = engine.createRunner(exp.compiled.game, exp.compiled.variants[v].params);
    const rec = new GameRecord({ ...metrics, controls: [] });
    const dice = new RngDice(), pdice = new RngDice();
    for (let i = 0; i < n; i++) {
      dice.resetStream(exp.seed, i, STREAM_DICE);
      pdice.resetStream(exp.seed, i, STREAM_POLICY);
      rec.clear();
      runner.play(dice, pdice, rec, null);
      arr[i] = rec.rates[0];
    }
  }
  return out;
}

/** Where two narrated games first differ. */
export interface Divergence {
  /** Index of the first differing line. */
  readonly at: number;
  /** The place (top-level heading) and the round heading above it, as written in the reference's game. */
  readonly place: string;
  readonly round: string;
  /** The first differing line of each (null: that game had ended). */
  readonly ref: TraceLine | null;
  readonly alt: TraceLine | null;
}

/** The top-level heading of line `i` (depth 0) and the nearest depth-1 heading after it, as texts. */
function headings(lines: readonly TraceLine[], i: number): { place: string; round: string } {
  let place = '', round = '';
  for (let k = Math.min(i, lines.length - 1); k >= 0; k--) {
    const d = lines[k].depth;
    if (d === 1 && round === '' && place === '' && k < i) round = lines[k].text.trim();
    if (d === 0 && k <= i) {
      place = lines[k].text.trim();
      break;
    }
  }
  return { place, round };
}

/** The first line where `ref` and `alt` differ, or null when their narrations are identical. */
export function firstDivergence(ref: GameTrace, alt: GameTrace): Divergence | null {
  const n = Math.max(ref.lines.length, alt.lines.length);
  for (let i = 0; i < n; i++) {
    const a = ref.lines[i], b = alt.lines[i];
    if (a && b && a.text === b.text) continue;
    const h = headings(a ? ref.lines : alt.lines, i);
    return { at: i, ...h, ref: a ?? null, alt: b ?? null };
  }
  return null;
}

/** The place name of a top-level heading: its `code` and `name` parameters when it has them, else its text. */
function placeName(l: TraceLine): string {
  const p = l.params;
  if (p && p.name !== undefined) return `${p.code !== undefined ? `${p.code} ` : ''}${p.name}`;
  return l.text.trim();
}

/** The event keys of a game: every message id, and every message id at its place ("id@place"), each once. */
export function eventKeys(g: GameTrace): Set<string> {
  const keys = new Set<string>();
  let place = '';
  for (const l of g.lines) {
    if (l.depth === 0) place = placeName(l);
    if (!l.id) continue;
    keys.add(l.id);
    if (place) keys.add(`${l.id}@${place}`);
  }
  return keys;
}

/** An event's share in the flipped games against the games that did not flip. */
export interface EventShare {
  readonly key: string;
  readonly flipped: { readonly k: number; readonly n: number; readonly share: Interval };
  readonly other: { readonly k: number; readonly n: number; readonly share: Interval };
  /** flipped − other, with a normal 95% interval. */
  readonly diff: Interval;
}

/** Shares of every event key in `flipped` against `other`, the clearest differences first. */
export function eventShares(flipped: readonly GameTrace[], other: readonly GameTrace[]): EventShare[] {
  const count = (gs: readonly GameTrace[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const g of gs) for (const k of eventKeys(g)) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const cf = count(flipped), co = count(other);
  const n1 = flipped.length, n0 = other.length;
  const keys = new Set([...cf.keys(), ...co.keys()]);
  const out: EventShare[] = [];
  for (const key of keys) {
    const k1 = cf.get(key) ?? 0, k0 = co.get(key) ?? 0;
    const p1 = n1 > 0 ? k1 / n1 : NaN, p0 = n0 > 0 ? k0 / n0 : NaN;
    const se = Math.sqrt((n1 > 0 ? (p1 * (1 - p1)) / n1 : 0) + (n0 > 0 ? (p0 * (1 - p0)) / n0 : 0));
    const d = p1 - p0;
    out.push({ key, flipped: { k: k1, n: n1, share: wilson(k1, n1) }, other: { k: k0, n: n0, share: wilson(k0, n0) }, diff: { estimate: d, lo: d - Z95 * se, hi: d + Z95 * se } });
  }
  // Clearest first: the distance of the interval from 0.
  const strength = (e: EventShare): number => Math.max(e.diff.lo, -e.diff.hi);
  return out.sort((a, b) => strength(b) - strength(a) || a.key.localeCompare(b.key));
}

/** Everything attribution found for one variant against its reference. */
export interface Attribution {
  readonly variant: string;
  readonly reference: string;
  readonly games: number;
  /** Games the variant has the outcome and the reference not (up), and the reverse (down). */
  readonly up: readonly number[];
  readonly down: readonly number[];
  /** The direction examined (the more frequent flip) and the flipped games narrated. */
  readonly direction: 'up' | 'down';
  readonly examined: readonly number[];
  readonly divergences: readonly { readonly game: number; readonly d: Divergence | null }[];
  readonly shares: readonly EventShare[];
  /** Games that did not flip and were narrated for the comparison. */
  readonly comparison: readonly number[];
}

/**
 * Attribute `variant`'s flips against its reference (its paired_with, else the baseline) over games [0, games):
 * narrate at most `cap` flipped games of the more frequent direction and `cap` games that did not flip.
 */
export function attribute(exp: Experiment, variant: string, games: number, cap = 300): Attribution {
  const vs = exp.compiled.variants;
  const v = vs.findIndex((x) => x.name === variant);
  if (v < 0) throw new InputError(exp.file, undefined, 'variant', { id: 'exp.unknownVariant', params: { variantName: variant } }, vs.map((x) => x.name).join(', '));
  const refName = vs[v].pairedWith ?? vs.find((x) => x.baseline)!.name;
  const r = vs.findIndex((x) => x.name === refName);
  const o = outcomes(exp, v, r, games);
  const up: number[] = [], down: number[] = [], same: number[] = [];
  for (let i = 0; i < games; i++) {
    if (o.a[i] > o.b[i]) up.push(i);
    else if (o.a[i] < o.b[i]) down.push(i);
    else same.push(i);
  }
  const direction = down.length > up.length ? 'down' : 'up';
  const examined = (direction === 'down' ? down : up).slice(0, cap);
  const comparison = same.slice(0, cap);
  const divergences = examined.map((g) => ({ game: g, d: firstDivergence(traceGame(exp, r, g), traceGame(exp, v, g)) }));
  const shares = eventShares(examined.map((g) => traceGame(exp, v, g)), comparison.map((g) => traceGame(exp, v, g)));
  return { variant, reference: refName, games, up, down, direction, examined, divergences, shares, comparison };
}
