/**
 * `search:` — the best candidates of a space for one objective (issue 15), by racing on common random numbers
 * (search-core.ts). The space is written as partial variants:
 *
 * ```yaml
 * search:
 *   from: baseline                        # the variant every candidate starts from (default: the baseline)
 *   space:
 *     options:                            # groups; a candidate takes one entry of each group (merged into the variant)
 *       - [ {}, { buy: [LMG], weapon: LMG }, { buy: [DMR], weapon: DMR } ]
 *       - [ {}, { buy: [plate_carrier], armour: plate_carrier } ]
 *     purchases: { key: buy, items: [frag_grenade, medkit, flashbang], max_each: 2 }   # multisets, appended to `key`
 *     multiset: { key: blue.force, from: [...templates], size: [2, 4] }   # lists of templates as `key` (dotted: a field of a mapping)
 *   objective: { metric: win }            # maximised; { metric: magazines_spent, minimise: true }
 *   top: 3
 *   confidence: 0.95
 *   games: { start: 1000, max: 32000 }
 *   limit: 2000                           # most candidates enumerated (a larger space is refused)
 * ```
 *
 * Every combination is compiled by the engine first; those it refuses (over the budget, over the carry limit, …) are
 * not candidates. Each round is one experiment: the surviving candidates as variants, the round's leader as the
 * baseline, the same seed — so every candidate plays the same dice per game index and the paired differences to the
 * leader come from the run driver.
 */
import { compileExperiment, type Experiment } from '../experiment/load.js';
import { experimentMetrics } from '../run/chunk.js';
import { InputError } from '../input/input-error.js';
import type { RunFn } from '../run/run-fn.js';
import { Source } from '../input/schema.js';
import { race, type RaceOutcome, type RoundResult } from './search-core.js';
import type { RunSummary } from '../stats/summary.js';

const Z95 = 1.959963984540054;

export interface SearchSection {
  readonly metric: string;
  readonly isRate: boolean;
  readonly minimise: boolean;
  readonly top: number;
  readonly confidence: number;
  readonly startGames: number;
  readonly maxGames: number;
  /** Candidate variants (plain mappings, named c1, c2 …) the engine accepts, and a label for each. */
  readonly candidates: readonly { readonly doc: Record<string, unknown>; readonly label: string }[];
  /** Combinations the engine refused (over budget, carry limit …). */
  readonly refused: number;
}

