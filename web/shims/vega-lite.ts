/** `vega-lite` in the browser bundle: the page's global `vegaLite` (see vega.ts). */
export function compile(spec: unknown): { spec: unknown } {
  return (globalThis as unknown as { vegaLite: { compile(s: unknown): { spec: unknown } } }).vegaLite.compile(spec);
}
