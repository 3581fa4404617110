// Flip attribution (issue 43): a variant whose only difference is known — one extra enemy at tile 12 of tutorial 01 —
// flips games, and attribution names that tile as where play first diverges in every examined pair; the events it
// lists for the flipped games come with their shares and times per game; the side-by-side page marks the first
// difference; a narrated game's message ids are recorded without changing its text.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

import { attribute, firstDivergence, traceGame } from '../src/sim/design/flips.js';
import { attributionAnswer, attributionFiles, divergencePlaces } from '../src/report/files/flips-output.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { replayGame } from '../src/sim/run/replay.js';

const file = fileURLToPath(new URL('../experiments/tutorial-01-difficulty.yaml', import.meta.url));
const EXP = `name: extra-enemy
question: What does one extra enemy at tile 12 do?
game: urban-assault
seed: 7
stop: { games: 1000 }
operation:
  scenario: ${fileURLToPath(new URL('../scenarios/urban-assault/tutorial-01-port.yaml', import.meta.url))}
  difficulty: NORMAL
  max_flees: 3
squad:
  leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }
  members: { assault: 7 }
variants:
  - { name: plain, baseline: true }
  - name: extra
    operation: { scenario_patch: { tiles: { 12: { encounter: { enemies: { 0: { count: 1d3+3 } } } } } } }
`;

describe('flip attribution', () => {
  const exp = compileExperiment(Source.parse(file, EXP));
  it('names tile 12 as where every examined flipped pair first diverges', () => {
    const a = attribute(exp, 'extra', 1500, 40);
    expect(a.reference).toBe('plain');
    expect(a.down.length).toBeGreaterThan(a.up.length);
    expect(a.examined.length).toBeGreaterThan(10);
    const places = divergencePlaces(a);
    expect(places).toHaveLength(1);
    expect(places[0].place).toMatch(/^12 /);
    expect(places[0].n).toBe(a.examined.length);
    // The events are counted against the reference's same games and the variant's unflipped games, with intervals.
    expect(a.sameDice.length).toBeGreaterThan(5);
    const e = a.sameDice[0];
    expect(e.flipped.share.lo).toBeLessThanOrEqual(e.flipped.share.estimate);
    expect(attributionAnswer(a, 'en')).toMatch(/first diverges at 12 /);
    expect(attributionAnswer(a, 'ja')).toMatch(/12 .*で最初に分かれます/);
    const g = a.examined[0];
    const files = attributionFiles(exp, a, [{ game: g, ref: traceGame(exp, 0, g), alt: traceGame(exp, 1, g) }], 'test');
    const page = files.find(([f]) => f === `pairs/${g}.html`)![1];
    expect(page).toMatch(/id="first-diff"/);
    expect(files.map(([f]) => f)).toEqual(expect.arrayContaining(['flips.csv', 'flips.json', 'report.html']));
  }, 120_000);
  it('a traced game narrates exactly the replay\'s lines, each with its message id where narrated', () => {
    const tr = traceGame(exp, 1, 3);
    expect(tr.lines.map((l) => l.text)).toEqual(replayGame(exp, 'extra', 3, 'en').lines);
    expect(tr.lines.filter((l) => l.id !== '').length).toBeGreaterThan(tr.lines.length / 2);
    expect(firstDivergence(tr, tr)).toBeNull();
  });
});