function labelOf(parts: readonly Record<string, unknown>[], bought: readonly string[]): string {
  const keys = parts.flatMap((p) => Object.entries(p).filter(([k]) => k !== 'buy').map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`));
  const buy = parts.flatMap((p) => (Array.isArray(p.buy) ? (p.buy as string[]) : [])).concat(bought);
  return [...keys, ...(buy.length ? [`buy ${buy.join('+')}`] : [])].join(', ') || '(as the starting variant)';
}

/** Read `search:` and enumerate the candidates the engine accepts. */
export function readSearch(src: Source, exp: Experiment): SearchSection {
  const root = src.root();
  const c = root.key('search');
  if (c.missing) root.fail({ id: 'solve.noSearchSection' }, { id: 'solve.searchSeeDocs' });
  c.object(['from', 'space', 'objective', 'top', 'confidence', 'games', 'limit'], ['space', 'objective']);
  const variants = root.key('variants').list();
  const names = variants.map((v) => String((v.value as Record<string, unknown>).name));
  const fromName = c.key('from').str({ default: exp.compiled.variants.find((v) => v.baseline)!.name, oneOf: names });
  const from = { ...(variants[names.indexOf(fromName)].value as Record<string, unknown>) };
  // paired_with names a variant of the file: the race pairs its candidates with its leader instead.
  delete from.name; delete from.label; delete from.baseline; delete from.paired_with;
  const space = c.key('space');
  space.object(['options', 'purchases', 'multiset']);
  const groups = space.key('options').list().map((g) => g.list({ min: 1 }).map((o) => {
    o.object(Object.keys((o.value ?? {}) as object));
    return (o.value ?? {}) as Record<string, unknown>;
  }));
  const pc = space.key('purchases');
  let bundles: string[][] = [[]];
  let key = 'buy';
  if (!pc.missing) {
    pc.object(['key', 'items', 'max_each'], ['items']);
    key = pc.key('key').str({ default: 'buy' });
    const items = pc.key('items').list({ min: 1 }).map((x) => x.str());
    const most = pc.key('max_each').num({ default: 1, min: 1, max: 9, int: true });
    for (const it of items) bundles = bundles.flatMap((b) => Array.from({ length: most + 1 }, (_, k) => [...b, ...Array<string>(k).fill(it)]));
  }
  // multiset: lists built from templates (e.g. an army of 2–4 units): every multiset of `size` templates, as `key`.
  const ms = space.key('multiset');
  let lists: { key: string; items: Record<string, unknown>[]; label: string }[] = [];
  if (!ms.missing) {
    ms.object(['key', 'from', 'size', 'name'], ['key', 'from', 'size']);
    const mkey = ms.key('key').str();
    const from = ms.key('from').list({ min: 1 }).map((x) => {
      x.object(Object.keys((x.value ?? {}) as object));
      return x.value as Record<string, unknown>;
    });
    const sz = ms.key('size').list({ min: 2 });
    if (sz.length !== 2) ms.key('size').fail({ id: 'solve.sizeRangeTwoNumbers' }, { id: 'solve.fewestMostEG' });
    const lo = sz[0].num({ min: 1, max: 12, int: true }), hi = sz[1].num({ min: lo, max: 12, int: true });
    const nameKey = ms.key('name').str({ default: 'name' });
    const build = (k: number, start: number): number[][] => (k === 0 ? [[]] : Array.from({ length: from.length - start }, (_, i) => start + i).flatMap((i) => build(k - 1, i).map((rest) => [i, ...rest])));
    for (let k = lo; k <= hi; k++) {
      for (const pick of build(k, 0)) {
        const items = pick.map((i, j) => ({ ...structuredClone(from[i]), [nameKey]: `U${j + 1}` }));
        lists.push({ key: mkey, items, label: pick.map((i) => String(from[i][nameKey] ?? `#${i + 1}`)).join(' + ') });
      }
    }
  }
  if (lists.length === 0) lists = [{ key: '', items: [], label: '' }];
  const limit = c.key('limit').num({ default: 2000, min: 1, max: 100_000, int: true });
  const total = groups.reduce((n, g) => n * g.length, 1) * bundles.length * lists.length;
  if (total > limit) c.key('limit').fail({ id: 'solve.spaceCombinations', params: { total } }, { id: 'solve.mostLimitRaiseNarrow', params: { limit } });
  const o = c.key('objective');
  o.object(['metric', 'minimise'], ['metric']);
  const spec = experimentMetrics(exp);
  const metric = o.key('metric').str();
  const isRate = spec.rates.some((x) => x.id === metric);
  if (!isRate && !spec.values.some((x) => x.id === metric)) o.key('metric').fail({ id: 'solve.unknownMetric', params: { metric } }, [...spec.rates.map((x) => x.id), ...spec.values.map((x) => x.id)].join(', '));
  // Enumerate and let the engine refuse what it does not accept.
  const candidates: { doc: Record<string, unknown>; label: string }[] = [];
  let refused = 0;
  const idx = new Array<number>(groups.length).fill(0);
  for (let k = 0; k < total / bundles.length / lists.length; k++) {
    const parts = groups.map((g, i) => g[idx[i]]);
    for (const b of bundles) for (const l of lists) {
      const doc: Record<string, unknown> = { ...from };
      for (const p of parts) Object.assign(doc, structuredClone(p));
      const buy = [...((doc[key] as string[] | undefined) ?? []), ...b];
      if (buy.length > 0) doc[key] = buy;
      if (l.key) setPath(doc, l.key, l.items);
      const label = [labelOf(parts, b), l.label].filter((x) => x && x !== '(as the starting variant)').join(', ') || '(as the starting variant)';
      if (accepted(src, doc)) candidates.push({ doc, label });
      else refused++;
    }
    for (let i = groups.length - 1; i >= 0; i--) {
      if (++idx[i] < groups[i].length) break;
      idx[i] = 0;
    }
  }
  if (candidates.length === 0) c.key('space').fail({ id: 'solve.noneCombinationsAcceptedEngine', params: { total } }, { id: 'solve.spaceLeastOneValid' });
  return {
    metric, isRate, minimise: o.key('minimise').bool({ default: false }),
    top: c.key('top').num({ default: 3, min: 1, max: 100, int: true }),
    confidence: c.key('confidence').num({ default: 0.95, min: 0.5, max: 0.9999 }),
    startGames: c.key('games').key('start').num({ default: 1000, min: 100, max: 10_000_000, int: true }),
    maxGames: c.key('games').key('max').num({ default: 32_000, min: 100, max: 100_000_000, int: true }),
    candidates, refused,
  };
}

