/**
 * The browser bundles of Vega, Vega-Lite and vega-embed that every report inlines (it works offline, with no CDN):
 * the platform's (sim/core/platform.ts), read from the installed packages on Node (src/node/vega.ts) and from the
 * page's own copy in the web app.
 */
import { platform, type VegaBundles } from '../../sim/core/platform.js';

export type { VegaBundles } from '../../sim/core/platform.js';

/** The three bundles and their versions. Throws when one is missing from the install. */
export function vegaBundles(): VegaBundles {
  return platform().vegaBundles();
}
