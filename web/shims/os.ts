/** `node:os` in the browser bundle. */
export function availableParallelism(): number {
  return (globalThis.navigator?.hardwareConcurrency as number | undefined) ?? 1;
}
export function tmpdir(): string {
  return '/tmp';
}
export function hostname(): string {
  return 'browser';
}
export default { availableParallelism, tmpdir, hostname };
