/**
 * InputError: the one error type for bad input (malformed experiment, unknown
 * unit, over-budget loadout…). The CLI prints `message` and exits with code 2.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly path: string,
    readonly problem: string,
    readonly allowed?: string,
  ) {
    const where = line !== undefined ? `${file}:${line}` : file;
    const at = path ? ` ${path}:` : '';
    super(`${where}:${at} ${problem}${allowed ? ` (allowed: ${allowed})` : ''}`);
    this.name = 'InputError';
  }
}
