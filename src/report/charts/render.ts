/**
 * Headless rendering of Vega-Lite specs to SVG, by the platform's Vega (sim/core/platform.ts): the installed
 * packages on Node (src/node/vega.ts), the page's own browser build in the web app.
 */
import type { TopLevelSpec } from 'vega-lite';
import { platform } from '../../sim/core/platform.js';

/** Compile and render a Vega-Lite spec to SVG text without a browser or canvas (throws on an invalid spec). */
export function renderSvg(spec: TopLevelSpec): Promise<string> {
  return platform().renderSvg(spec);
}
