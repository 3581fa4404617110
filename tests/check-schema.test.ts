// The `checks:` section of an experiment file: bands validated against the
// compiled experiment with the schema's file:line errors.
import { describe, expect, it } from 'vitest';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { InputError } from '../src/sim/input/input-error.js';
import { uaFixtureYaml } from './helpers/ua-fixture.js';

/** The fixture with a `checks:` section (lines appended at the end of the file). */
function withChecks(lines: string): string {
  return `${uaFixtureYaml('games: 100')}checks:\n${lines}\n`;
}

function compile(text: string) {
  return compileExperiment(Source.parse('x.yaml', text));
}

function failure(text: string): string {
  try {
    compile(text);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('expected an InputError');
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('checks: bands in the experiment file', () => {
  it('compiles rate and mean bands; no section means no bands', () => {
    const text = withChecks('  - { variant: base, metric: win, within: [0.70, 0.85] }   # clear rate\n  - { variant: minus1, metric: magazines_spent, within: [3, 5] }');
    const exp = compile(text);
    expect(exp.checks).toEqual([
      { variant: 'base', metric: 'win', kind: 'rate', lo: 0.7, hi: 0.85, where: `x.yaml:${lineOf(text, 'metric: win')}` },
      { variant: 'minus1', metric: 'magazines_spent', kind: 'mean', lo: 3, hi: 5, where: `x.yaml:${lineOf(text, 'magazines_spent')}` },
    ]);
    expect(compile(uaFixtureYaml('games: 100')).checks).toEqual([]);
  });

  it('bad bands fail with file, line, path and what is allowed', () => {
    const cases: [string, RegExp][] = [
      ['  - { variant: nope, metric: win, within: [0.4, 0.5] }', /checks\[0\]\.variant: unknown value "nope" \(allowed: plus1, base, minus1\)/],
      ['  - { variant: base, metric: wins, within: [0.4, 0.5] }', /checks\[0\]\.metric: unknown value "wins" \(allowed: win, leader_survived, retreated, magazines_spent/],
      ['  - { variant: base, metric: win, within: [40, 50] }', /checks\[0\]\.within\[0\]: 40 is above the maximum \(allowed: a number ≥ 0 and ≤ 1\)/],
      ['  - { variant: base, metric: win, within: [0.5, 0.4] }', /checks\[0\]\.within: the band \[0\.5, 0\.4\] is empty/],
      ['  - { variant: base, metric: win, within: 0.5 }', /checks\[0\]\.within: expected a band \[lo, hi\]/],
      ['  - { variant: base, metric: win }', /checks\[0\]: missing required key "within"/],
      ['  - { variant: base, metric: win, within: [0.4, 0.5], level: 2 }', /checks\[0\]\.level: unknown key "level" \(allowed: variant, metric, within\)/],
    ];
    for (const [line, re] of cases) {
      const text = withChecks(line);
      const msg = failure(text);
      expect(msg, line).toMatch(re);
      expect(msg.startsWith(`x.yaml:${lineOf(text, line.trim())}: `), msg).toBe(true);
    }
    expect(failure(`${uaFixtureYaml('games: 100')}checks: { variant: base }\n`)).toMatch(/checks: expected a list/);
  });
});
