/**
 * `vega` in the browser bundle: the page loads Vega's own browser build
 * (global `vega`), the same file the reports inline, instead of a second copy.
 */
type VegaGlobal = { parse(spec: unknown): unknown; View: new (runtime: unknown, opts: unknown) => unknown };
const g = (): VegaGlobal => (globalThis as unknown as { vega: VegaGlobal }).vega;
export function parse(spec: unknown): unknown {
  return g().parse(spec);
}
export const View = function View(runtime: unknown, opts: unknown) {
  return new (g().View)(runtime, opts);
} as unknown as new (runtime: unknown, opts: unknown) => { toSVG(): Promise<string>; finalize(): void };
