/** `node:perf_hooks` in the browser bundle: the page's or worker's own clock (timing only). */
export const performance = globalThis.performance;
export class PerformanceObserver {
  observe(): void {}
  disconnect(): void {}
}
export default { performance, PerformanceObserver };
