/**
 * The designer's test plan as tables (issue 41; docs/designer-plan.md): his eight measures and じり貧 per variant and
 * per lap, the magazines an item saves (paired differences), Tactical Drill 01's desk estimate against the simulation
 * with the causes of the difference, and the magazine knob. Pure: summaries in, Markdown out, every word from the
 * catalogue (`plan.*`) in the given language. Tables have at most 4 columns (readable at 390 px).
 */
import { t } from '../i18n/t.js';
import type { Lang } from '../i18n/lang.js';
import type { MessageId } from '../i18n/messages-en.js';
import { pickText, type LocalText } from '../sim/input/local-text.js';

interface Interval { readonly estimate: number; readonly lo: number; readonly hi: number }
/** The parts of a run summary (summary.json's `summary`) the tables read. */
export interface PlanVariant {
  readonly name: string;
  readonly label: string;
  readonly labelText?: LocalText;
  readonly baseline?: boolean;
  readonly pairedWith?: string | null;
  readonly games: number;
  readonly rates: readonly { readonly id: string; readonly rate: Interval }[];
  readonly values: readonly { readonly id: string; readonly mean: Interval }[];
  readonly pairedRates?: readonly { readonly id: string; readonly diff: Interval }[];
  readonly pairedValues?: readonly { readonly id: string; readonly diff: Interval }[];
}
export interface PlanSummary {
  readonly seed?: number;
  readonly variants: readonly PlanVariant[];
  readonly sweep?: { readonly params: readonly string[]; readonly points: readonly { readonly variant: string; readonly values: readonly (string | number | boolean)[] }[] } | null;
}

type Row = readonly string[];

const rate = (v: PlanVariant, id: string): number => v.rates.find((r) => r.id === id)?.rate.estimate ?? NaN;
const mean = (v: PlanVariant, id: string): number => v.values.find((r) => r.id === id)?.mean.estimate ?? NaN;
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '—');
const num = (x: number, d = 2): string => (Number.isFinite(x) ? x.toFixed(d) : '—');
/** A mean per occurrence: the sum's mean over the count's mean (a ratio of means; — when nothing occurred). */
const per = (v: PlanVariant, sum: string, count: string): string => {
  const c = mean(v, count);
  return c > 0 ? num(mean(v, sum) / c) : '—';
};
const signed = (x: number, d: number, unit = ''): string => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(d) + unit;
const ci = (iv: Interval | undefined, scale = 1, d = 2, unit = ''): string =>
  iv ? `${signed(scale * iv.estimate, d, unit)} [${signed(scale * iv.lo, d)}, ${signed(scale * iv.hi, d)}]` : '—';

