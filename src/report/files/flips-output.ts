/**
 * Flip attribution's results (issue 43): the explanations in words (reader's language), flips.csv (every event's share
 * in the flipped games against the games that did not flip), flips.json, report.html and, for a few flipped pairs,
 * pairs/<game>.html — the two games side by side with their first difference marked. Shared by the CLI
 * (cmd-attribute.ts) and the reports.
 */
import { catalogue, t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { Experiment } from '../../sim/experiment/load.js';
import type { Attribution, Divergence, EventShare, GameTrace } from '../../sim/design/flips.js';
import { firstDivergence } from '../../sim/design/flips.js';
import { toCsv } from './csv.js';
import { escapeHtml } from '../html/escape.js';
import { simplePage } from '../html/simple-page.js';
import { questionIn } from '../../sim/input/local-text.js';

/** A path's last part (either separator): this module is also bundled into the web app, which has no node:path. */
const basename = (file: string): string => file.replace(/^.*[\\/]/, '');

/** An event key (`id` or `id@place`) in words: its message with the values left out, and the place. */
export function eventLabel(key: string, lang: Lang = getLang()): string {
  const at = key.indexOf('@');
  const id = at < 0 ? key : key.slice(0, at);
  const place = at < 0 ? '' : key.slice(at + 1);
  const tpl = catalogue(lang)[id as MessageId] ?? id;
  const text = tpl.replace(/\{[A-Za-z0-9_]+\}/g, '…').replace(/\s+/g, ' ').trim();
  return place ? t('impact.flipAt', { event: text, place }, lang) : text;
}

const pct = (x: number): string => (100 * x).toFixed(0);

const f1 = (x: number): string => x.toFixed(1);

/** One event's sentence: how often it happens in the flipped games against the comparison group (`same`: the reference's same games). */
export function shareSentence(a: Attribution, e: EventShare, same: boolean, lang: Lang = getLang()): string {
  return t(same ? 'impact.flipSame' : 'impact.flipShare', {
    event: eventLabel(e.key, lang), m1: f1(e.flipped.perGame.estimate), mlo1: f1(e.flipped.perGame.lo), mhi1: f1(e.flipped.perGame.hi),
    m0: f1(e.other.perGame.estimate), mlo0: f1(e.other.perGame.lo), mhi0: f1(e.other.perGame.hi),
    p1: pct(e.flipped.share.estimate), lo1: pct(e.flipped.share.lo), hi1: pct(e.flipped.share.hi),
    p0: pct(e.other.share.estimate), lo0: pct(e.other.share.lo), hi0: pct(e.other.share.hi), reference: a.reference, variant: a.variant,
  }, lang);
}

/** The clearest events: a difference in times per game clear over the whole list (EventShare.clear), at most `top`. */
export function clearShares(list: readonly EventShare[], top = 5): EventShare[] {
  return list.filter((e) => e.clear).slice(0, top);
}

/** Where play first diverges, tallied by place: [place, pairs, the most common first different line there]. */
export function divergencePlaces(a: Attribution): { place: string; n: number; event: string }[] {
  const by = new Map<string, { n: number; ev: Map<string, number> }>();
  for (const { d } of a.divergences) {
    if (!d) continue;
    const k = d.placeName || d.place;
    const cur = by.get(k) ?? { n: 0, ev: new Map<string, number>() };
    cur.n++;
    const line = d.alt ?? d.ref;
    const id = line?.id ?? '';
    cur.ev.set(id, (cur.ev.get(id) ?? 0) + 1);
    by.set(k, cur);
  }
  return [...by].map(([place, v]) => ({ place, n: v.n, event: [...v.ev].sort((x, y) => y[1] - x[1])[0][0] })).sort((x, y) => y.n - x.n || x.place.localeCompare(y.place));
}

/** The answer: the flips, where they start, and the clearest events, in `lang`. */
export function attributionAnswer(a: Attribution, lang: Lang = getLang()): string {
  const n = a.examined.length;
  const head = t('impact.flipHead', { variant: a.variant, reference: a.reference, games: a.games.toLocaleString('en-US'), down: a.down.length, up: a.up.length, n, dir: t(a.direction === 'down' ? 'impact.flipDown' : 'impact.flipUp', undefined, lang) }, lang);
  const places = divergencePlaces(a).slice(0, 3).map((p) => t('impact.flipDiverges', { place: p.place, k: p.n, n, share: pct(p.n / Math.max(1, n)), event: p.event ? eventLabel(p.event, lang) : '—' }, lang));
  const same = clearShares(a.sameDice, 3).map((e, i) => `${i + 1}. ${shareSentence(a, e, true, lang)}`);
  const shares = clearShares(a.shares, 3).map((e, i) => `${i + 1}. ${shareSentence(a, e, false, lang)}`);
  return [head, ...places,
    ...(same.length ? [t('impact.flipSameHead', { reference: a.reference }, lang), ...same] : []),
    ...(shares.length ? [t('impact.flipEventsHead', undefined, lang), ...shares] : [t('impact.flipNoEvent', undefined, lang)])].join('\n');
}

/** The look of a pair table and of a single game's table: wrapped monospace lines, differences shaded, the first marked. */
export const PAIR_CSS = 'table.pair{table-layout:fixed;width:100%;font-size:12px}table.pair td{white-space:pre-wrap;overflow-wrap:anywhere;text-align:left;vertical-align:top;font-family:ui-monospace,monospace;border-bottom:1px solid #eee}table.pair.two td{width:50%}tr.diff td{background:#fff6e0}tr.first td{background:#ffd7d7;font-weight:bold}';

/**
 * Two narrated games side by side, line by line, in a table of two fixed columns (readable at 390 px), the lines that
 * differ shaded and the first difference marked with id `anchor`; with where that is.
 */
export function pairTableHtml(reference: string, variant: string, ref: GameTrace, alt: GameTrace, anchor = 'first-diff'): { html: string; d: Divergence | null } {
  const d = firstDivergence(ref, alt);
  const n = Math.max(ref.lines.length, alt.lines.length);
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const l = ref.lines[i]?.text ?? '', r = alt.lines[i]?.text ?? '';
    const first = d !== null && i === d.at;
    const cls = first ? ' class="first"' : l !== r ? ' class="diff"' : '';
    rows.push(`<tr${cls}${first ? ` id="${anchor}"` : ''}><td>${escapeHtml(l)}</td><td>${escapeHtml(r)}</td></tr>`);
  }
  return { d, html: `<table class="pair two"><thead><tr><th>${escapeHtml(reference)}</th><th>${escapeHtml(variant)}</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>` };
}

