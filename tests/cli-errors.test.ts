// Bad input of every kind: one `balance-lab: …` line on stderr, exit code 2,
// and nothing written. Runs the built CLI (dist/, built by global-setup).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { uaFixtureYaml } from './helpers/ua-fixture.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));

/** A small valid URBAN ASSAULT experiment (the shared fixture; variants plus1, base, minus1). */
const VALID_YAML = uaFixtureYaml('games: 200').replace('name: stub-test', 'name: cli-test');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'balance-lab-cli-'));
  dirs.push(d);
  return d;
}

function writeYaml(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The common expectations of a bad-input failure; returns the one message line. */
function expectInputError(r: ReturnType<typeof cli>, dir: string, before: string[]): string {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.split('\n').filter((l) => l.length > 0);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^balance-lab: \S/);
  expect(lines[0]).not.toMatch(/\bat .*\.js:\d+/); // no stack
  expect(r.stdout).toBe('');
  // Nothing written: the folder holds exactly what it held before (no out/, no results/).
  expect(readdirSync(dir).sort()).toEqual(before.sort());
  expect(existsSync(join(dir, 'out'))).toBe(false);
  return lines[0];
}

describe('balance-lab bad input → one line, exit 2, nothing written', () => {
  it('malformed YAML names file:line', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'broken.yaml', 'name: x\ngame: urban-assault\nvariants: [\n  - {name: a\n');
    const r = cli(['run', file, '--out', join(dir, 'out')], dir);
    const line = expectInputError(r, dir, ['broken.yaml']);
    expect(line).toContain(`${basename(file)}:`);
    expect(line).toMatch(/broken\.yaml:\d+:/);
    expect(line).toMatch(/YAML syntax error/);
  });

  it('unknown top-level key names the key, its line and the allowed keys', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'extra.yaml', VALID_YAML.replace('seed: 12345', 'seed: 12345\nbogus_key: 3'));
    const r = cli(['run', file, '--out', join(dir, 'out')], dir);
    const line = expectInputError(r, dir, ['extra.yaml']);
    expect(line).toContain(`${basename(file)}:5:`);
    expect(line).toContain('bogus_key');
    expect(line).toMatch(/allowed: .*name.*variants/);
  });

  it('unknown engine in `game` lists the registered engines', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'engine.yaml', VALID_YAML.replace('game: urban-assault', 'game: chess'));
    const r = cli(['run', file, '--out', join(dir, 'out')], dir);
    const line = expectInputError(r, dir, ['engine.yaml']);
    expect(line).toContain(`${basename(file)}:3:`);
    expect(line).toContain('game');
    expect(line).toContain('"chess"');
    expect(line).toMatch(/allowed: .*urban-assault/);
  });

  it.each([['-5'], ['abc'], ['1.5'], ['0']])('--games %s is rejected with what is allowed', (value) => {
    const dir = tempDir();
    const file = writeYaml(dir, 'ok.yaml', VALID_YAML);
    const r = cli(['run', file, '--games', value, '--out', join(dir, 'out')], dir);
    const line = expectInputError(r, dir, ['ok.yaml']);
    expect(line).toContain('--games');
    expect(line).toContain(`'${value}'`);
    expect(line).toMatch(/allowed: an integer ≥ 1/);
  });

  it.each([
    [['--workers', '-2'], '--workers'],
    [['--seed', '-1'], '--seed'],
    [['--target-error', 'lots'], '--target-error'],
  ])('other invalid option values (%j)', (args, option) => {
    const dir = tempDir();
    const file = writeYaml(dir, 'ok.yaml', VALID_YAML);
    const r = cli(['run', file, ...args, '--out', join(dir, 'out')], dir);
    const line = expectInputError(r, dir, ['ok.yaml']);
    expect(line).toContain(option);
    expect(line).toMatch(/allowed: (an integer|a number) ≥/);
  });

  it('an unknown option is reported the same way', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'ok.yaml', VALID_YAML);
    const r = cli(['run', file, '--frobnicate', '--out', join(dir, 'out')], dir);
    const line = expectInputError(r, dir, ['ok.yaml']);
    expect(line).toContain("command line: --frobnicate: unknown option for 'run'");
  });

  it('an unknown command is reported the same way', () => {
    const dir = tempDir();
    const r = cli(['rnu', 'x.yaml'], dir);
    const line = expectInputError(r, dir, []);
    expect(line).toContain('command line: rnu: unknown command; did you mean run?');
  });

  it('unknown variant in replay lists the variants', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'ok.yaml', VALID_YAML);
    const r = cli(['replay', file, '--variant', 'nope', '--game', '3'], dir);
    const line = expectInputError(r, dir, ['ok.yaml']);
    expect(line).toContain(basename(file));
    expect(line).toContain('"nope"');
    expect(line).toMatch(/allowed: plus1, base, minus1/);
  });

  it('replay without --variant is reported the same way', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'ok.yaml', VALID_YAML);
    const r = cli(['replay', file, '--game', '3'], dir);
    const line = expectInputError(r, dir, ['ok.yaml']);
    expect(line).toContain('--variant');
  });

  it('a missing file names the file (run and validate)', () => {
    const dir = tempDir();
    const file = join(dir, 'does-not-exist.yaml');
    for (const args of [['run', file, '--out', join(dir, 'out')], ['validate', file]]) {
      const r = cli(args, dir);
      const line = expectInputError(r, dir, []);
      expect(line).toContain(basename(file));
      expect(line).toMatch(/cannot read file \(ENOENT\)/);
    }
  });

  it('without --out, a bad file creates no results/ folder in the working directory', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'extra.yaml', VALID_YAML.replace('seed: 12345', 'seed: 12345\nbogus_key: 3'));
    const r = cli(['run', file], dir);
    expectInputError(r, dir, ['extra.yaml']);
    expect(existsSync(join(dir, 'results'))).toBe(false);
  });

  it('--out that is a file is rejected before simulating', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'ok.yaml', VALID_YAML);
    writeFileSync(join(dir, 'afile'), 'keep me');
    const r = cli(['run', file, '--out', join(dir, 'afile')], dir);
    const line = expectInputError(r, dir, ['ok.yaml', 'afile']);
    expect(line).toContain('--out');
    expect(line).toContain('not a folder');
  });

  it('validate reports a schema error with exit 2', () => {
    const dir = tempDir();
    const file = writeYaml(dir, 'extra.yaml', VALID_YAML.replace('seed: 12345', 'seed: 12345\nbogus_key: 3'));
    const r = cli(['validate', file], dir);
    const line = expectInputError(r, dir, ['extra.yaml']);
    expect(line).toContain('bogus_key');
  });
});