function table(head: Row, rows: readonly Row[]): string[] {
  const line = (r: Row) => `| ${r.slice(0, 4).map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), `|${head.slice(0, 4).map(() => '---').join('|')}|`, ...rows.map(line)];
}

/**
 * じり貧 and the final of a variant: an operation's rates, or a campaign's shares over its operations (finals reached
 * with 0–1 magazines over attempts, and over finals reached); the mean magazines at the final over finals reached.
 */
function finalFigures(v: PlanVariant): { reached: number; jiriAll: number; jiri: number; atFinal: number } {
  if (v.rates.some((r) => r.id === 'audit_jiri')) {
    const reached = rate(v, 'audit_reached_final');
    return { reached, jiriAll: rate(v, 'audit_jiri_all'), jiri: rate(v, 'audit_jiri'), atFinal: reached > 0 ? mean(v, 'audit_at_final') / reached : NaN };
  }
  const ops = mean(v, 'attempts'), finals = mean(v, 'audit_finals'), jiri = mean(v, 'audit_finals_jiri');
  return { reached: finals / ops, jiriAll: jiri / ops, jiri: finals > 0 ? jiri / finals : NaN, atFinal: finals > 0 ? mean(v, 'audit_at_final') / finals : NaN };
}

/** A rate as a percentage, with its 95% interval after it when `withCi` (e.g. `69.1% [68.6, 69.5]`). */
function pctCi(v: PlanVariant, id: string, withCi: boolean): string {
  const r = v.rates.find((x) => x.id === id)?.rate;
  if (!r) return '—';
  return withCi ? `${pct(r.estimate)} [${(100 * r.lo).toFixed(1)}, ${(100 * r.hi).toFixed(1)}]` : pct(r.estimate);
}

/**
 * The rows of his eight measures (and じり貧) for one variant of an operation or a campaign (its totals); `withCi`:
 * success, 全滅 and an operation's じり貧 with their 95% intervals (the plan's page; a campaign's じり貧 is a ratio).
 */
function measureRows(lang: Lang, withCi: boolean): { label: string; cell: (v: PlanVariant) => string }[] {
  const L = (id: MessageId) => t(id, {}, lang);
  const wipedId = (v: PlanVariant) => (Number.isFinite(rate(v, 'wiped')) ? 'wiped' : 'wiped_any');
  const jiriAll = (v: PlanVariant) => (v.rates.some((r) => r.id === 'audit_jiri_all') ? pctCi(v, 'audit_jiri_all', withCi) : pct(finalFigures(v).jiriAll));
  return [
    { label: L('plan.success'), cell: (v) => pctCi(v, 'win', withCi) },
    { label: L('plan.wiped'), cell: (v) => pctCi(v, wipedId(v), withCi) },
    { label: L('plan.reachedFinal'), cell: (v) => pct(finalFigures(v).reached) },
    { label: L('plan.jiriAll'), cell: jiriAll },
    { label: L('plan.jiri'), cell: (v) => pct(finalFigures(v).jiri) },
    { label: L('plan.atFinal'), cell: (v) => num(finalFigures(v).atFinal) },
    { label: L('plan.leftMid'), cell: (v) => per(v, 'audit_left_mid', 'audit_fights_mid') },
    { label: L('plan.leftFinal'), cell: (v) => per(v, 'audit_left_final', 'audit_fights_final') },
    { label: L('plan.perFightRandom'), cell: (v) => per(v, 'audit_spent_random', 'audit_fights_random') },
    { label: L('plan.perFightMid'), cell: (v) => per(v, 'audit_spent_mid', 'audit_fights_mid') },
    { label: L('plan.perFightFinal'), cell: (v) => per(v, 'audit_spent_final', 'audit_fights_final') },
    { label: L('plan.perFightGroup'), cell: (v) => per(v, 'audit_spent_group', 'audit_fights_group') },
    { label: L('plan.perFightHtt'), cell: (v) => per(v, 'audit_spent_htt', 'audit_fights_htt') },
    { label: L('plan.gainEvents'), cell: (v) => num(mean(v, 'audit_gain_events')) },
    { label: L('plan.gainLoot'), cell: (v) => num(mean(v, 'audit_gain_loot')) },
    { label: L('plan.retreats'), cell: (v) => num(mean(v, 'audit_retreats')) },
    { label: L('plan.withdrawals'), cell: (v) => num(mean(v, 'audit_withdrawals')) },
    { label: L('plan.avoidDetect'), cell: (v) => num(mean(v, 'audit_avoided_detect')) },
    { label: L('plan.avoidReaction'), cell: (v) => num(mean(v, 'audit_avoided_reaction')) },
    { label: L('plan.membersLost'), cell: (v) => num(mean(v, 'audit_members_lost')) },
    { label: L('plan.roundsHtt'), cell: (v) => num(mean(v, 'audit_rounds_htt')) },
  ];
}

/** Does a summary carry the audit measures (an experiment with `audit: true`)? */
export function hasAudit(s: PlanSummary): boolean {
  return s.variants.length > 0 && s.variants[0].values.some((x) => x.id === 'audit_at_final');
}

/** His eight measures as a grid: a row per measure, a column per variant (at most 3 variants: 4 columns). */
export function measuresGrid(s: PlanSummary, names: readonly string[], lang: Lang, withCi = false): { head: string[]; rows: string[][] } {
  const vs = names.map((n) => s.variants.find((v) => v.name === n)).filter((v): v is PlanVariant => v !== undefined).slice(0, 3);
  return { head: [t('plan.measure', {}, lang), ...vs.map((v) => pickText(v.label, v.labelText, lang))], rows: measureRows(lang, withCi).map((r) => [r.label, ...vs.map(r.cell)]) };
}

/** His eight measures as a Markdown table (`withCi`: the main rates with their 95% intervals). */
export function measuresTable(s: PlanSummary, names: readonly string[], lang: Lang, withCi = false): string[] {
  const g = measuresGrid(s, names, lang, withCi);
  return table(g.head, g.rows);
}

/** The variants a summary's measures table compares: the baseline and those compared with it or with nothing (the rule versions, the levels), at most 3. */
export function mainVariants(s: PlanSummary): string[] {
  return s.variants.filter((v) => v.baseline || v.pairedWith === undefined || v.pairedWith === null).slice(0, 3).map((v) => v.name);
}

/** The job summary's lines for an experiment with the audit measures (none without them). */
export function designerSummaryLines(s: PlanSummary, lang: Lang): string[] {
  return hasAudit(s) ? [`#### ${t('plan.summaryHead', {}, lang)}`, '', ...measuresTable(s, mainVariants(s), lang), ''] : [];
}

