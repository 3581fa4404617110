/**
 * The web app's "why" section under a run's results (issue 43): for each variant, its sample games — the first game
 * it wins, the first it loses and the first that flips against its reference on the same dice — replayed in the
 * page's language, and for each variant with a reference its flip attribution (where the flipped games first diverge,
 * which events are more or less frequent) with flipped pairs side by side, the first difference marked. Everything is
 * played in the page on demand (the run itself records none of it), with the run's seed: game i here is game i of
 * the run. Buttons only (no hover), tables of wrapped text (390 px).
 */
import { getLang } from '../../src/i18n/lang.js';
import { t } from '../../src/i18n/t.js';
import type { Experiment } from '../../src/sim/experiment/load.js';
import { attribute, traceGame } from '../../src/sim/design/flips.js';
import { referenceOf, sampleGames } from '../../src/sim/design/samples.js';
import { attributionAnswer, gameTableHtml, pairTableHtml, PAIR_CSS } from '../../src/report/files/flips-output.js';
import { escapeHtml } from '../../src/report/html/escape.js';
import type { SampleKind } from '../../src/report/html/samples.js';

/** Games looked at for sample games and attribution in the page (the CLI's attribute defaults to 4,000). */
export const WHY_GAMES = 2000;
/** Flipped games and games that did not flip narrated for attribution in the page (the CLI: 300). */
const WHY_CAP = 150;

const esc = escapeHtml;

/** The section: a card per variant with its two buttons and a place for what they show. */
export function whyHtml(exp: Experiment): string {
  const cards = exp.compiled.variants.map((v, i) => {
    const r = referenceOf(exp, i);
    const ref = r === null ? null : exp.compiled.variants[r].name;
    return `<div class="why-variant" data-variant="${i}"><h3>${esc(v.name)}</h3><div class="buttons">
<button type="button" class="small" data-samples="${i}">${esc(t('web.sampleGames'))}</button>${ref === null ? '' : `
<button type="button" class="small" data-attribute="${i}">${esc(t('web.attribute', { reference: ref }))}</button>`}</div>
<div class="why-out" id="why-${i}"></div></div>`;
  }).join('\n');
  return `<section id="why"><style>${PAIR_CSS}</style><h2>${esc(t('web.whyTitle'))}</h2><p class="note">${esc(t('web.whyHelp', { games: WHY_GAMES.toLocaleString('en-US'), seed: exp.seed }))}</p>\n${cards}</section>`;
}

function gameButton(v: number, game: number, label: string, pairWith: number | null, kind?: SampleKind): string {
  return `<button type="button" class="small" data-game="${game}" data-v="${v}"${pairWith === null ? '' : ` data-pair="${pairWith}"`}${kind ? ` data-kind="${kind}"` : ''}>${esc(label)}</button>`;
}

/** One game narrated, or a pair side by side with a link to its first difference. */
function gameView(exp: Experiment, v: number, game: number, pairWith: number | null): string {
  const vs = exp.compiled.variants, lang = getLang();
  const mine = traceGame(exp, v, game, lang);
  if (pairWith === null) {
    const result = t(mine.outcome ? 'web.gameWon' : 'web.gameLost');
    return `<div class="why-game" data-shown="${v}-${game}"><h4>${esc(t('web.gameTitle', { variant: vs[v].name, game, result }))}</h4>${gameTableHtml(mine)}</div>`;
  }
  const theirs = traceGame(exp, pairWith, game, lang);
  const anchor = `first-diff-${v}`;
  const { html, d } = pairTableHtml(vs[pairWith].name, vs[v].name, theirs, mine, anchor);
  return `<div class="why-game" data-shown="${v}-${game}-pair"><h4>${esc(t('impact.pairTitle', { game, variant: vs[v].name, reference: vs[pairWith].name }))}</h4>
<p><a href="#${anchor}">${esc(t('impact.pairJump', { line: d ? d.at + 1 : 0, place: d ? d.place : '' }))}</a></p>${html}</div>`;
}

