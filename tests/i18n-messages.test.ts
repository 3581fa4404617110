// Issue 26: validation messages in Japanese and English, full-width characters
// where YAML expects ASCII, and the CLI's language from --lang or LANG. The CLI
// runs are the built CLI (dist/, built by global-setup) with an explicit locale.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { InputError } from '../src/sim/input/input-error.js';
import { FULL_WIDTH, findFullWidth } from '../src/sim/input/full-width.js';
import { getLang, setLang, type Lang } from '../src/i18n/index.js';
import { uaFixtureYaml } from './helpers/ua-fixture.js';
import { wrapWide } from '../src/cli/commander-text.js';
import { progressText } from '../src/cli/progress.js';
import { describeStopRule } from '../src/report/stop-rule.js';
import { displayWidth } from '../src/report/display-width.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempFile(name: string, text: string): string {
  const d = mkdtempSync(join(tmpdir(), 'balance-lab-i18n-'));
  dirs.push(d);
  const file = join(d, name);
  writeFileSync(file, text);
  return file;
}

/** Run the CLI with exactly this locale environment (nothing inherited from the caller's). */
function cli(args: string[], locale: Record<string, string>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  Object.assign(env, locale);
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The InputError that parsing `text` throws in `lang`. */
function parseError(text: string, lang: Lang): InputError {
  const before = getLang();
  setLang(lang);
  try {
    Source.parse('exp.yaml', text);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  } finally {
    setLang(before);
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe('full-width characters where YAML expects ASCII', () => {
  // One line per character, each at a position YAML reads as structure: [yaml, char, line, column].
  const cases: [string, string, number, number][] = [
    ['name: x\ngames：100\n', '：', 2, 6],
    ['stop:\n　games: 100\n', '\u3000', 2, 1],
    ['stop:\n  games:\u3000100\n', '\u3000', 2, 9],
    ['games: 100\u3000\n', '\u3000', 1, 11],
    ['seed: １２３\n', '１', 1, 7],
    ['seed: ０\n', '０', 1, 7],
    ['seed: 2\nx: ２\n', '２', 2, 4],
    ['a: ３\n', '３', 1, 4],
    ['a: ４\n', '４', 1, 4],
    ['a: ５\n', '５', 1, 4],
    ['a: ６\n', '６', 1, 4],
    ['a: ７\n', '７', 1, 4],
    ['a: ８\n', '８', 1, 4],
    ['a: ９\n', '９', 1, 4],
    ['variants:\n  － { name: a }\n', '－', 2, 3],
    ['at: [1，2]\n', '，', 1, 7],
    ['at: ［1, 2］\n', '［', 1, 5],
    ['at: [1, 2］\n', '］', 1, 10],
    ['x: ｛a: 1｝\n', '｛', 1, 4],
    ['x: {a: 1｝\n', '｝', 1, 9],
    ['games: 100 ＃ games per variant\n', '＃', 1, 12],
    ['＃ comment\ngames: 1\n', '＃', 1, 1],
    ['value: 0．5\n', '．', 1, 9],
  ];

  it('covers every character the scanner knows', () => {
    expect(new Set([...cases.map((c) => c[1]), '＋'])).toEqual(new Set(Object.keys(FULL_WIDTH)));
  });

  for (const [yaml, char, line, col] of cases) {
    it(`${JSON.stringify(char)} in ${JSON.stringify(yaml.split('\n')[line - 1])}: file:line, the character and its replacement`, () => {
      const ascii = FULL_WIDTH[char];
      const code = char.codePointAt(0)!.toString(16).toUpperCase();
      const en = parseError(yaml, 'en');
      expect(en.line).toBe(line);
      expect(en.message).toContain(`exp.yaml:${line}:`);
      expect(en.message).toContain(`column ${col}: full-width`);
      expect(en.message).toContain(`"${char}" (U+${code})`);
      expect(en.message).toContain(`replace it with "${ascii}"`);
      const ja = parseError(yaml, 'ja');
      expect(ja.message).toContain(`exp.yaml:${line}:`);
      expect(ja.message).toContain(`${col} 文字目`);
      expect(ja.message).toContain(`「${char}」(U+${code})`);
      expect(ja.message).toContain(`半角の「${ascii}」に置き換えてください`);
    });
  }

  it('a full-width plus sign before a number', () => {
    expect(findFullWidth('a: ＋5\n')).toEqual({ line: 1, col: 4, char: '＋', ascii: '+' });
  });

  it('leaves Japanese text alone: quoted strings, plain values, comments and block scalars', () => {
    const ok = [
      'label: "注意：重要"', "label: '１，２'", 'label: 注意：重要', 'name: 砂漠　戦', 'note: ４人',
      'a: 1 # 全角：コロン　と　１２３', 'x: [a, "b，c"]', 'text: |\n  games：100\n  　１２\nx: 1', '- { name: 軍票, label: 弾倉 ３ 個 }',
    ];
    for (const text of ok) expect(findFullWidth(text), text).toBeNull();
  });

  it('finds nothing in any shipped experiment, scenario or template', () => {
    const files = spawnSync('git', ['ls-files', '*.yaml', '*.yml'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim().split('\n');
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) expect(findFullWidth(readFileSync(join(ROOT, f), 'utf8')), f).toBeNull();
  });
});

describe('validation errors in the chosen language', () => {
  const bad = uaFixtureYaml('games: 200').replace('  magazines: 8', '  magazines: 8\n  magzines: 3');

  it('--lang ja: the unknown key, the allowed keys and the line, in Japanese; exit 2', () => {
    const file = tempFile('bad.yaml', bad);
    const r = cli(['validate', file, '--lang', 'ja'], { LANG: 'C' });
    expect(r.code, r.stderr).toBe(2);
    const line = bad.split('\n').findIndex((l) => l.includes('magzines')) + 1;
    expect(r.stderr).toContain(`${file}:${line}: squad.magzines: 知らないキー "magzines" です （使える値: `);
    expect(r.stderr).toMatch(/使える値: [^）]*\bmagazines\b/);
    expect(r.stderr).not.toMatch(/unknown key|allowed:/);
  });

  it('--lang en (and no locale): the same error in English, unchanged', () => {
    const file = tempFile('bad.yaml', bad);
    for (const r of [cli(['validate', file, '--lang', 'en'], { LANG: 'ja_JP.UTF-8' }), cli(['validate', file], {})]) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/squad\.magzines: unknown key "magzines" \(allowed: [^)]*\bmagazines\b/);
    }
  });

  it('LANG=ja_JP.UTF-8 makes Japanese the default: a wrong value names the key and the allowed values', () => {
    const file = tempFile('bad.yaml', uaFixtureYaml('games: 200').replace('location: indoor', 'location: inside'));
    const r = cli(['validate', file], { LANG: 'ja_JP.UTF-8' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/engagement\.location: 知らない値 "inside" です （使える値: [^）]*indoor/);
  });

  it('LC_ALL overrides LANG, as POSIX says', () => {
    const file = tempFile('bad.yaml', bad);
    const r = cli(['validate', file], { LANG: 'ja_JP.UTF-8', LC_ALL: 'en_US.UTF-8' });
    expect(r.stderr).toContain('unknown key "magzines"');
  });

  it('a number out of range names the range in Japanese', () => {
    const file = tempFile('bad.yaml', uaFixtureYaml('games: 0'));
    const r = cli(['validate', file], { LANG: 'ja_JP.UTF-8' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/stop\.games: 0 は最小値より小さいです （使える値: 整数 ≥ 1/);
  });

  it('a full-width colon typed into an experiment: the line and what to type, in Japanese', () => {
    const file = tempFile('fw.yaml', uaFixtureYaml('games: 200').replace('seed: 12345', 'seed：12345'));
    const r = cli(['validate', file], { LANG: 'ja_JP.UTF-8' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${file}:4: 5 文字目: YAML では半角が必要な所に全角のコロン「：」(U+FF1A) があります。半角の「:」に置き換えてください`);
  });

  it('the help of a command and a success line speak Japanese under --lang ja', () => {
    const help = cli(['run', '--help', '--lang', 'ja'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('実験をシミュレートし');
    const file = tempFile('ok.yaml', uaFixtureYaml('games: 200'));
    const ok = cli(['validate', file, '--lang', 'ja'], {});
    expect(ok.stdout).toBe(`ok: ${file}（urban-assault、バリアント 3 個）\n`);
    const en = cli(['validate', file], {});
    expect(en.stdout).toBe(`ok: ${file} (urban-assault, 3 variants)\n`);
  });
});

describe('words inside messages and printed lines', () => {
  it('describe() names what it found in the chosen language', () => {
    for (const [lang, text] of [['en', 'expected a mapping, got a list'], ['ja', 'マッピング（キー: 値）が必要ですが、リスト です']] as const) {
      const before = getLang();
      setLang(lang);
      try {
        const root = Source.parse('exp.yaml', 'stop: [1]\n').root();
        expect(() => root.key('stop').object(['games'])).toThrow(text);
      } finally {
        setLang(before);
      }
    }
  });

  it('the progress line and the stopping rule in Japanese; summary.json keeps the English rule', () => {
    const before = getLang();
    setLang('ja');
    try {
      const line = progressText({ gamesDone: 4000, gamesPlanned: 10_000, gamesPerSecond: 2000, halfWidth: 0.0123, elapsedSeconds: 2 }, { variants: 2 });
      expect(line).toContain('バリアントごとに 4,000/10,000 ゲーム（40%）');
      expect(line).toContain('毎秒 2,000 ゲーム');
      expect(line).toContain('残り 6秒');
      expect(describeStopRule({ kind: 'games', games: 500 })).toBe('バリアントごとに固定 500 ゲーム');
      expect(describeStopRule({ kind: 'games', games: 500 }, 'en')).toBe('fixed 500 games per variant');
    } finally {
      setLang(before);
    }
  });
});

describe("commander's own words", () => {
  // Parse errors: tests/cli-parse-lang.test.ts.
  it('help headings in Japanese, and Japanese help text wraps within the width', () => {
    const help = cli(['check', '--help', '--lang', 'ja'], { COLUMNS: '80' });
    expect(help.stdout).toMatch(/^使い方: balance-lab check/);
    expect(help.stdout).toContain('\nオプション:\n');
    expect(help.stdout).toContain('\n引数:\n');
    for (const line of help.stdout.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    expect(wrapWide('実験をシミュレートし、結果 folder を書き出す', 12, displayWidth)).toBe('実験をシミュ\nレートし、結\n果 folder を\n書き出す');
  });
});

describe('README.ja.md', () => {
  /** The commands of a README's first code block (comments stripped). */
  const commands = (file: string): string[] => {
    const block = /```\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, file), 'utf8'))![1];
    return block.split('\n').map((l) => l.replace(/#.*$/, '').trim()).filter((l) => l !== '');
  };

  it('opens with the same set-up and the same three commands as README.md, which links to it', () => {
    expect(commands('README.md')).toHaveLength(3);
    expect(commands('README.ja.md')).toEqual(commands('README.md'));
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(README.ja.md)');
    expect(readFileSync(join(ROOT, 'README.ja.md'), 'utf8')).toMatch(/[ぁ-ん]/);
  });
});
