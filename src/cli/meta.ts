/** Facts about this build recorded with every run (run.json). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PACKAGE_ROOT } from '../node/package-root.js';

export { PACKAGE_ROOT };

let cachedVersion: string | undefined;

/** `version` from package.json ("0.0.0" if it cannot be read). */
export function packageVersion(): string {
  if (cachedVersion === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(`${PACKAGE_ROOT}/package.json`, 'utf8')) as { version?: unknown };
      cachedVersion = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      cachedVersion = '0.0.0';
    }
  }
  return cachedVersion;
}

/** `git rev-parse HEAD` of the package, or null when git or the repository is unavailable. Never throws. */
export function gitCommit(): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: PACKAGE_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return /^[0-9a-f]{7,64}$/i.test(out) ? out : null;
  } catch {
    return null;
  }
}
