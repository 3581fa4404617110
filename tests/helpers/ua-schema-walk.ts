// Walk the URBAN ASSAULT scenario schema (issue 14 item 9): every mapping the compiler validates is a "kind" (the list
// of keys its Cursor.object call allows); every key of every kind must be shown to change play or outputs, by mutating
// it where a base scenario uses it and playing both versions on the same dice.
import { stringify } from 'yaml';
import { Cursor, Source } from '../../src/sim/input/schema.js';
import { InputError } from '../../src/sim/input/input-error.js';
import { compileScenario } from '../../src/rules/urban-assault/scenario/compile.js';
import { compileExperiment } from '../../src/sim/experiment/load.js';
import { uaMetrics } from '../../src/rules/urban-assault/engine.js';
import { urbanAssault } from '../../src/registry.js';
import { EFFECTS } from '../../src/rules/urban-assault/scenario/scenario.js';
import type { GauntletDef, UaVariant } from '../../src/rules/urban-assault/config.js';
import { RngDice } from '../../src/sim/core/dice.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { STREAM_DICE, STREAM_POLICY, gameStream } from '../../src/sim/core/streams.js';

export type Doc = Record<string, unknown>;
/** A key of a kind of mapping: `kind` is the allowed keys joined, `key` one of them. */
export interface SchemaKey { readonly kind: string; readonly key: string }

/** The pseudo-kind of an effect entry (`{ kind: value }`, one of EFFECTS). */
export const EFFECT_KIND = `effect:${[...EFFECTS].sort().join(',')}`;
const EFFECT_LISTS = new Set(['effects', 'success', 'failure', 'critical', 'fumble', 'then', 'else', 'after', 'pass', 'if_wiped_out', 'if_held', 'issued_effects']);

/** Compile `doc` and record which kind validated each mapping (path → kind). Throws InputError on bad input. */
export function kindsOf(doc: Doc): Map<string, string> {
  const kinds = new Map<string, string>();
  const orig = Cursor.prototype.object;
  Cursor.prototype.object = function (this: Cursor, allowed: readonly string[], required?: readonly string[]) {
    // A mapping checked twice (a scenario encounter: all keys, then the shared ones) is of the first, wider kind.
    const at = this.parts.map(String).join('.');
    if (!kinds.has(at)) kinds.set(at, [...allowed].sort().join(','));
    return orig.call(this, allowed, required) as never;
  } as typeof orig;
  try {
    compileScenario(new Cursor(Source.parse('base.yaml', stringify(doc)), [], doc));
  } finally {
    Cursor.prototype.object = orig;
  }
  return kinds;
}

/** Every (path, kind, key) where `doc` uses a key of a validated mapping, plus effect entries. */
export function occurrences(doc: Doc, kinds: Map<string, string>): { path: (string | number)[]; kind: string; key: string }[] {
  const out: { path: (string | number)[]; kind: string; key: string }[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (Array.isArray(v)) {
      const parentKey = String(path[path.length - 1] ?? '');
      v.forEach((x, i) => {
        if (EFFECT_LISTS.has(parentKey) && x !== null && typeof x === 'object' && !Array.isArray(x)) {
          const ks = Object.keys(x);
          if (ks.length === 1 && (EFFECTS as readonly string[]).includes(ks[0])) out.push({ path: [...path, i], kind: EFFECT_KIND, key: ks[0] });
        }
        walk(x, [...path, i]);
      });
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const kind = kinds.get(path.map(String).join('.'));
    for (const [k, x] of Object.entries(v as Doc)) {
      if (kind !== undefined) out.push({ path: [...path, k], kind, key: k });
      walk(x, [...path, k]);
    }
  };
  walk(doc, []);
  return out;
}

function getParent(doc: unknown, path: readonly (string | number)[]): { parent: Record<string | number, unknown>; last: string | number } {
  let o = doc as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) o = o[path[i]] as Record<string | number, unknown>;
  return { parent: o, last: path[path.length - 1] };
}

