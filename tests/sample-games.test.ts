// Sample games (issue 43, item 4): the first won, lost and flipped game of a variant are what a plain run records for
// those game indices — every earlier game is of the other kind — and the baseline has no flipped pair to look for.
import { describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { replayGame } from '../src/sim/run/replay.js';
import { referenceOf, sampleGames } from '../src/sim/design/samples.js';

const EXP = tinyUa('tiny-samples', 'Do two more magazines help?', 6, '2d3+6', `  - { name: more, magazines: 3 }
`);

describe('sample games', () => {
  it('the first won, lost and flipped games are those of the run, and nothing earlier qualifies', () => {
    const exp = compileExperiment(Source.parse('/tmp/tiny-samples.yaml', EXP));
    const outcome = (v: string, g: number) => replayGame(exp, v, g, 'en').record.rates[0];
    const s = sampleGames(exp, 1, 500);
    expect(s.reference).toBe('baseline');
    expect(s.won).not.toBeNull();
    expect(s.lost).not.toBeNull();
    expect(s.flipped).not.toBeNull();
    expect(outcome('more', s.won!)).toBe(1);
    expect(outcome('more', s.lost!)).toBe(0);
    expect(outcome('more', s.flipped!)).not.toBe(outcome('baseline', s.flipped!));
    for (let g = 0; g < s.won!; g++) expect(outcome('more', g)).toBe(0);
    for (let g = 0; g < s.lost!; g++) expect(outcome('more', g)).toBe(1);
    for (let g = 0; g < s.flipped!; g++) expect(outcome('more', g)).toBe(outcome('baseline', g));
    expect(s.looked).toBe(Math.max(s.won!, s.lost!, s.flipped!) + 1);
    expect(referenceOf(exp, 0)).toBeNull();
    expect(sampleGames(exp, 0, 500).flipped).toBeNull();
  });
});
