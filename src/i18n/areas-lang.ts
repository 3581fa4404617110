/**
 * The areas that put engine metadata, ruling summaries and report words into the reader's language (issue 26):
 * kept in their own list so that adding one does not touch the busy AREAS line of messages-en.ts, which spreads it.
 */
import * as metaUa from './areas/meta-ua.js';
import * as metaAam from './areas/meta-aam.js';
import * as metaRs from './areas/meta-rs.js';
import * as metaLk from './areas/meta-lk.js';
import * as metaIf from './areas/meta-if.js';
import * as rsRulings from './areas/rs-rulings.js';
import * as aamRulings from './areas/aam-rulings.js';
import * as lkRulings from './areas/lk-rulings.js';
import * as ifRulings from './areas/if-rulings.js';
import * as solveLang from './areas/solve-lang.js';
import * as rulingView from './areas/ruling-view.js';
import * as outLines from './areas/out-lines.js';
import * as uaCat from './areas/ua-cat.js';
import * as lkCat from './areas/lk-cat.js';
import * as ifCat from './areas/if-cat.js';
import * as rsCat from './areas/rs-cat.js';
import * as aamCat from './areas/aam-cat.js';
import * as initTpl from './areas/init-tpl.js';
import * as benchRef from './areas/bench-ref.js';
import * as internal from './areas/internal.js';
import * as uaMetric from './areas/ua-metric.js';
import * as rsMetric from './areas/rs-metric.js';
import * as aamMetric from './areas/aam-metric.js';
import * as lkMetric from './areas/lk-metric.js';
import * as ifMetric from './areas/if-metric.js';
import * as plan from './areas/designer-plan.js';
import * as ask from './areas/ask.js';

/** Spread at the end of AREAS (messages-en.ts). */
export const LANG_AREAS = [metaUa, metaAam, metaRs, metaLk, metaIf, rsRulings, aamRulings, lkRulings, ifRulings, solveLang, rulingView, outLines, uaCat, lkCat, ifCat, rsCat, aamCat, initTpl, benchRef, internal, uaMetric, rsMetric, aamMetric, lkMetric, ifMetric, plan, ask] as const;
