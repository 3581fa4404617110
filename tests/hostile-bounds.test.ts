// Issue 39 items 1 and 5: every dice expression, count and catalogue value an input file controls has a stated
// bound, checked when the file is read (validate), naming file:line; a designer raises a catalogue range explicitly.
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { setLang } from '../src/i18n/lang.js';
import { tinyUa } from './helpers/tiny-ua.js';

function compile(text: string): void {
  compileExperiment(Source.parse('/tmp/hostile-bounds.yaml', text));
}

/** The InputError compiling `text` throws (the test fails when it compiles). */
function refusal(text: string): InputError {
  try {
    compile(text);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('compiled, expected a refusal');
}

const ua = (tail: string, enemies = '1d3+1'): string => tinyUa('bounds', 'q', 10, enemies, tail);

describe('dice expressions are bounded at validate time (issue 39 item 1)', () => {
  it('a loot amount of 99999999999d6 is refused at its line (was accepted; run then hung)', () => {
    setLang('en');
    const e = refusal(ua('catalogue:\n  loot_table:\n    1: { magazines: "99999999999d6" }\n'));
    expect(e.line).toBe(20);
    expect(e.message).toMatch(/at most 6/);
  });

  it('a loot product factor, a bonus and a fixed amount over 999 are refused; 2d6*5 and 1d6*1d6 stay valid', () => {
    setLang('en');
    for (const bad of ['1d6*7d6', '1d3+1000', '1000', '1d6*100000', '1d6*1d6*1d6']) {
      expect(refusal(ua(`catalogue:\n  loot_table:\n    2: { gunpyo: "${bad}" }\n`)).line, bad).toBe(20);
    }
    expect(() => compile(ua('catalogue:\n  loot_table:\n    2: { gunpyo: "2d6*5", min: 30 }\n    3: { gunpyo: "1d6*1d6" }\n'))).not.toThrow();
  });

  it('an enemy count with a huge bonus is refused (1d3+99999999), 1d3+1 is valid', () => {
    setLang('en');
    const e = refusal(ua('', '1d3+99999999'));
    expect(e.line).toBe(11);
    expect(e.message).toMatch(/larger than 99/);
    expect(() => compile(ua('', '1d3+1'))).not.toThrow();
  });

  it('the refusal is in the reader\'s language (ja) with the same file:line', () => {
    setLang('ja');
    try {
      const e = refusal(ua('catalogue:\n  loot_table:\n    1: { magazines: "99999999999d6" }\n'));
      expect(e.line).toBe(20);
      expect(e.message).toMatch(/6 個まで/);
    } finally {
      setLang('en');
    }
  });
});

describe('catalogue and ruleset values have ranges (issue 39 item 5)', () => {
  const cat = (body: string) => ua(`catalogue:\n${body}`);
  it('a negative cost, a negative magazines_per_shot and a fixed role\'s skill 999 are refused at their line (were accepted)', () => {
    setLang('en');
    const cost = refusal(cat('  weapons:\n    LMG: { cost: -20 }\n'));
    expect(cost.line).toBe(20);
    expect(cost.message).toMatch(/cost -20 is outside the rules' range 0…999.*beyond_limit: true/);
    expect(refusal(cat('  weapons:\n    LMG: { magazines_per_shot: -1 }\n')).message).toMatch(/magazines_per_shot -1 is outside the rules' range 0…10/);
    expect(refusal(cat('  members:\n    gunner: { skill: 999 }\n')).message).toMatch(/skill 999 is outside the rules' range 0…6/);
  });

  it('a designer raises one value on purpose with { value, beyond_limit: true }; beyond_limit: false or past −99…999 is refused', () => {
    setLang('en');
    expect(() => compile(cat('  weapons:\n    LMG: { cost: { value: -20, beyond_limit: true } }\n'))).not.toThrow();
    expect(refusal(cat('  weapons:\n    LMG: { cost: { value: -20, beyond_limit: false } }\n')).message).toMatch(/beyond_limit must be true/);
    expect(refusal(cat('  weapons:\n    LMG: { cost: { value: 5000, beyond_limit: true } }\n')).message).toMatch(/5000/);
  });
});
