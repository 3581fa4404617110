// Issue 29 items 1–3 on the worker's side, without Redis: a job's experiment is compiled in a throw-away thread
// (src/sim/queue/compile.ts) reading scenarios only from the worker's roots. Hostile specs — prototype keys in a
// scenario_patch, a sweep path or the catalogue, /proc/self/environ, /etc/passwd or /dev/zero as the scenario — are
// each refused (a JobRefusal quoting no file contents), and the next, honest job still compiles: nothing of a hostile
// job survives into the worker (Object.prototype untouched). The same jobs pushed through BullMQ:
// tests/e2e/queue-security.e2e.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileJob } from '../src/sim/queue/compile.js';
import { JobRefusal } from '../src/sim/queue/job.js';
import { PACKAGE_ROOT } from '../src/node/package-root.js';

const FILE = join(PACKAGE_ROOT, 'experiments', 'tutorial-01-difficulty.yaml');
const UA = readFileSync(FILE, 'utf8');
const ROOTS = [join(PACKAGE_ROOT, 'experiments'), join(PACKAGE_ROOT, 'scenarios')];
const PROTO = Object.getOwnPropertyNames(Object.prototype).sort();

/** The experiment with `extra` added under `operation:`. */
const underOperation = (extra: string): string => UA.replace(/^operation:\n/m, `operation:\n  ${extra}\n`);

const HOSTILE: readonly [string, string][] = [
  ['__proto__ in scenario_patch', underOperation('scenario_patch: { __proto__: { policy: x } }')],
  ['constructor.prototype in scenario_patch', underOperation('scenario_patch: { constructor: { prototype: { polluted: 1 } } }')],
  ['__proto__ in a sweep path', `${UA}\nsweep:\n  grid:\n    __proto__.polluted: [1, 2]\n`],
  ['__proto__ under catalogue.weapons', `${UA}\ncatalogue: { weapons: { __proto__: { cost: 1 } } }\n`],
  ['/proc/self/environ as the scenario', UA.replace(/scenario: .*/, 'scenario: /proc/self/environ')],
  ['/etc/passwd as the scenario', UA.replace(/scenario: .*/, 'scenario: /etc/passwd')],
  ['/dev/zero as the scenario', UA.replace(/scenario: .*/, 'scenario: /dev/zero')],
];

describe('a worker compiles untrusted jobs', () => {
  it('hostile specs are refused one by one, quoting nothing; the next honest job compiles', async () => {
    for (const [what, text] of HOSTILE) {
      let err: unknown;
      try {
        await compileJob({ file: FILE, text, overrides: {} }, ROOTS);
      } catch (e) {
        err = e;
      }
      expect(err, what).toBeInstanceOf(JobRefusal);
      expect((err as Error).message, what).toMatch(what.includes('scenario') && what.startsWith('/') ? /is outside the folders an experiment may read/ : /the key "(__proto__|constructor)" is not allowed/);
      expect((err as Error).message, what).not.toMatch(/root:x:0|PATH=|REDIS/);
      expect(Object.getOwnPropertyNames(Object.prototype).sort(), what).toEqual(PROTO);
      expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
    }
    const exp = await compileJob({ file: FILE, text: UA, overrides: {} }, ROOTS);
    expect(exp.compiled.variants.map((v) => v.name)).toContain('shooting-easy');
  }, 120_000);
});
