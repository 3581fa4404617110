/**
 * Vega, Vega-Lite and vega-embed in the web app: their browser builds are
 * shipped as text in vega-text.js (global BL_VEGA), run once as inline
 * scripts for the charts and inlined again into every downloaded report.html.
 */
import type { VegaBundles } from '../../src/sim/core/platform.js';

declare const BL_VEGA: VegaBundles;

let loaded = false;

/** The bundles' texts and versions. */
export function vegaBundles(): VegaBundles {
  return BL_VEGA;
}

/** Run the three bundles in the page once (defines the globals vega, vegaLite, vegaEmbed). */
export function loadVega(): void {
  if (loaded) return;
  for (const code of [BL_VEGA.vega, BL_VEGA.vegaLite, BL_VEGA.vegaEmbed]) {
    const el = document.createElement('script');
    el.textContent = code;
    document.head.appendChild(el);
  }
  loaded = true;
}
