/**
 * The report's sample games (issue 43 item 4): for each variant, links that open the same run in the web app and
 * land on its first won game, its first lost game and (a variant with a reference) its first flipped pair, replayed
 * in the app on the phone. The run plays nothing extra: the links carry the run's work (share-link.ts) and the app
 * finds the sample games itself, on the run's seed. A report that does not know the app's address (a local run)
 * says so and how to get one. Links only (no hover), one per line (390 px).
 */
import type { RunSummary } from '../../sim/stats/summary.js';
import { displayName, variantDisplayNames } from '../charts/common.js';
import { text } from './table.js';
import { SHARE_PARAM } from '../share-link.js';
import { t } from '../../i18n/t.js';

/** Where the app is and the run's work as a share-link value (encodeShare). */
export interface SampleLinks {
  /** The web app's address, e.g. `https://owner.github.io/repo/app/`. */
  readonly app: string;
  /** The run's work, as {@link encodeShare} wrote it (without `#r=`). */
  readonly work: string;
}

/** Which sample a link opens. */
export type SampleKind = 'won' | 'lost' | 'flip';

/** The hash parameters naming the sample a link opens (after the share link's `r=`). */
export const SAMPLE_VARIANT_PARAM = 'variant';
export const SAMPLE_KIND_PARAM = 'sample';

/** The app link that opens the run of `links` and shows `variant`'s sample of `kind`. */
export function sampleLink(links: SampleLinks, variant: string, kind: SampleKind): string {
  return `${links.app}#${SHARE_PARAM}=${links.work}&${SAMPLE_VARIANT_PARAM}=${encodeURIComponent(variant)}&${SAMPLE_KIND_PARAM}=${kind}`;
}

/** The sample a location hash asks for (variant name and kind), or null. */
export function sampleFromHash(hash: string): { variant: string; kind: SampleKind } | null {
  const params = new Map(hash.replace(/^#/, '').split('&').map((p) => {
    const i = p.indexOf('=');
    return i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
  }));
  const kind = params.get(SAMPLE_KIND_PARAM), v = params.get(SAMPLE_VARIANT_PARAM);
  if (v === undefined || (kind !== 'won' && kind !== 'lost' && kind !== 'flip')) return null;
  try {
    return { variant: decodeURIComponent(v), kind };
  } catch {
    return null;
  }
}

/** An address a report may link to: http(s) only. */
function safeApp(url: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/.test(url);
}

/** The section (`<section id="samples">`): links per variant, or why there are none. */
export function samplesHtml(summary: RunSummary, links: SampleLinks | undefined): string {
  const head = [`<section id="samples">`, `<h2>${text(t('report.samplesTitle'))}</h2>`];
  if (links === undefined || !safeApp(links.app) || !/^[A-Za-z0-9_-]+$/.test(links.work)) {
    return [...head, `<p class="lead">${text(t('report.samplesNoApp'))}</p>`, `<p class="lead">${text(t('report.samplesHowApp'))}</p>`, '</section>'].join('\n');
  }
  const names = variantDisplayNames(summary);
  const items = summary.variants.map((v) => {
    const ref = v.pairedRates.length > 0 ? (v.pairedWith ?? summary.baseline) : null;
    const a = (kind: SampleKind, label: string): string => `<li><a href="${text(sampleLink(links, v.name, kind))}" data-sample="${kind}" data-variant="${text(v.name)}">${text(label)}</a></li>`;
    return `<h3>${text(displayName(names, v))}</h3>\n<ul class="samples">${a('won', t('report.sampleWon'))}${a('lost', t('report.sampleLost'))}${ref === null ? '' : a('flip', t('report.sampleFlip', { reference: ref }))}</ul>`;
  });
  return [...head, `<p class="lead">${text(t('report.samplesLead'))}</p>`, ...items, '</section>'].join('\n');
}
