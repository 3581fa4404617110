// The experiment key `control_variates` (issue 27): refused with exit code 2, file:line and a message in the user's
// language where it would not be played; off (or absent) changes nothing about the experiment.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../src/i18n/lang.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { uaFixtureYaml } from './helpers/ua-fixture.js';
import { CV_DICE_ID, registerCvDice } from './helpers/cv-dice-engine.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));

function write(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'balance-lab-cv-')), 'exp.yaml');
  writeFileSync(file, text);
  return file;
}

function refusal(file: string): InputError {
  try {
    loadExperiment(file);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('loaded without an error');
}

afterEach(() => setLang('en'));

describe('control_variates: validation', () => {
  const ua = uaFixtureYaml('games: 100').replace('seed: 12345', 'seed: 12345\ncontrol_variates: true');
  const line = ua.split('\n').indexOf('control_variates: true') + 1;

  it('is refused on an engine without controls, naming file:line, in English and in Japanese', () => {
    const file = write(ua);
    const en = refusal(file);
    expect(en.message).toContain(`${file}:${line}:`);
    expect(en.message).toContain('engine urban-assault reports no control variates');
    expect(en.message).toContain('allowed only for engines that do');
    setLang('ja');
    const ja = refusal(file);
    expect(ja.message).toContain(`${file}:${line}:`);
    expect(ja.message).toContain('エンジン urban-assault は制御変量を出力しません');
  });

  it('exits with code 2 from the CLI (validate), in both languages', () => {
    const file = write(ua);
    const r = spawnSync(process.execPath, [BIN, 'validate', file], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${file}:${line}:`);
    expect(r.stderr).toContain('reports no control variates');
    const ja = spawnSync(process.execPath, [BIN, 'validate', file, '--lang', 'ja'], { encoding: 'utf8', timeout: 60_000 });
    expect(ja.status, ja.stderr).toBe(2);
    expect(ja.stderr).toContain('制御変量を出力しません');
  });

  it('off or absent: the experiment is the one without the key (no field; the hash is the bytes of the file)', () => {
    const plain = uaFixtureYaml('games: 100');
    const off = plain.replace('seed: 12345', 'seed: 12345\ncontrol_variates: false');
    const a = loadExperiment(write(plain)), b = loadExperiment(write(off));
    expect('controlVariates' in a).toBe(false);
    expect('controlVariates' in b).toBe(false);
    expect(a.hash).toBe(createHash('sha256').update(plain).digest('hex'));
    expect(JSON.stringify(b.compiled)).toBe(JSON.stringify(a.compiled));
    expect(() => loadExperiment(write(plain.replace('seed: 12345', 'seed: 12345\ncontrol_variates: 1')))).toThrow(InputError);
  });

  it('is accepted on an engine with controls, and refused with solve:, search: or tune: (their races would not play it)', () => {
    registerCvDice();
    const dice = [`game: ${CV_DICE_ID}`, 'control_variates: true', 'stop: { games: 100 }', 'variants:', '  - { name: t29, threshold: 29, baseline: true }', '  - { name: t30, threshold: 30 }', ''].join('\n');
    expect(loadExperiment(write(dice)).controlVariates).toBe(true);
    for (const section of ['solve', 'search', 'tune']) {
      const e = refusal(write(`${dice}${section}: {}\n`));
      expect(e.message).toMatch(/:2: control_variates: control_variates: true is not applied by/);
      expect(e.message).toContain(`${section}:`);
    }
  });
});
