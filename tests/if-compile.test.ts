// if-battle experiment validation: characters, memories (data, with their
// shape rules), the check table, fields, processes, policies, rulings and the
// variant keys — every error names the file, line, path and what is allowed.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/sim/input/input-error.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { B_BURN } from '../src/rules/if-battle/catalogue.js';
import { FIELD_ROLL, P_MAIN } from '../src/rules/if-battle/config.js';
import { char, compileIf, ifYaml, type IfSpec } from './helpers/if-harness.js';

const ok: IfSpec = { subject: { A: char() }, reference: { B: char() } };

function err(spec: IfSpec | string): InputError {
  try {
    compileIf(spec);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('compiled without error');
}

describe('if-battle experiment validation', () => {
  it('a valid file compiles with the defaults (raid here; field plain; recovery on; rulings default)', () => {
    const { game, variant } = compileIf(ok);
    expect(variant.subject.characters[0]).toMatchObject({ name: 'A', life: 20, cost: 4, speed: 5, battery: 3 });
    expect(game.turnLimit).toBe(10);
    expect(variant.recovery).toBe(true);
    expect(variant.rulings.placement).toBe('unordered-pairs');
  });
  it('defaults of the file: process main, field roll', () => {
    const text = ifYaml(ok).replace('process: raid\n', '').replace('field: plain\n', '');
    const { variant } = compileIf(text);
    expect(variant.process).toBe(P_MAIN);
    expect(variant.field).toBe(FIELD_ROLL);
  });
  it('characters: life and memories required, unknown skills and memories, a memory listed twice', () => {
    expect(err({ ...ok, subject: { A: { memories: ['strike'] } } }).message).toMatch(/if-rules\.yaml:\d+: characters\.A: missing required key "life"/);
    expect(err({ ...ok, subject: { A: char({ skills: { karate: 2 } }) } }).message).toMatch(/characters\.A\.skills\.karate: unknown skill "karate" \(allowed: running, impact, /);
    expect(err({ ...ok, subject: { A: char({ memories: ['laser'] }) } }).message).toMatch(/characters\.A\.memories\[0\]: unknown value "laser" \(allowed: strike, flame_shot, /);
    expect(err({ ...ok, subject: { A: char({ memories: ['strike', 'strike'] }) } }).message).toMatch(/characters\.A\.memories\[1\]: memory "strike" listed twice/);
    expect(err({ ...ok, subject: { A: char({ speed: -1 }) } }).message).toMatch(/characters\.A\.speed: -1 is below the minimum/);
  });
  it('memories: a new one needs a type; an attack needs a skill; additional only boosts; auto only reduces; a bug needs an attack', () => {
    expect(err({ ...ok, memories: { laser: { cost: 2 } } }).message).toMatch(/memories\.laser: new memory "laser" needs a type \(allowed: main, additional, auto\)/);
    expect(err({ ...ok, memories: { laser: { type: 'main', damage: 3, range: [0, 2] } } }).message).toMatch(/memories\.laser: attack memory "laser" needs the skill of its hit check/);
    expect(err({ ...ok, memories: { focus: { type: 'additional', cost: 1 } } }).message).toMatch(/memories\.focus: additional memory "focus" needs a boost/);
    expect(err({ ...ok, memories: { shell: { type: 'auto', reduce: 1, cost: 1 } } }).message).toMatch(/auto memory "shell" can only reduce \(and costs nothing\)/);
    expect(err({ ...ok, memories: { curse: { type: 'main', guard: 1, bug: 'burn' } } }).message).toMatch(/memory "curse" inflicts a bug but is not an attack/);
    expect(err({ ...ok, memories: { curse: { type: 'main', damage: 1, skill: 'word', bug: 'flu' } } }).message).toMatch(/memories\.curse\.bug: unknown value "flu" \(allowed: confusion, bind, /);
    expect(err({ ...ok, memories: { strike: { range: [3, 1] } } }).message).toMatch(/memories\.strike\.range\[1\]: 1 is below the minimum/);
  });
  it('a designer\'s memory is data: used by a character without code', () => {
    const spec: IfSpec = { ...ok, memories: { venom: { ja: '毒牙', type: 'main', cost: 2, skill: 'impact', range: [0, 1], damage: 2, bug: 'burn', bug_points: 3 } }, subject: { A: char({ memories: ['venom'] }) } };
    const { game, variant } = compileIf(spec);
    const m = game.memories[variant.subject.characters[0].memories[0]];
    expect(m).toMatchObject({ id: 'venom', ja: '毒牙', cost: 2, rangeMin: 0, rangeMax: 1, damage: 2, bug: B_BURN, bugPoints: 3 });
  });
  it('the check table: targets must not decrease with the rank', () => {
    expect(err({ ...ok, check: { targets: [5, 7, 6] } }).message).toMatch(/check\.targets\[2\]: target 6 is below the previous rank's 7/);
    expect(err({ ...ok, check: { dice: 9 } }).message).toMatch(/check\.dice: 9 is above the maximum/);
  });
  it('field, process, policies, rulings, inflict, unknown keys', () => {
    expect(err({ ...ok, field: 'lava' }).message).toMatch(/field: unknown value "lava" \(allowed: plain, water, air, ice, closed, burning, roll\)/);
    expect(err({ ...ok, process: 'side' }).message).toMatch(/process: unknown value "side" \(allowed: main, raid\)/);
    expect(err(ifYaml(ok).replace('policy: striker\n', 'policy: turtle\n')).message).toMatch(/policy: unknown value "turtle" \(allowed: striker, kiter, bugger, random\)/);
    expect(err({ ...ok, rulings: { placement: 'hexes' } }).message).toMatch(/rulings\.placement: unknown value "hexes" \(allowed: unordered-pairs, scaled\)/);
    expect(err({ ...ok, extra: { variants: [{ name: 'v', baseline: true, characters: ['A'], inflict: { bug: 'flu' } }] } }).message).toMatch(/variants\[0\]\.inflict\.bug: unknown value "flu"/);
    expect(err({ ...ok, extra: { weather: 'rain' } }).message).toMatch(/weather: unknown key "weather" \(allowed: name, question, /);
    expect(err({ ...ok, extra: { variants: [{ name: 'v', baseline: true, characters: ['Z'] }] } }).message).toMatch(/variants\[0\]\.characters\[0\]: unknown value "Z" \(allowed: A, B\)/);
  });
  it('a side needs an initial participant (not only joiners)', () => {
    expect(err({ ...ok, reference: { B: char({ joins: true }) } }).message).toMatch(/reference\.characters: every character of the reference side joins by 乱入/);
  });
  it('the shipped experiments load', () => {
    expect(loadExperiment('experiments/if-speed-and-fields.yaml').compiled.variants).toHaveLength(14);
    expect(loadExperiment('experiments/if-bug-values.yaml').compiled.variants).toHaveLength(27);
  });
});
