/**
 * Headless rendering of Vega-Lite specs to SVG.
 */
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** Compile a Vega-Lite spec to a Vega spec (throws on an invalid spec). */
export function compileChart(spec: TopLevelSpec): vega.Spec {
  return compile(spec).spec;
}

/** Compile and render a Vega-Lite spec to SVG text without a browser or canvas. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compileChart(spec)), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
