// Issue 29 "Limits": stated limits with clear errors. Written variants (a sweep's combinations: sim-sweep.test.ts),
// the size of an input text and its number of YAML items are refused before anything is compiled or played, with
// the file (and the line where there is one), in English and Japanese; the CLI exits 2 at once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { PACKAGE_ROOT } from '../src/node/package-root.js';
import { MAX_INPUT_FILE_BYTES, MAX_VARIANTS, MAX_YAML_ITEMS } from '../src/sim/input/limits.js';
import { setLang } from '../src/i18n/lang.js';

const FILE = join(PACKAGE_ROOT, 'experiments', 'tutorial-01-difficulty.yaml');
const UA = readFileSync(FILE, 'utf8');
const BIN = join(PACKAGE_ROOT, 'bin', 'balance-lab.js');
const root = mkdtempSync(join(tmpdir(), 'balance-lab-limits-'));
afterAll(() => { rmSync(root, { recursive: true, force: true }); setLang('en'); });

function refused(text: string): InputError {
  try {
    compileExperiment(Source.parse(FILE, text));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return e;
  }
  throw new Error('accepted');
}

/** The experiment with its variants replaced by `n` written ones. */
function withVariants(n: number): string {
  const head = UA.slice(0, UA.indexOf('\nvariants:'));
  const one = (i: number) => `  - name: v${i}\n    leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }\n    operation: { difficulty: EASY }\n`;
  return `${head}\nvariants:\n${Array.from({ length: n }, (_, i) => one(i)).join('')}`;
}

describe('limits', () => {
  it(`more than ${MAX_VARIANTS} written variants are refused at variants:, in English and Japanese`, () => {
    const text = withVariants(MAX_VARIANTS + 1);
    const line = text.split('\n').indexOf('variants:') + 2; // the list's first line
    const e = refused(text);
    expect([e.file, e.line]).toEqual([FILE, line]);
    expect(e.message).toContain(`variants: ${MAX_VARIANTS + 1} variants (at most ${MAX_VARIANTS}; split the question into several experiments)`);
    setLang('ja');
    try {
      expect(refused(text).message).toContain(`${FILE}:${line}:`);
      expect(refused(text).message).not.toContain('split the question');
    } finally {
      setLang('en');
    }
  });

  it(`a text over ${MAX_INPUT_FILE_BYTES} characters, or with more than ${MAX_YAML_ITEMS} lines and commas, is refused before parsing`, () => {
    const big = `${UA}\n# ${'x'.repeat(MAX_INPUT_FILE_BYTES)}\n`;
    expect(refused(big).message).toBe(`${FILE}: ${FILE} is larger than ${MAX_INPUT_FILE_BYTES} bytes`);
    const many = `${UA}\nextra: [${'1,'.repeat(MAX_YAML_ITEMS)}1]\n`;
    expect(refused(many).message).toMatch(new RegExp(`^${FILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ lines and commas \\(at most ${MAX_YAML_ITEMS}\\)$`));
  });

  it('the CLI refuses an oversized experiment file at once: one line, exit 2, nothing written', () => {
    const file = join(root, 'big.yaml');
    writeFileSync(file, `${UA}\n# ${'x'.repeat(MAX_INPUT_FILE_BYTES)}\n`);
    for (const cmd of ['validate', 'run']) {
      const r = spawnSync(process.execPath, [BIN, cmd, file, ...(cmd === 'run' ? ['--out', join(root, 'out')] : [])], { encoding: 'utf8', timeout: 60_000, cwd: root });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('is larger than 2097152 bytes');
    }
    expect(readdirSync(root)).toEqual(['big.yaml']);
  });
});
