// Issue 29 items 2, 8, 11, 12: YAML is data only. Prototype keys, undefined aliases, alias bombs, unknown tags,
// deep nesting and huge strings are refused with file:line (an InputError, exit 2), and no attack — through the
// parser, a scenario_patch, a sweep grid path, a solve value path or the catalogue — reaches Object.prototype.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { readSolve } from '../src/sim/design/solve.js';
import { PACKAGE_ROOT } from '../src/node/package-root.js';
import { setOwn } from '../src/sim/input/yaml-data.js';
import { MAX_NESTING, MAX_STRING_LENGTH } from '../src/sim/input/limits.js';

const FILE = join(PACKAGE_ROOT, 'experiments', 'attack.yaml');
const UA = readFileSync(join(PACKAGE_ROOT, 'experiments', 'tutorial-01-difficulty.yaml'), 'utf8');

/** Object.prototype and Function.prototype as they should be: nothing added, nothing changed. */
function prototypesUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
  const probe = {} as Record<string, unknown>;
  for (const k of ['x', 'policy', 'cost', 'members', 'polluted']) expect(probe[k], k).toBeUndefined();
  expect((Object.prototype.toString as unknown as Record<string, unknown>).cost).toBeUndefined();
}
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(prototypesUntouched);

function refused(text: string): InputError {
  try {
    const src = Source.parse(FILE, text);
    const exp = compileExperiment(src);
    if (!src.root().key('solve').missing) readSolve(src, exp);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return e;
  }
  throw new Error('accepted');
}

/** The UA experiment with `extra` appended under operation: (indented). */
const withOperation = (extra: string) => UA.replace('  max_flees: 3', `  max_flees: 3\n${extra}`);

describe('prototype keys are refused everywhere, with file:line', () => {
  const attacks: [string, string, RegExp][] = [
    ['scenario_patch', withOperation('  scenario_patch: { __proto__: { policy: evil } }'), /attack\.yaml:\d+: the key "__proto__" is not allowed/],
    ['scenario_patch nested', withOperation('  scenario_patch: { rules: { __proto__: { polluted: 1 } } }'), /the key "__proto__" is not allowed/],
    ['constructor.prototype', `${UA}\nconstructor: { prototype: { polluted: 1 } }\n`, /the key "constructor" is not allowed/],
    ['prototype in a variant', UA.replace('    operation: { difficulty: EASY }', '    operation: { difficulty: EASY }\n    prototype: 1'), /the key "prototype" is not allowed/],
    ['catalogue', `${UA}\ncatalogue: { weapons: { __proto__: { cost: 1 } } }\n`, /the key "__proto__" is not allowed/],
    ['quoted key', `${UA}\n"__proto__": { polluted: 1 }\n`, /the key "__proto__" is not allowed/],
    ['sweep grid __proto__.x', `${UA}\nsweep: { grid: { __proto__.polluted: [1, 2] } }\n`, /sweep\.grid\.__proto__\.polluted: the key "__proto__" is not allowed/],
    ['sweep grid operation.__proto__.x', `${UA}\nsweep: { grid: { operation.__proto__.polluted: [1, 2] } }\n`, /the key "__proto__" is not allowed/],
    ['sweep grid constructor.prototype.x', `${UA}\nsweep: { grid: { constructor.prototype.polluted: [1, 2] } }\n`, /the key "constructor" is not allowed/],
    ['solve value path', `${UA}\nsolve: { value: operation.__proto__.polluted, range: [1, 3], target: 0.5 }\n`, /solve\.value: the key "__proto__" is not allowed/],
    ['catalogue toString', `${UA}\ncatalogue: { weapons: { toString: { cost: 1 } } }\n`, /catalogue\.weapons\.toString: .*"toString"/],
    ['catalogue hasOwnProperty', `${UA}\ncatalogue: { expendables: { hasOwnProperty: { cost: 1 } } }\n`, /hasOwnProperty/],
  ];
  for (const [name, text, re] of attacks) {
    it(name, () => {
      expect(text).not.toBe(UA);
      expect(refused(text).message).toMatch(re);
      prototypesUntouched();
    });
  }

  it('parsed mappings have no prototype, and a write by dynamic path refuses reserved keys', () => {
    const v = Source.parse(FILE, 'a: { b: 1 }\n').root().value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBeNull();
    expect(Object.getPrototypeOf(v.a)).toBeNull();
    expect((v as Record<string, unknown>).toString).toBeUndefined();
    const o: Record<string, unknown> = {};
    expect(() => setOwn(o, '__proto__', { polluted: 1 })).toThrow(/reserved key/);
    expect(() => setOwn(o, 'constructor', 1)).toThrow(/reserved key/);
    setOwn(o, 'x', 1);
    expect(o.x).toBe(1);
  });

  it('a reserved key added to the document in code is refused too', () => {
    const src = Source.parse(FILE, UA);
    src.doc.setIn(['operation', 'scenario_patch', '__proto__', 'polluted'], 1);
    expect(() => compileExperiment(src)).toThrow(/the key "__proto__" is not allowed/);
  });
});

describe('aliases, tags and limits', () => {
  it('an undefined alias names its line', () => {
    const e = refused(UA.replace('squad:\n  members: { assault: 7 }', 'squad:\n  members: *nope'));
    expect(e.message).toMatch(/attack\.yaml:\d+: alias "\*nope" has no anchor "&nope" before it/);
    expect(e.line).toBe(UA.split('\n').findIndex((l) => l.startsWith('squad:')) + 2);
  });

  it('an alias bomb is refused at the alias that goes over the limit', () => {
    const bomb = 'a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n';
    expect(refused(`${UA}\n${bomb}`).message).toMatch(/attack\.yaml:\d+: aliases stand for more than 10000 values in all/);
    // An ordinary alias (as aam-points-value.yaml uses) is fine.
    expect(Source.parse(FILE, 'a: &x [1, 2]\nb: *x\n').root().key('b').value).toEqual([1, 2]);
  });

  it('unknown and non-core tags are refused, not dropped', () => {
    for (const tag of ['!foo 1', '!!binary aGk=', '!!set { a }', '!!timestamp 2001-12-14', '!!omap [ { a: 1 } ]']) {
      expect(refused(UA.replace("seed: 20261122", `seed: 20261122\nextra: ${tag}`)).message).toMatch(/attack\.yaml:\d+: YAML tag "[^"]+" is not allowed/);
    }
    expect(Source.parse(FILE, 'a: !!str 1\nb: !!int "2"\n').root().value).toEqual({ a: '1', b: 2 });
  });

  it('nesting deeper than the limit and overlong strings are refused with their line', () => {
    const deep = `${'['.repeat(MAX_NESTING + 2)}1${']'.repeat(MAX_NESTING + 2)}`;
    expect(refused(`${UA}\nextra: ${deep}\n`).message).toMatch(/nested deeper than 64 levels/);
    expect(refused(`${UA}\nquestion2: "${'x'.repeat(MAX_STRING_LENGTH + 1)}"\n`).message).toMatch(/attack\.yaml:\d+: a string of 65537 characters \(at most 65536\)/);
    expect(refused(`${UA}\n? [a, b]\n: 1\n`).message).toMatch(/a key that is a mapping, a list or an alias/);
  });
});