/** One narrated game as a one-column table of its lines. */
export function gameTableHtml(g: GameTrace): string {
  return `<table class="pair"><tbody>${g.lines.map((l) => `<tr><td>${escapeHtml(l.text)}</td></tr>`).join('')}</tbody></table>`;
}

/** Two narrated games side by side, line by line, the first difference marked (`#first-diff`). */
export function pairPage(exp: Experiment, a: Attribution, game: number, ref: GameTrace, alt: GameTrace): string {
  const { html, d } = pairTableHtml(a.reference, a.variant, ref, alt);
  const body = `<style>${PAIR_CSS}</style><h1>${escapeHtml(t('impact.pairTitle', { game, variant: a.variant, reference: a.reference }))}</h1>
<p><a href="#first-diff">${escapeHtml(t('impact.pairJump', { line: d ? d.at + 1 : 0, place: d ? d.place : '' }))}</a></p>
<p>${escapeHtml(t('impact.pairReplay', { file: basename(exp.file), variant: a.variant, reference: a.reference, game, seed: exp.seed }))}</p>
${html}`;
  // The pair table keeps its own fixed layout (no sideways scrolling box, so no wrapper to close): two columns of
  // wrapped text at 390 px.
  return simplePage(t('impact.pairTitle', { game, variant: a.variant, reference: a.reference }), body).replace('</tbody></table></div>', '</tbody></table>');
}

