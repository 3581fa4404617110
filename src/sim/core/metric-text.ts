/**
 * Metric labels in the reader's language (issue 26). The engines name their rates, values, series, series variables
 * and step groups in English (`MetricSpec`, built by each engine's `metrics(game)`); run.json, the CSVs and the
 * baselines keep those English labels, so shipped results stay language-neutral and byte-identical. The labels are
 * put into the reader's language only where they are shown, from the engine's catalogue area
 * (`<area>.<id>`, area files `src/i18n/areas/*-metric.ts`), whose English is the engine's own text:
 *
 * - a template without placeholders matches a label exactly;
 * - a template with placeholders (`Leader fell at {place}`) matches a label built from it: numbers (`{n}`, `{k}`,
 *   `{cap}`, `{st}`, `{code}`, `{asked}`) match digits, `{s}` an English plural ending, `{note…}` any ending (also
 *   none), any other placeholder any non-empty text; the longest fixed text is tried first, so the most specific
 *   template wins. A captured text that is itself a catalogue label (a fall place such as "mid event", an attack
 *   type) is put into the language too; any other (the designer's tile, counter and engagement names) stays as written.
 * - A label no template matches is shown as the engine wrote it (tests/metric-labels-lang.test.ts keeps the areas
 *   complete for every engine).
 */
import { catalogue, format } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';

/** The catalogue area of each engine's metric labels. */
export const METRIC_AREAS: Readonly<Record<string, string>> = {
  'urban-assault': 'uaMetric',
  'robot-skirmish': 'rsMetric',
  'axis-allies-miniatures': 'aamMetric',
  'chojin-locke': 'lkMetric',
  'if-battle': 'ifMetric',
};

interface Pattern {
  readonly id: string;
  readonly re: RegExp;
  readonly names: readonly string[];
  /** Characters of fixed text (longest first). */
  readonly fixed: number;
}

interface AreaIndex {
  readonly exact: ReadonlyMap<string, string>;
  readonly patterns: readonly Pattern[];
}

const NUMBER = /^(n|k|cap|st|code|asked)\d*$/;

function placeholderRe(name: string): string {
  if (NUMBER.test(name)) return '(-?\\d+)';
  if (/^s\d*$/.test(name)) return '(s?)';
  if (/^note\d*$/.test(name)) return '(.*?)';
  return '(.+?)';
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const indexes = new Map<string, AreaIndex>();

/** The exact labels and templates of an area, built once. */
function areaIndex(area: string): AreaIndex {
  const known = indexes.get(area);
  if (known) return known;
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  const prefix = `${area}.`;
  for (const [id, template] of Object.entries(catalogue('en') as Readonly<Record<string, string>>)) {
    if (!id.startsWith(prefix)) continue;
    const parts = template.split(/\{([A-Za-z0-9_]+)\}/);
    if (parts.length === 1) { exact.set(template, id); continue; }
    const names: string[] = [];
    let re = '^', fixed = 0;
    parts.forEach((p, i) => {
      if (i % 2 === 0) { re += escapeRe(p); fixed += p.length; } else { names.push(p); re += placeholderRe(p); }
    });
    patterns.push({ id, re: new RegExp(`${re}$`, 's'), names, fixed });
  }
  patterns.sort((a, b) => b.fixed - a.fixed || a.id.localeCompare(b.id));
  const index = { exact, patterns };
  indexes.set(area, index);
  return index;
}

/** The catalogue message a label was built from, with its placeholder values; null when none matches. */
export function metricMessage(engine: string, label: string): { id: string; params: Record<string, string> } | null {
  const area = METRIC_AREAS[engine];
  if (area === undefined) return null;
  const { exact, patterns } = areaIndex(area);
  const id = exact.get(label);
  if (id !== undefined) return { id, params: {} };
  for (const p of patterns) {
    const m = p.re.exec(label);
    if (m) return { id: p.id, params: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}

/** A metric label (rate, value, series, series variable or step group) of `engine` in `lang`. */
export function metricLabel(engine: string, label: string, lang: Lang = getLang()): string {
  if (lang === 'en') return label;
  const msg = metricMessage(engine, label);
  if (msg === null) return label;
  const template = (catalogue(lang) as Readonly<Record<string, string>>)[msg.id];
  if (template === undefined) return label;
  const params = Object.fromEntries(Object.entries(msg.params).map(([k, v]) => [k, NUMBER.test(k) || v === '' ? v : metricLabel(engine, v, lang)]));
  return format(template, params);
}
