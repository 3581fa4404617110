/**
 * Sweeps: one parameter, or a small grid of them, varied across values, each
 * combination a variant. A sweep is written once in the experiment file:
 *
 * ```yaml
 * sweep:
 *   base: { operation: { reorg_stage: 1 } }    # keys every swept variant shares (optional)
 *   grid:                                       # dotted paths inside a variant → values
 *     operation.reorg.magazines: [0, 1, 2, 3, 4, 5, 6]
 *     operation.reorg.level: [0, -1, -2]
 *   baseline: { operation.reorg.magazines: 3, operation.reorg.level: -1 }   # optional
 * ```
 *
 * Before the engine compiles the file, the sweep is expanded into ordinary
 * variants appended to `variants:` (which may then be omitted); every variant,
 * swept or not, shares common random numbers (same game index → same stream).
 * Variant names are `<last path part><value>` joined by `_`, e.g.
 * `magazines3_level-1`; an error inside a generated variant names the
 * `variants[i]…` path and the line of the sweep.
 */
import { isNode, isSeq, visit, type Node, type YAMLSeq } from 'yaml';
import type { Cursor, Source } from '../input/schema.js';
import { dataObject, getOwn, isReservedKey, setOwn } from '../input/yaml-data.js';

/** The sweep of an experiment, as recorded in run.json and used by the sweep chart and CSV. */
export interface SweepInfo {
  /** Dotted parameter paths, in grid order. */
  readonly params: readonly string[];
  /** One point per generated variant: its name and its value for each parameter. */
  readonly points: readonly { readonly variant: string; readonly values: readonly (number | string | boolean)[] }[];
}

// Parts are keys; a numeric part (e.g. a tile code or a list index inside operation.scenario_patch) is a key too.
const PATH_RE = /^[a-z_][a-z0-9_]*(\.[A-Za-z0-9_]+)*$/;
const MAX_POINTS = 200;

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = getOwn(o, parts[i]);
    if (next === undefined || next === null || typeof next !== 'object' || Array.isArray(next)) setOwn(o, parts[i], dataObject());
    o = getOwn(o, parts[i]) as Record<string, unknown>;
  }
  setOwn(o, parts[parts.length - 1], value);
}

function deepCopy<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

function nameOf(v: number | string | boolean): string {
  return String(v).replace(/[^A-Za-z0-9._-]/g, '-');
}

/**
 * Expand `sweep:` of `src` (in place, into the parsed document) and return
 * what was swept, or null when the file has no sweep. Validates the sweep's
 * shape; the generated variants are validated by the engine like any other.
 */
export function expandSweep(src: Source, root: Cursor): SweepInfo | null {
  const sw = root.key('sweep');
  if (sw.missing) return null;
  sw.object(['base', 'grid', 'baseline'], ['grid']);
  const base = sw.key('base');
  if (!base.missing && (base.value === null || typeof base.value !== 'object' || Array.isArray(base.value))) base.fail({ id: 'exp.baseMappingVariantKeys' }, { id: 'exp.eG' });
  const grid = sw.key('grid');
  const entries = grid.entries();
  if (entries.length === 0) grid.fail({ id: 'exp.gridEmpty' }, { id: 'exp.oneMorePathValues' });
  const params: string[] = [];
  const lists: (number | string | boolean)[][] = [];
  for (const [path, list] of entries) {
    if (!PATH_RE.test(path)) list.fail({ id: 'exp.notParameterPath', params: { path } }, { id: 'exp.dottedKeysInsideVariant' });
    const reserved = path.split('.').find(isReservedKey);
    if (reserved !== undefined) list.fail({ id: 'security.reservedKey', params: { key: reserved } });
    const vals = list.list({ min: 1 }).map((x) => {
      if (typeof x.value !== 'number' && typeof x.value !== 'string' && typeof x.value !== 'boolean') x.fail({ id: 'exp.sweptValueNumberString' });
      return x.value as number | string | boolean;
    });
    if (new Set(vals.map(String)).size !== vals.length) list.fail({ id: 'exp.valueListedTwice' });
    params.push(path);
    lists.push(vals);
  }
  const total = lists.reduce((n, l) => n * l.length, 1);
  if (total > MAX_POINTS) grid.fail({ id: 'exp.combinations', params: { total } }, { id: 'exp.mostSmallGrid', params: { MAX_POINTS } });
  const bl = sw.key('baseline');
  let baselineValues: string[] | null = null;
  if (!bl.missing) {
    bl.object(params, params);
    baselineValues = params.map((p, i) => {
      const v = bl.key(p).value;
      if (!lists[i].some((x) => String(x) === String(v))) bl.key(p).fail({ id: 'exp.notOneSweptValues', params: { v: String(v) } }, lists[i].map(String).join(', '));
      return String(v);
    });
  }
  const points: { variant: string; values: (number | string | boolean)[] }[] = [];
  const docVariants: Record<string, unknown>[] = [];
  const idx = new Array<number>(params.length).fill(0);
  for (let k = 0; k < total; k++) {
    const values = params.map((_, i) => lists[i][idx[i]]);
    const name = params.map((p, i) => `${p.split('.').pop()}${nameOf(values[i])}`).join('_');
    const v: Record<string, unknown> = base.missing ? {} : deepCopy(base.value as Record<string, unknown>);
    for (const key of ['name', 'label', 'baseline']) if (key in v) base.key(key).fail({ id: 'exp.setSweep', params: { key } }, { id: 'exp.otherVariantKeys' });
    params.forEach((p, i) => setPath(v, p, values[i]));
    const isBase = baselineValues !== null && values.every((x, i) => String(x) === baselineValues![i]);
    docVariants.push({ name, label: params.map((p, i) => `${p.split('.').pop()}=${String(values[i])}`).join(', '), ...(isBase ? { baseline: true } : {}), ...v });
    points.push({ variant: name, values });
    for (let i = params.length - 1; i >= 0; i--) {
      if (++idx[i] < lists[i].length) break;
      idx[i] = 0;
    }
  }
  const doc = src.doc;
  // Generated nodes point at the sweep's line, so an error inside one names it.
  const range = (doc.get('sweep', true) as Node).range!;
  const located = (n: Node): Node => {
    visit(n, (_k, x) => { if (isNode(x)) (x as Node).range = range; });
    n.range = range;
    return n;
  };
  const existing = doc.get('variants', true);
  if (existing !== undefined && existing !== null && !isSeq(existing)) root.key('variants').fail({ id: 'exp.variantsMustList' });
  if (isSeq(existing)) for (const v of docVariants) (existing as YAMLSeq).add(located(doc.createNode(v)));
  else doc.set('variants', located(doc.createNode(docVariants)));
  return { params, points };
}