/** The attribution folder's files: flips.csv, flips.json, report.html and pairs/<game>.html for the first `pairs` flips. */
export function attributionFiles(exp: Experiment, a: Attribution, pairs: readonly { game: number; ref: GameTrace; alt: GameTrace }[], version: string, bom = false): [string, string][] {
  const row = (against: string) => (e: EventShare) => {
    const at = e.key.indexOf('@');
    return [against, e.key.slice(0, at < 0 ? undefined : at), at < 0 ? '' : e.key.slice(at + 1), eventLabel(e.key, 'en'), eventLabel(e.key, 'ja'),
      e.flipped.k, e.flipped.n, e.flipped.share.estimate, e.flipped.share.lo, e.flipped.share.hi, e.flipped.perGame.estimate, e.flipped.perGame.lo, e.flipped.perGame.hi,
      e.other.k, e.other.n, e.other.share.estimate, e.other.share.lo, e.other.share.hi, e.other.perGame.estimate, e.other.perGame.lo, e.other.perGame.hi,
      e.diff.estimate, e.diff.lo, e.diff.hi, e.perGameDiff.estimate, e.perGameDiff.lo, e.perGameDiff.hi, e.clear ? 1 : 0];
  };
  const rows = [...a.sameDice.map(row('reference-same-dice')), ...a.shares.map(row('not-flipped'))];
  const csv = toCsv({ header: ['against', 'event', 'place', 'event_en', 'event_ja', 'flipped_games_with', 'flipped_games', 'flipped_share', 'flipped_share_lo', 'flipped_share_hi', 'flipped_per_game', 'flipped_per_game_lo', 'flipped_per_game_hi',
    'other_games_with', 'other_games', 'other_share', 'other_share_lo', 'other_share_hi', 'other_per_game', 'other_per_game_lo', 'other_per_game_hi', 'share_diff', 'share_diff_lo', 'share_diff_hi', 'per_game_diff', 'per_game_diff_lo', 'per_game_diff_hi', 'clear'], rows }, bom);
  const json = JSON.stringify({
    experiment: { name: exp.name, file: basename(exp.file), hash: exp.hash, seed: exp.seed }, variant: a.variant, reference: a.reference, games: a.games,
    flippedUp: a.up.length, flippedDown: a.down.length, direction: a.direction, examined: a.examined, comparison: a.comparison.length,
    divergences: a.divergences.map(({ game, d }) => ({ game, at: d?.at ?? null, place: d?.place ?? null, round: d?.round ?? null, reference: d?.ref?.text ?? null, variant: d?.alt?.text ?? null })),
    explanations: { en: attributionAnswer(a, 'en'), ja: attributionAnswer(a, 'ja') }, version,
  }, null, 2);
  const links = pairs.map((p) => `<li><a href="pairs/${p.game}.html#first-diff">${escapeHtml(t('impact.pairLink', { game: p.game }))}</a></li>`).join('');
  const body = `<h1>${escapeHtml(questionIn(exp) || exp.name)}</h1><section id="flip-attribution"><h2>${escapeHtml(t('impact.flipHeading', { variant: a.variant, reference: a.reference }))}</h2>
<p class="answer">${escapeHtml(attributionAnswer(a)).replace(/\n/g, '<br>')}</p>
<h3>${escapeHtml(t('impact.pairsHeading'))}</h3><ul>${links}</ul>
<p>${escapeHtml(t('impact.flipFooter', { seed: exp.seed, file: basename(exp.file), version }))}</p></section>`;
  return [['flips.csv', csv], ['flips.json', json], ['report.html', simplePage(t('impact.flipTitle', { name: exp.name, variant: a.variant }), body)],
    ...pairs.map((p): [string, string] => [`pairs/${p.game}.html`, pairPage(exp, a, p.game, p.ref, p.alt)])];
}
