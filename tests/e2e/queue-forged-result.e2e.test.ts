// Issue 39 item 10 on a real Debian redis-server: values planted in a keyed run's results hash (unsigned, signed with
// another key, damaged) used to fail the run — and every --resume of it while the hash lived (a week). Now they are
// removed and their chunks played again: the keyed run ends with exit 0 and the CSVs of a local run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exited, ownRedis, until } from './redis-server.js';
import { loadExperiment } from '../../src/sim/experiment/load.js';
import { journalIdentity } from '../../src/sim/run/journal.js';
import { resultsKey, runId } from '../../src/sim/queue/queue.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'bin/balance-lab.js');
const FLAG = join(REPO, 'experiments/lmg-worth-8-magazines.yaml');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const KEY = 'k3y-'.repeat(6);
const own = ownRedis('forged');
const csvs = (dir: string): string[] => ['summary.csv', 'attrition.csv', 'cost-effectiveness.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));

describe('forged values in a keyed run\'s results hash (item 10)', () => {
  it('are removed and played again: the run ends with exit 0 and the local CSVs, and so does a --resume', async () => {
    const local = spawnSync(process.execPath, [BIN, 'run', FLAG, '--games', '3000', '--seed', '5', '--workers', '1', '--quiet', '--out', join(own.root, 'local')], { encoding: 'utf8' });
    expect(local.status, local.stderr).toBe(0);
    const run = runId(journalIdentity(loadExperiment(FLAG, { games: 3000, seed: 5 }), VERSION));
    const redis = own.redis();
    const plant = (): Promise<number> => redis.hset(resultsKey(run), '0', 'unsigned value', '1', Buffer.from('x'.repeat(300)));
    const w = own.spawnLogged(['worker', '--queue', '--workers', '1', '--lock-ms', '1000'], { BALANCE_LAB_QUEUE_KEY: KEY });
    await until('worker ready', () => /Ctrl-C to stop/.test(w.text()), 30_000);
    for (const [i, extra] of [[0, []], [1, ['--resume']]] as const) {
      await plant();
      const out = join(own.root, `queued-${i}`);
      const c = own.spawnLogged(['run', FLAG, '--games', '3000', '--seed', '5', '--quiet', '--queue', '--out', out, ...extra], { BALANCE_LAB_QUEUE_KEY: KEY });
      expect(await exited(c), c.text()).toBe(0);
      expect(csvs(out)).toEqual(csvs(join(own.root, 'local')));
      // The planted fields were this run's (a finished run clears its own hash; planted under another run's key they
      // would still be there).
      expect(await redis.hkeys(resultsKey(run))).toEqual([]);
    }
    w.kill('SIGTERM');
    await exited(w);
  }, 240_000);
});