/** The experiment's text with these variants (the first is the baseline) and no search section. */
function withVariants(src: Source, variants: readonly Record<string, unknown>[]): Source {
  const s = Source.parse(src.file, src.text);
  s.doc.delete('search');
  s.doc.delete('solve');
  s.doc.delete('sweep');
  s.doc.delete('checks');
  s.doc.set('variants', s.doc.createNode(variants));
  return s;
}

/**
 * Set `key` of `doc` to `value`; a dotted key (`blue.force`) sets that field of the mapping under the first part,
 * keeping its other fields (so a side's policy given in the starting variant stays).
 */
export function setPath(doc: Record<string, unknown>, key: string, value: unknown): void {
  const dot = key.indexOf('.');
  if (dot < 0) {
    doc[key] = value;
    return;
  }
  const head = key.slice(0, dot), inner = doc[head];
  const next: Record<string, unknown> = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? { ...(inner as Record<string, unknown>) } : {};
  setPath(next, key.slice(dot + 1), value);
  doc[head] = next;
}

function accepted(src: Source, doc: Record<string, unknown>): boolean {
  try {
    compileExperiment(withVariants(src, [{ name: 'c', baseline: true, ...doc }]));
    return true;
  } catch (e) {
    if (e instanceof InputError) return false;
    throw e;
  }
}

/** Race the candidates of `s` on `workers` threads. */
export async function searchExperiment(src: Source, exp: Experiment, s: SearchSection, run: RunFn, log?: (line: string) => void): Promise<RaceOutcome> {
  const sign = s.minimise ? -1 : 1;
  return race({ candidates: s.candidates.length, top: s.top, confidence: s.confidence, startGames: s.startGames, maxGames: s.maxGames }, async (alive, leader, games, z) => {
    const order = [leader, ...alive.filter((c) => c !== leader)];
    const docs = order.map((c, i) => ({ name: `c${c + 1}`, label: s.candidates[c].label, ...(i === 0 ? { baseline: true } : {}), ...s.candidates[c].doc }));
    const text = withVariants(src, docs).doc.toString();
    const e = compileExperiment(Source.parse(src.file, text), {}, Infinity); // the race's candidates: bounded by search.limit
    const summary: RunSummary = await run({ ...e, seed: exp.seed, stop: { kind: 'games', games } }, text);
    const ev = roundEvidence(summary, alive, leader, (c) => `c${c + 1}`, s.metric, s.isRate, sign, z);
    log?.(`round at ${games.toLocaleString('en-US')} games: ${alive.length} candidates, leader ${s.candidates[leader].label}`);
    return ev;
  });
}

/**
 * A race round's evidence from a run whose baseline is the leader: each alive candidate's estimate of `metric` and its
 * paired difference to the leader at `z` (rescaled from the summary's normal 95% interval), times `sign` (−1 minimises).
 */
export function roundEvidence(summary: RunSummary, alive: readonly number[], leader: number, nameOf: (c: number) => string, metric: string, isRate: boolean, sign: number, z: number): RoundResult {
  const est: number[] = [], lo: number[] = [], hi: number[] = [], se: number[] = [];
  for (const c of alive) {
    const v = summary.variants.find((x) => x.name === nameOf(c))!;
    if (isRate) {
      const r = v.rates.find((x) => x.id === metric)!;
      // Standard error with the (k+1)/(n+2) estimate, so a rate of 0 or 1 is never taken as certain.
      const n = Math.max(1, r.n ?? v.games), p = (r.count + 1) / (n + 2);
      est.push(sign * r.rate.estimate);
      se.push(Math.sqrt((p * (1 - p)) / n));
    } else {
      const m = v.values.find((x) => x.id === metric)!.mean;
      est.push(sign * m.estimate);
      se.push((m.hi - m.lo) / (2 * Z95));
    }
    if (c === leader) { lo.push(0); hi.push(0); continue; }
    const d = [...v.pairedRates, ...v.pairedValues].find((x) => x.id === metric)!.diff;
    const dse = (d.hi - d.lo) / (2 * Z95);
    const a = sign * (d.estimate - z * dse), b = sign * (d.estimate + z * dse);
    lo.push(Math.min(a, b));
    hi.push(Math.max(a, b));
  }
  return { estimate: est, diffLo: lo, diffHi: hi, se };
}


