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
import { probit } from 'simple-statistics';
import { wilson, Z95 } from '../stats/stats.js';
import type { Interval } from '../stats/summary.js';
import { InputError } from '../input/input-error.js';
import type { Lang } from '../../i18n/lang.js';

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

/** Play game `game` of variant `v` (index in the experiment) with a recording log (English unless `lang` says). */
export function traceGame(exp: Experiment, v: number, game: number, lang: Lang = 'en'): GameTrace {
  const engine = getEngine(exp.engine);
  const variant = exp.compiled.variants[v];
  const metrics = engine.metrics(exp.compiled.game);
  const runner = engine.createRunner(exp.compiled.game, variant.params);
  const rec = new GameRecord(metrics);
  const lines: TraceLine[] = [];
  let pending: { id: string; params: Readonly<Record<string, string | number>> | undefined } | null = null;
  const log: GameLog = {
    lang,
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
  /** The place's name (a tile's code and name, an engagement's name …), for tallies. */
  readonly placeName: string;
  /** The place (top-level heading) and the round heading above it, as written in the reference's game. */
  readonly place: string;
  readonly round: string;
  /** The first differing line of each (null: that game had ended). */
  readonly ref: TraceLine | null;
  readonly alt: TraceLine | null;
}

/** Whether a top-level heading names a place by its parameters (a tile: code and name); an engagement's line does not. */
const named = (l: TraceLine): boolean => l.depth === 0 && l.params !== undefined && l.params.name !== undefined;

/**
 * The place of line `i`: the last top-level heading that names one (a tile), or in a game with none (a gauntlet) the
 * last top-level heading (an engagement); and the nearest round heading (depth 1) above the line.
 */
function headings(lines: readonly TraceLine[], i: number): { place: string; placeName: string; round: string } {
  const anyNamed = lines.some(named);
  let place = '', placeName = '', round = '';
  for (let k = Math.min(i, lines.length - 1); k >= 0; k--) {
    const d = lines[k].depth;
    if (d === 1 && round === '' && k < i) round = lines[k].text.trim();
    if (d === 0 && (!anyNamed || named(lines[k]))) {
      place = lines[k].text.trim();
      placeName = placeOf(lines[k]);
      break;
    }
  }
  return { place, placeName, round };
}

/** The first line where `ref` and `alt` differ, or null when their narrations are identical. */
export function firstDivergence(ref: GameTrace, alt: GameTrace): Divergence | null {
  const n = Math.max(ref.lines.length, alt.lines.length);
  // The opening lines that describe the two squads differ by construction: the search starts at the first common line.
  let from = 0;
  while (from < n && ref.lines[from] && alt.lines[from] && ref.lines[from].text !== alt.lines[from].text) from++;
  if (from >= Math.min(ref.lines.length, alt.lines.length)) from = 0;
  for (let i = from; i < n; i++) {
    const a = ref.lines[i], b = alt.lines[i];
    if (a && b && a.text === b.text) continue;
    const h = headings(a ? ref.lines : alt.lines, i);
    return { at: i, ...h, ref: a ?? null, alt: b ?? null };
  }
  return null;
}

/** The place name of a top-level heading: its `code` and `name` parameters when it has them, else its text. */
export function placeOf(l: TraceLine): string {
  const p = l.params;
  if (p && p.name !== undefined) return `${p.code !== undefined ? `${p.code} ` : ''}${p.name}`;
  // A heading written without a message: its text up to its details (" (…", " — …").
  return l.text.trim().split(/ \(| — /)[0];
}

/** How often each event key happens in a game: every message id, and every message id at its place ("id@place"). */
export function eventCounts(g: GameTrace): Map<string, number> {
  const m = new Map<string, number>();
  const anyNamed = g.lines.some(named);
  let place = '';
  for (const l of g.lines) {
    if (l.depth === 0 && (!anyNamed || named(l))) place = placeOf(l);
    if (!l.id) continue;
    m.set(l.id, (m.get(l.id) ?? 0) + 1);
    if (place) m.set(`${l.id}@${place}`, (m.get(`${l.id}@${place}`) ?? 0) + 1);
  }
  return m;
}

/** One group's figures for an event: games where it happens (share, Wilson interval) and times per game (mean, interval). */
export interface EventGroup {
  readonly k: number;
  readonly n: number;
  readonly share: Interval;
  readonly perGame: Interval;
}

/** An event in the flipped games against a comparison group (the games that did not flip, or the reference's same games). */
export interface EventShare {
  readonly key: string;
  readonly flipped: EventGroup;
  readonly other: EventGroup;
  /** Difference of the shares (flipped − other), normal 95% interval. */
  readonly diff: Interval;
  /** Difference of the times per game, normal 95% interval. */
  readonly perGameDiff: Interval;
  /**
   * The difference in times per game is clear over the whole list: its interval at z Bonferroni-corrected over every
   * event key compared excludes 0, so that with no real difference anywhere the list names one in at most 5% of
   * attributions (nominal {@link CLEAR_FWER}) (measured over seeds: tests/flips-error-rate.test.ts).
   */
  readonly clear: boolean;
}

/**
 * Nominal familywise level of the clear events of one list: 4%, because the normal test of a difference in skewed
 * counts is slightly liberal in the far tail — at a nominal 5% it named an event in 5.2% of 3,000 null seeds; at 4%
 * the measured rate is under the stated 5% (tests/flips-error-rate.test.ts, docs/ruling-impact.md).
 */
export const CLEAR_FWER = 0.04;

function groupOf(counts: readonly Map<string, number>[]): Map<string, { k: number; sum: number; sq: number }> {
  const m = new Map<string, { k: number; sum: number; sq: number }>();
  for (const c of counts) {
    for (const [key, x] of c) {
      const cur = m.get(key) ?? { k: 0, sum: 0, sq: 0 };
      cur.k++;
      cur.sum += x;
      cur.sq += x * x;
      m.set(key, cur);
    }
  }
  return m;
}

function meanIv(sum: number, sq: number, n: number): { iv: Interval; v: number } {
  if (n === 0) return { iv: { estimate: NaN, lo: NaN, hi: NaN }, v: NaN };
  const mean = sum / n, v = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) / n : 0;
  const h = Z95 * Math.sqrt(v);
  return { iv: { estimate: mean, lo: mean - h, hi: mean + h }, v };
}

/**
 * Standard error of a difference in times per game under "no difference": the two groups' spread pooled (the test of
 * equality behind EventShare.clear; the reported intervals keep each group's own spread).
 */
function pooledSe(a: { sum: number; sq: number }, b: { sum: number; sq: number }, n1: number, n0: number): number {
  const n = n1 + n0, sum = a.sum + b.sum;
  const v = Math.max(0, (a.sq + b.sq - (sum * sum) / n) / (n - 1));
  return Math.sqrt(v * (1 / n1 + 1 / n0));
}

/** Every event key of `flipped` against `other`: shares and times per game, the clearest differences in times per game first. */
export function eventShares(flipped: readonly GameTrace[], other: readonly GameTrace[]): EventShare[] {
  const g1 = groupOf(flipped.map(eventCounts)), g0 = groupOf(other.map(eventCounts));
  const n1 = flipped.length, n0 = other.length;
  const out: EventShare[] = [];
  const keys = new Set([...g1.keys(), ...g0.keys()]);
  const zClear = probit(1 - CLEAR_FWER / (2 * Math.max(1, keys.size)));
  for (const key of keys) {
    const a = g1.get(key) ?? { k: 0, sum: 0, sq: 0 }, b = g0.get(key) ?? { k: 0, sum: 0, sq: 0 };
    const p1 = n1 > 0 ? a.k / n1 : NaN, p0 = n0 > 0 ? b.k / n0 : NaN;
    const se = Math.sqrt((n1 > 0 ? (p1 * (1 - p1)) / n1 : 0) + (n0 > 0 ? (p0 * (1 - p0)) / n0 : 0));
    const m1 = meanIv(a.sum, a.sq, n1), m0 = meanIv(b.sum, b.sq, n0);
    const dm = m1.iv.estimate - m0.iv.estimate, sem = Math.sqrt(m1.v + m0.v);
    out.push({
      key,
      flipped: { k: a.k, n: n1, share: wilson(a.k, n1), perGame: m1.iv },
      other: { k: b.k, n: n0, share: wilson(b.k, n0), perGame: m0.iv },
      diff: { estimate: p1 - p0, lo: p1 - p0 - Z95 * se, hi: p1 - p0 + Z95 * se },
      perGameDiff: { estimate: dm, lo: dm - Z95 * sem, hi: dm + Z95 * sem },
      clear: n1 > 1 && n0 > 1 && Math.abs(dm) > zClear * pooledSe(a, b, n1, n0),
    });
  }
  // Clear differences first, then by the size of the difference in times per game.
  const clear = (e: EventShare): number => (e.clear ? 1 : 0);
  return out.sort((a, b) => clear(b) - clear(a) || Math.abs(b.perGameDiff.estimate) - Math.abs(a.perGameDiff.estimate) || a.key.localeCompare(b.key));
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
  /** The variant's flipped games against its games that did not flip. */
  readonly shares: readonly EventShare[];
  /** The variant's flipped games against the reference's games on the same dice. */
  readonly sameDice: readonly EventShare[];
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
  const mine = examined.map((g) => traceGame(exp, v, g));
  const theirs = examined.map((g) => traceGame(exp, r, g));
  const divergences = examined.map((g, k) => ({ game: g, d: firstDivergence(theirs[k], mine[k]) }));
  const shares = eventShares(mine, comparison.map((g) => traceGame(exp, v, g)));
  const sameDice = eventShares(mine, theirs);
  return { variant, reference: refName, games, up, down, direction, examined, divergences, shares, sameDice, comparison };
}
