// Every shipped experiment's results, byte for byte: the accumulators of a fixed
// number of games per variant (every rate, value, histogram and attrition cell,
// as the run's CSVs are computed from them) and the replay narration of the
// first games are hashed and compared with tests/fixtures/shipped-golden.json.
// A speed change must keep these hashes; a deliberate rules change regenerates
// them with `GOLDEN_UPDATE=1 npx vitest run tests/shipped-golden.test.ts` and
// says so in its commit.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChunk } from '../src/sim/run/chunk.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';

const GOLDEN = 'tests/fixtures/shipped-golden.json';
const UPDATE = process.env.GOLDEN_UPDATE === '1';
/** Games per variant by engine: enough to reach every rule area the experiment plays, a few seconds in all. */
const GAMES: Record<string, number> = {
  'urban-assault': 400,
  'axis-allies-miniatures': 60,
  'robot-skirmish': 80,
  'chojin-locke': 600,
  'if-battle': 300,
};
const REPLAYED = 2;

function digest(file: string): { games: number; hash: string } {
  const exp = loadExperiment(file, {});
  const games = GAMES[exp.engine] ?? 200;
  const h = createHash('sha256');
  // Two chunks, the second starting mid-stream, as a run splits its games.
  const half = Math.floor(games / 2);
  for (const [start, count] of [[0, half], [half, games - half]]) {
    const r = runChunk(exp, start, count);
    for (const d of r.data) h.update(Buffer.from(d.buffer, d.byteOffset, d.byteLength));
    h.update(`draws ${r.draws} ${r.policyDraws}\n`);
  }
  for (const v of exp.compiled.variants) {
    for (let g = 0; g < REPLAYED; g++) h.update(replayGame(exp, v.name, g).lines.join('\n'));
  }
  return { games, hash: h.digest('hex') };
}

const files = [
  ...readdirSync('experiments').filter((f) => f.endsWith('.yaml')).sort().map((f) => join('experiments', f)),
  ...readdirSync('examples').filter((f) => f.endsWith('.yaml')).sort().map((f) => join('examples', f)),
];

describe('shipped experiments are byte-identical to their recorded outputs', () => {
  const golden: Record<string, { games: number; hash: string }> = existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, 'utf8')) : {};
  const fresh: Record<string, { games: number; hash: string }> = {};
  for (const f of files) {
    it(f, () => {
      const d = digest(f);
      fresh[f] = d;
      if (UPDATE) return;
      expect(golden[f], `${f} has no recorded hash: regenerate ${GOLDEN}`).toBeDefined();
      expect(d).toEqual(golden[f]);
    });
  }
  it('the record lists exactly the shipped experiments', () => {
    if (UPDATE) {
      writeFileSync(GOLDEN, JSON.stringify(fresh, null, 2) + '\n');
      return;
    }
    expect(Object.keys(golden).sort()).toEqual([...files].sort());
  });
});