/** The distribution of the magazines as the final event starts (given it was reached), a column per variant. */
export function finalDistribution(s: PlanSummary, names: readonly string[], lang: Lang, prefix = 'audit_'): string[] {
  const vs = names.map((n) => s.variants.find((v) => v.name === n)).filter((v): v is PlanVariant => v !== undefined).slice(0, 3);
  const rows: Row[] = [];
  for (let k = 0; k <= 12; k++) {
    const id = k === 12 ? `${prefix}final_mags_12plus` : `${prefix}final_mags_${k}`;
    rows.push([k === 12 ? '12+' : String(k), ...vs.map((v) => pct(rate(v, id)))]);
  }
  return table([t('plan.atFinal', {}, lang), ...vs.map((v) => pickText(v.label, v.labelText, lang))], rows);
}

/** A campaign's measures per lap for one variant (a column per lap). */
export function lapTable(s: PlanSummary, name: string, lang: Lang): string[] {
  const v = s.variants.find((x) => x.name === name);
  if (!v) return [];
  const laps: number[] = [];
  for (let l = 1; v.rates.some((r) => r.id === `lap${l}_played`); l++) laps.push(l);
  const L = (id: MessageId) => t(id, {}, lang);
  const played = (l: number) => rate(v, `lap${l}_played`);
  const perLap = (l: number, id: string) => num(mean(v, `lap${l}_${id}`) / Math.max(played(l), 1e-9));
  const rows: { label: string; cell: (l: number) => string }[] = [
    { label: L('plan.lapWon'), cell: (l) => pct(rate(v, `lap${l}_won_first`)) },
    { label: L('plan.reachedFinal'), cell: (l) => pct(rate(v, `lap${l}_reached_final`)) },
    { label: L('plan.jiri'), cell: (l) => pct(rate(v, `lap${l}_jiri`)) },
    { label: L('plan.atFinal'), cell: (l) => { const r = rate(v, `lap${l}_reached_final`) * played(l); return r > 0 ? num(mean(v, `lap${l}_at_final`) / r) : '—'; } },
    { label: L('plan.spent'), cell: (l) => num((mean(v, `lap${l}_spent_random`) + mean(v, `lap${l}_spent_mid`) + mean(v, `lap${l}_spent_final`)) / Math.max(played(l), 1e-9)) },
    { label: L('plan.gainEvents'), cell: (l) => perLap(l, 'gain_events') },
    { label: L('plan.gainLoot'), cell: (l) => perLap(l, 'gain_loot') },
    { label: L('plan.withdrawals'), cell: (l) => perLap(l, 'withdrawals') },
    { label: L('plan.avoidDetect'), cell: (l) => perLap(l, 'avoided_detect') },
    { label: L('plan.membersLost'), cell: (l) => perLap(l, 'members_lost') },
    { label: L('plan.roundsHtt'), cell: (l) => perLap(l, 'rounds_htt') },
  ];
  return table([L('plan.measure'), ...laps.map((l) => t('plan.lap', { n: l }, lang))], rows.map((r) => [r.label, ...laps.map(r.cell)]));
}

/** Magazines saved by each item: the paired difference of magazines spent, withheld variant minus its reference. */
export function savingsTable(s: PlanSummary, items: readonly { readonly item: MessageId; readonly variants: readonly string[] }[], heads: readonly string[], lang: Lang): string[] {
  const cell = (name: string) => {
    const v = s.variants.find((x) => x.name === name);
    return ci(v?.pairedValues?.find((p) => p.id === 'magazines_spent')?.diff);
  };
  return table([t('plan.item', {}, lang), ...heads], items.map((it) => [t(it.item, {}, lang), ...it.variants.map(cell)]));
}

