// Issue 39 leftovers from round 1: a value for a difficulty the gauntlet does not play (`EASY: -0.5`) is refused like
// the played one (file, line, path, what is allowed, ja/en, exit 2), and `policy_params` keys that are names of
// JavaScript's object prototype (`valueOf`, `hasOwnProperty`, `__proto__`, `constructor`) are refused as unknown
// parameters instead of being taken as parameters.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { setLang } from '../src/i18n/lang.js';
import { tinyUa } from './helpers/tiny-ua.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bl-leftovers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function refusal(text: string): InputError {
  try {
    compileExperiment(Source.parse('/tmp/leftovers.yaml', text));
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('compiled, expected a refusal');
}

const levels = (map: string): string => tinyUa('levels', 'q', 10, '1d3+1', '').replace('  starting_magazines: 10', `  difficulty: NORMAL\n  starting_magazines: ${map}`);

describe('unplayed difficulty values are checked', () => {
  it('EASY: -0.5 and HARD: 1e9 are refused at their line though NORMAL is played; plain values still compile', () => {
    setLang('en');
    expect(() => compileExperiment(Source.parse('/tmp/ok.yaml', levels('{ EASY: 20, NORMAL: 17, HARD: 15 }')))).not.toThrow();
    for (const [map, bad] of [['{ EASY: -0.5, NORMAL: 17 }', 'EASY'], ['{ NORMAL: 17, HARD: 1000000000 }', 'HARD'], ['{ EASY: many, NORMAL: 17 }', 'EASY']]) {
      const e = refusal(levels(map));
      expect(e.line, map).toBe(8);
      expect(e.message, map).toContain(`gauntlet.starting_magazines.${bad}`);
      expect(e.message, map).toMatch(/0\D+999/);
    }
  });

  it('on the command line: exit 2, file:line, path and range, in Japanese too; nothing written', () => {
    const file = join(tmp, 'easy.yaml');
    writeFileSync(file, levels('{ EASY: -0.5, NORMAL: 17 }'));
    for (const lang of ['en', 'ja']) {
      const r = spawnSync(process.execPath, [BIN, 'validate', file, '--lang', lang], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain(`${file}:8`);
      expect(r.stderr).toContain('gauntlet.starting_magazines.EASY');
      if (lang === 'ja') expect(r.stderr).toMatch(/[ぁ-ん]/);
    }
  });
});

describe('reserved policy_params keys are refused', () => {
  it.each(['valueOf', 'hasOwnProperty', 'toString', 'constructor', '__proto__', 'isPrototypeOf'])('URBAN ASSAULT: %s', (key) => {
    setLang('en');
    const e = refusal(tinyUa('pp', 'q', 10, '1d3+1', '').replace('squad:\n', `squad:\n  policy_params: { ${key}: 1 }\n`));
    expect(e.message).toMatch(/unknown parameter|not allowed|policy/i);
    expect(e.message).toContain(key);
  });

  it.each(['valueOf', 'hasOwnProperty', 'constructor', '__proto__'])('Axis & Allies Miniatures: %s', (key) => {
    setLang('en');
    const text = readFileSync(fileURLToPath(new URL('../experiments/aam-initiative-choice.yaml', import.meta.url)), 'utf8')
      .replace('    blue: { policy_params: { go_first: 0 } }', `    blue: { policy_params: { ${key}: 0 } }`);
    const e = refusal(text);
    expect(e.message).toContain(key);
  });
});