/**
 * Engine-level bad input through the CLI: each case edits the valid fixture,
 * and the one message must name the file, the line, the path and what is allowed.
 */
describe('balance-lab run: bad squads and scenarios → one line naming file:line, path and what is allowed', () => {
  const cases: { what: string; edit: (y: string) => string; line: number; path: string; says: RegExp; allowed: RegExp }[] = [
    {
      what: 'unknown member type',
      edit: (y) => y.replace('  members: { assault: 2 }', '  members: { assault: 2, ninja: 1 }'),
      line: 15, path: 'squad.members.ninja', says: /unknown member type "ninja"/, allowed: /allowed: medic, scout, .*porter/,
    },
    {
      what: 'unknown item in buy',
      edit: (y) => y.replace('buy: [frag_grenade]', 'buy: [railgun]'),
      line: 18, path: 'variants[0].buy[0]', says: /unknown value "railgun"/, allowed: /allowed: SMG, AR, LMG, DMR, /,
    },
    {
      what: 'over-budget purchases',
      edit: (y) => y.replace('buy: [frag_grenade]', 'buy: [LMG, DMR]'),
      line: 18, path: 'variants[0].buy', says: /purchases cost 15 magazines but only 8 are available/, allowed: /allowed: a total cost ≤ 8/,
    },
    {
      what: 'squad over its size',
      edit: (y) => y.replace('  members: { assault: 2 }', '  members: { assault: 8 }'),
      line: 15, path: 'squad.members', says: /8 members exceed the squad size 7/, allowed: /allowed: at most 7 members/,
    },
    {
      what: 'carry limit exceeded',
      edit: (y) => y.replace('buy: [frag_grenade]', 'buy: [frag_grenade, frag_grenade, frag_grenade, frag_grenade, frag_grenade, frag_grenade, frag_grenade, frag_grenade]').replace('  magazines: 8', '  magazines: 30'),
      line: 18, path: 'variants[0].buy', says: /carries 9 items but the carry limit is 7/, allowed: /allowed: at most 7 items/,
    },
    {
      what: 'negative member count',
      edit: (y) => y.replace('  members: { assault: 2 }', '  members: { assault: -1 }'),
      line: 15, path: 'squad.members.assault', says: /-1 is below the minimum/, allowed: /allowed: an integer ≥ 0/,
    },
    {
      what: 'negative enemy count',
      edit: (y) => y.replace('count: 2d3+3', 'count: -2'),
      line: 11, path: 'engagement.enemies[0].count', says: /below the minimum/, allowed: /allowed: an integer ≥ 0/,
    },
    {
      what: 'unknown policy',
      edit: (y) => y.replace('  magazines: 8', '  magazines: 8\n  policy: berserk'),
      line: 17, path: 'squad.policy', says: /unknown value "berserk"/, allowed: /allowed: default, aggressive, conservative, random/,
    },
    {
      what: 'unknown policy parameter',
      edit: (y) => y.replace('  magazines: 8', '  magazines: 8\n  policy_params: { courage: 3 }'),
      line: 17, path: 'squad.policy_params.courage', says: /unknown parameter "courage" for policy default/, allowed: /allowed: retreat_life, /,
    },
    {
      what: 'unknown ruling option',
      edit: (y) => y.replace('seed: 12345', 'seed: 12345\nrulings: { gunner_ammo: lots }'),
      line: 5, path: 'rulings.gunner_ammo', says: /unknown value "lots"/, allowed: /allowed: two-per-round, extra-per-shot/,
    },
    {
      what: 'impossible option: a shield with the two-handed DMR',
      edit: (y) => y.replace('buy: [frag_grenade]', 'buy: [DMR, riot_shield]').replace('  magazines: 8', '  magazines: 20'),
      line: 18, path: 'variants[0].buy', says: /two-handed/, allowed: /allowed: another gun, or no shield/,
    },
  ];
  for (const c of cases) {
    it(c.what, () => {
      const dir = tempDir();
      const text = c.edit(VALID_YAML);
      expect(text).not.toBe(VALID_YAML);
      const file = writeYaml(dir, 'bad.yaml', text);
      const r = cli(['run', file, '--out', join(dir, 'out')], dir);
      const line = expectInputError(r, dir, ['bad.yaml']);
      expect(line).toContain(`${basename(file)}:${c.line}: ${c.path}:`);
      expect(line).toMatch(c.says);
      expect(line).toMatch(c.allowed);
    });
  }
});
