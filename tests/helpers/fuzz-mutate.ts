// The seeded mutations of the fuzz tests (security-fuzz, hostile-fuzz): hostile YAML values and lines, deleted,
// repeated and changed lines and characters, and special paths as scenario references. Deterministic (pure-rand).
import type { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/** Values that replace a scalar: hostile ones and plain wrong ones. */
const VALUES = [
  '__proto__', 'constructor', '*nope', '!foo x', '!!binary aGk=', '!!set { a }', '!!timestamp 2001-12-14', '&a x',
  '/dev/zero', '/dev/stdin', '/proc/self/environ', '/etc/passwd', 'builtin:../../package', 'builtin:../urban-assault/blacksun-01',
  '../../../../../../etc/passwd', '""', '.', '..', '-1', '1e309', '0x7fffffffffffffff', 'null', '~', '[[[[', '{', '"\\u0000"',
  `"${'x'.repeat(70_000)}"`, `${'['.repeat(80)}1${']'.repeat(80)}`, 'builtin:tutorial-01-port', 'toString', 'hasOwnProperty',
];
/** Lines inserted at some indentation. */
const LINES = [
  '__proto__: { polluted: 1 }', 'constructor: { prototype: { polluted: 1 } }', 'prototype: 1', '"__proto__": 1',
  'x: *undefined_anchor', 'x: !custom { a: 1 }', 'x: &b [1,1,1,1,1,1,1,1,1,1]\ny: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nz: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\nw: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  'sweep: { grid: { __proto__.polluted: [1, 2] } }', 'sweep: { grid: { operation.constructor.polluted: [1, 2] } }',
  'catalogue: { weapons: { __proto__: { cost: 1 } } }', 'scenario_patch: { __proto__: { policy: x } }',
  'operation: { scenario: /proc/self/environ, difficulty: NORMAL }', 'operation: { scenario: /dev/zero, difficulty: NORMAL }',
  'operation: { scenario: "builtin:../../package", difficulty: NORMAL }', 'scenario: /etc/passwd',
];

export type Kind = 'value' | 'insert' | 'delete' | 'repeat' | 'char' | 'scenario';
const KINDS: Kind[] = ['value', 'value', 'insert', 'insert', 'delete', 'repeat', 'char', 'scenario'];

export function mutate(rng: ReturnType<typeof xoroshiro128plus>, text: string): { text: string; kind: Kind } {
  const pick = <T>(xs: readonly T[]): T => xs[uniformInt(rng, 0, xs.length - 1)];
  const lines = text.split('\n');
  const n = uniformInt(rng, 0, lines.length - 1);
  const kind = pick(KINDS);
  switch (kind) {
    case 'value': {
      const m = /^(\s*(?:- )?[\w.-]+:\s*)(\S.*)$/.exec(lines[n]);
      if (m) lines[n] = m[1] + pick(VALUES);
      else lines[n] = `${lines[n]} ${pick(VALUES)}`;
      break;
    }
    case 'insert': {
      const indent = /^\s*/.exec(lines[n])![0];
      lines.splice(n, 0, ...pick(LINES).split('\n').map((l) => indent + l));
      break;
    }
    case 'delete':
      lines.splice(n, 1);
      break;
    case 'repeat':
      lines.splice(n, 0, lines[n]);
      break;
    case 'char': {
      const l = lines[n];
      const at = uniformInt(rng, 0, Math.max(0, l.length - 1));
      lines[n] = l.slice(0, at) + pick([':', '-', '[', '{', '&', '*', '!', '#', '"', "'", '|', '>', '%', '@', ' ', '\t', '？', '：']) + l.slice(at + 1);
      break;
    }
    case 'scenario': {
      const i = lines.findIndex((l) => /^\s*scenario:\s*\S/.test(l));
      const target = pick(['/dev/zero', '/dev/stdin', '/proc/self/environ', '/etc/passwd', 'builtin:../../package', '""', '.', '../../../../etc/passwd', '/proc/self/fd/0']);
      if (i >= 0) lines[i] = lines[i].replace(/scenario:\s*.*$/, `scenario: ${target}`);
      else lines.splice(n, 0, `scenario: ${target}`);
      break;
    }
  }
  return { text: lines.join('\n'), kind };
}