/** Candidate changed documents for the value at `path` (first the likeliest to compile). */
export function mutations(doc: Doc, path: readonly (string | number)[]): Doc[] {
  const { parent, last } = getParent(doc, path);
  const v = parent[last];
  const withValue = (x: unknown): Doc => {
    const d = structuredClone(doc);
    const p = getParent(d, path);
    if (x === undefined) {
      if (Array.isArray(p.parent)) (p.parent as unknown[]).splice(Number(p.last), 1);
      else delete p.parent[p.last];
    } else p.parent[p.last] = x;
    return d;
  };
  // An effect entry: the effect replaced by `nothing`.
  if (typeof last === 'number' && v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && (EFFECTS as readonly string[]).includes(Object.keys(v)[0])) return [withValue('nothing')];
  if (typeof v === 'boolean') return [withValue(!v), withValue(undefined)];
  if (typeof v === 'number') return [withValue(v + 1), withValue(v - 1), withValue(v + 2), withValue(v - 2), withValue(undefined)];
  if (typeof v === 'string') {
    const alts: unknown[] = [];
    try {
      kindsOf(withValue('\u2400?')); // a word no list allows (a control character is refused before the list is checked: issue 39)
    } catch (e) {
      const m = e instanceof InputError && e.allowed ? e.allowed.split(/,\s*/).filter((a) => /^[\w\-+ぁ-んァ-ヶー一-龠]+$/.test(a) && a !== v) : [];
      alts.push(...m.slice(0, 4));
    }
    if (/^\d*d[236]/.test(v)) alts.push(0, 6, '2d6');
    alts.push(`${v}′`);
    return [...alts.map(withValue), withValue(undefined)];
  }
  // A list or a mapping: without it, with its last element removed, or one of its first scalars changed.
  const out = [withValue(undefined)];
  if (Array.isArray(v) && v.length > 1) out.push(withValue(v.slice(0, -1)));
  if (Array.isArray(v) && v.length === 1) out.push(withValue([]));
  const leaves: (string | number)[][] = [];
  const find = (x: unknown, at: (string | number)[]) => {
    if (leaves.length >= 3) return;
    if (Array.isArray(x)) x.forEach((y, i) => find(y, [...at, i]));
    else if (x !== null && typeof x === 'object') for (const [k, y] of Object.entries(x)) find(y, [...at, k]);
    else if (typeof x === 'number' || typeof x === 'boolean') leaves.push(at);
  };
  find(v, [...path]);
  for (const l of leaves) out.push(...mutations(doc, l).slice(0, 2));
  return out;
}

/** How a base scenario is played: an operation or a campaign of attempts, the squad. */
export interface BaseSpec {
  readonly name: string;
  readonly doc: Doc;
  readonly campaign: number;
  readonly squad: Doc;
  readonly games: number;
  /** The first games whose replay narration is part of the outputs compared (names and labels show there). */
  readonly narrated: number;
}

/** The outputs of `games` games of the scenario `doc` (sums of every rate, value and series point, and the replay of the first `narrated`), on fixed dice; null if it does not compile. */
export function fingerprint(base: BaseSpec, doc: Doc): string | null {
  let exp;
  try {
    exp = compileExperiment(Source.parse('strict.yaml', stringify({
      name: 'strict', game: 'urban-assault', seed: 11, stop: { games: 1 },
      operation: { difficulty: 'NORMAL', max_flees: 2, max_rounds: 20, scenario: doc, ...(base.campaign > 1 ? { campaign: { max_attempts: base.campaign } } : {}) },
      variants: [{ name: 'v', baseline: true, ...base.squad }],
    })));
  } catch (e) {
    if (e instanceof InputError) return null;
    throw e;
  }
  const g = exp.compiled.game as GauntletDef, variant = exp.compiled.variants[0].params as UaVariant;
  const runner = urbanAssault.createRunner(g, variant);
  const rec = new GameRecord(uaMetrics(g));
  const rates = new Float64Array(rec.rates.length), values = new Float64Array(rec.values.length), series = new Float64Array(rec.series.length);
  const lines: string[] = [];
  const d = new RngDice(gameStream(11, 0, STREAM_DICE)), p = new RngDice(gameStream(11, 0, STREAM_POLICY));
  for (let i = 0; i < base.games; i++) {
    rec.clear();
    d.reset(gameStream(11, i, STREAM_DICE));
    p.reset(gameStream(11, i, STREAM_POLICY));
    runner.play(d, p, rec, i < base.narrated ? { line: (t) => lines.push(t) } : null);
    for (let k = 0; k < rates.length; k++) rates[k] += rec.rates[k];
    for (let k = 0; k < values.length; k++) values[k] += rec.values[k];
    for (let k = 0; k < series.length; k++) series[k] += rec.series[k];
  }
  return `${Array.from(rates).join(',')}|${Array.from(values).join(',')}|${Array.from(series).join(',')}|${lines.join('\n')}`;
}