/** Tactical Drill 01's desk figures (audit §4) against the fixed-fights simulation (plan-td1-desk) and its causes. */
export function deskTables(s: PlanSummary, lang: Lang): string[] {
  const sim = s.variants.find((v) => v.name === 'sim'), desk = s.variants.find((v) => v.name === 'desk');
  if (!sim || !desk) return [];
  const L = (id: MessageId) => t(id, {}, lang);
  const figures = (v: PlanVariant) => {
    const mid = mean(v, 'audit_spent_mid') / mean(v, 'audit_fights_mid'), final = mean(v, 'audit_spent_final') / mean(v, 'audit_fights_final');
    return [mid, final, mid + final, mid + final - 2, 17 - (mid + final - 2)];
  };
  const d = [7.7, 9.2, 16.9, 14.9, 2.1], a = figures(sim), b = figures(desk);
  const labels = [L('plan.deskMid'), L('plan.deskFinal'), L('plan.deskTotal'), L('plan.deskNet'), L('plan.deskSpare')];
  const out = [`#### ${L('plan.deskHead')}`, '', ...table([L('plan.measure'), L('plan.desk'), L('plan.sim'), L('plan.deskConditions')], labels.map((l, i) => [l, d[i].toFixed(1), num(a[i], 1), num(b[i], 1)]))];
  const causes: [string, MessageId][] = [['no-shield', 'plan.causeShield'], ['no-fire', 'plan.causeFire'], ['no-wound-track', 'plan.causeWounds'], ['no-precise', 'plan.causePrecise'], ['no-ied', 'plan.causeIed'], ['desk', 'plan.causeAll']];
  const rows = causes.map(([name, id]) => {
    const v = s.variants.find((x) => x.name === name);
    return [L(id), ci(v?.pairedValues?.find((p) => p.id === 'magazines_spent')?.diff), ci(v?.pairedRates?.find((p) => p.id === 'win')?.diff, 100, 1, 'pp')];
  });
  out.push('', `#### ${L('plan.attribHead')}`, '', ...table([L('plan.cause'), L('plan.deltaSpent'), L('plan.deltaWin')], rows));
  return out;
}

/** The knob: success, 全滅 and じり貧 along the magazines issued, and the plain verdict. */
export function knobTables(s: PlanSummary, current: Readonly<Record<string, number>>, lang: Lang): string[] {
  const L = (id: MessageId, p: Record<string, string | number> = {}) => t(id, p, lang);
  const pts = (s.sweep?.points ?? []).map((p) => ({ m: Number(p.values[0]), v: s.variants.find((x) => x.name === p.variant)! })).filter((p) => p.v);
  if (pts.length === 0) return [];
  const wiped = (v: PlanVariant) => (Number.isFinite(rate(v, 'wiped')) ? rate(v, 'wiped') : rate(v, 'wiped_any'));
  const jiri = (v: PlanVariant) => finalFigures(v).jiriAll;
  const out = table([L('plan.issued'), L('plan.success'), L('plan.wiped'), L('plan.jiriAll')], pts.map((p) => [String(p.m), pct(rate(p.v, 'win')), pct(wiped(p.v)), pct(jiri(p.v))]));
  const best = pts.reduce((a, b) => (jiri(b.v) > jiri(a.v) ? b : a));
  const inBand = (v: PlanVariant) => rate(v, 'win') >= 0.6 && rate(v, 'win') <= 0.8;
  out.push('', L('plan.knobBest', { m: best.m, share: pct(jiri(best.v)), win: pct(rate(best.v, 'win')), verdict: L(inBand(best.v) ? 'plan.knobIn' : 'plan.knobOut') }));
  if (!inBand(best.v)) out.push('', L('plan.knobNone'));
  else out.push('', L('plan.knobBoth', { list: String(best.m) }));
  const cur = Object.entries(current).map(([lvl, m]) => ({ lvl, p: pts.find((x) => x.m === m) })).filter((c) => c.p);
  for (const c of cur) out.push('', L('plan.knobCurrent', { levels: `${c.lvl} ${c.p!.m}`, win: pct(rate(c.p!.v, 'win')), jiri: pct(jiri(c.p!.v)) }));
  return out;
}