function samplesHtml(exp: Experiment, v: number): string {
  const s = sampleGames(exp, v, WHY_GAMES);
  const r = referenceOf(exp, v);
  const none = (what: string) => `<span class="muted">${esc(t('web.noSample', { what, games: s.looked }))}</span>`;
  const items = [
    s.won !== null ? gameButton(v, s.won, t('web.sampleWon', { game: s.won }), null, 'won') : none(t('web.gameWon')),
    s.lost !== null ? gameButton(v, s.lost, t('web.sampleLost', { game: s.lost }), null, 'lost') : none(t('web.gameLost')),
    ...(r === null ? [] : [s.flipped !== null ? gameButton(v, s.flipped, t('web.sampleFlipped', { game: s.flipped, reference: s.reference! }), r, 'flip') : none(t('web.flippedPair'))]),
  ];
  return `<div class="buttons why-samples">${items.join('')}</div><div class="why-view"></div>`;
}

function attributionHtml(exp: Experiment, v: number): string {
  const vs = exp.compiled.variants;
  const a = attribute(exp, vs[v].name, WHY_GAMES, WHY_CAP);
  const r = vs.findIndex((x) => x.name === a.reference);
  const pairs = a.examined.slice(0, 3).map((g) => gameButton(v, g, t('impact.pairLink', { game: g }), r)).join('');
  return `<p class="answer why-answer">${esc(attributionAnswer(a)).replace(/\n/g, '<br>')}</p>${pairs ? `<h4>${esc(t('impact.pairsHeading'))}</h4><div class="buttons">${pairs}</div>` : ''}<div class="why-view"></div>`;
}

/**
 * Wire the section's buttons (after {@link whyHtml} is in the page). `busy` shows a status while the page plays.
 * Returns how to open a variant's sample game directly (a report's link, issue 43 item 4): its samples are found
 * and the game of `kind` shown, or the card scrolled to when the games looked at hold none.
 */
export function wireWhy(root: HTMLElement, exp: Experiment, busy: (on: boolean) => void): (variant: string, kind: SampleKind) => void {
  const run = (f: () => void): void => {
    busy(true);
    // Let the status paint before the page plays the games.
    setTimeout(() => { try { f(); } finally { busy(false); } }, 20);
  };
  const wireGames = (out: HTMLElement): void => {
    out.querySelectorAll<HTMLButtonElement>('button[data-game]').forEach((b) => {
      b.onclick = () => run(() => {
        const view = out.querySelector<HTMLElement>('.why-view')!;
        view.innerHTML = gameView(exp, Number(b.dataset.v), Number(b.dataset.game), b.dataset.pair === undefined ? null : Number(b.dataset.pair));
        view.scrollIntoView({ block: 'start' });
      });
    });
  };
  const card = (attr: 'samples' | 'attribute', build: (exp: Experiment, v: number) => string): void => {
    root.querySelectorAll<HTMLButtonElement>(`button[data-${attr}]`).forEach((b) => {
      b.onclick = () => run(() => {
        const v = Number(b.dataset[attr]);
        const out = root.querySelector<HTMLElement>(`#why-${v}`)!;
        out.innerHTML = build(exp, v);
        wireGames(out);
      });
    });
  };
  card('samples', samplesHtml);
  card('attribute', attributionHtml);
  return (variant, kind) => {
    const v = exp.compiled.variants.findIndex((x) => x.name === variant);
    const out = v < 0 ? null : root.querySelector<HTMLElement>(`#why-${v}`);
    if (out === null) return;
    run(() => {
      out.innerHTML = samplesHtml(exp, v);
      wireGames(out);
      const b = out.querySelector<HTMLButtonElement>(`button[data-kind="${kind}"]`);
      if (b) b.click();
      else out.scrollIntoView({ block: 'start' });
    });
  };
}
