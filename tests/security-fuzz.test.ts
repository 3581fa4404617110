// Issue 29 "done when": a seeded fuzz of 1,200 mutations of the shipped experiments and scenarios — hostile YAML
// (tags, aliases, prototype keys, deep nesting, long strings), special paths as scenario references (/dev/zero,
// /proc/self/environ, /etc/passwd, builtin:../..) and plain edits (deleted, repeated, changed lines and characters).
// In-process: every case is either refused with an InputError or compiles; no other error (a stack trace, "internal
// error"), no case slower than a bound, no file opened outside the allowed folders (every open of the bounded reader
// is recorded), Object.prototype unchanged. A sample goes through the real CLI (validate and run): exit 0 or 2,
// never "internal error", and no temporary, staging or lock folder left behind. Deterministic: pure-rand, seed 29.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { mutate } from './helpers/fuzz-mutate.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { afterAll, describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { PACKAGE_ROOT } from '../src/node/package-root.js';
import { onBoundedOpen } from '../src/sim/input/scenario-path.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';

const MUTATIONS = 1200;
const CLI_SAMPLE = 8;
const CASE_MS = 8000;
const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-fuzz-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dirs = ['experiments', join('scenarios', 'urban-assault')];
const corpus = dirs.flatMap((d) => readdirSync(join(PACKAGE_ROOT, d)).filter((f) => f.endsWith('.yaml')).sort().map((f) => join(PACKAGE_ROOT, d, f)));
const texts = new Map(corpus.map((f) => [f, readFileSync(f, 'utf8')]));
// The experiments' folder and the data balance-lab ships (scenarios, rule versions).
const allowedRoots = ['experiments', 'scenarios', 'rulesets'].map((d) => join(PACKAGE_ROOT, d)).filter((d) => existsSync(d)).map((d) => realpathSync(d));

/** What `validate` does with a file's text, in-process. */
function validate(file: string, text: string): void {
  const src = Source.parse(file, text);
  const top = src.root().value;
  if (top && typeof top === 'object' && !Array.isArray(top) && 'scenario' in top && 'map' in top && !('game' in top)) compileScenario(src.root());
  else compileExperiment(src);
}

describe('fuzz: hostile and damaged experiment and scenario files', () => {
  it(`${MUTATIONS} mutations: refused or valid, never an internal error, a hang or a read outside the roots`, () => {
    const rng = xoroshiro128plus(29);
    const protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
    const opened: string[] = [];
    onBoundedOpen((p) => opened.push(p));
    const counts = { refused: 0, refusedWithLine: 0, valid: 0, internal: 0 };
    const byKind: Record<string, number> = {};
    const internal: string[] = [];
    let slowest = 0;
    try {
      for (let i = 0; i < MUTATIONS; i++) {
        const file = corpus[uniformInt(rng, 0, corpus.length - 1)];
        const { text, kind } = mutate(rng, texts.get(file)!);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
        const t0 = performance.now();
        try {
          validate(file, text);
          counts.valid++;
        } catch (e) {
          if (e instanceof InputError) {
            counts.refused++;
            if (e.line !== undefined) counts.refusedWithLine++;
            expect(e.message, 'a refusal never quotes /etc/passwd or the environment').not.toMatch(/root:x:0|PATH=\//);
          } else {
            counts.internal++;
            internal.push(`#${i} ${relative(PACKAGE_ROOT, file)} (${kind}): ${(e as Error).stack ?? String(e)}`);
          }
        }
        slowest = Math.max(slowest, performance.now() - t0);
      }
    } finally {
      onBoundedOpen(null);
    }
    const outside = [...new Set(opened)].filter((p) => {
      let real = p;
      try {
        real = realpathSync(p);
      } catch {
        // a path that does not exist was never read
        return false;
      }
      return !allowedRoots.some((d) => !relative(d, real).startsWith('..'));
    });
    console.log(`fuzz: ${MUTATIONS} mutations (${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ')}): ` +
      `${counts.refused} refused (${counts.refusedWithLine} with file:line), ${counts.valid} valid, ${counts.internal} internal errors; ` +
      `slowest case ${Math.round(slowest)} ms; ${opened.length} bounded reads, ${outside.length} outside the allowed folders`);
    expect(internal, internal.slice(0, 3).join('\n\n')).toEqual([]);
    expect(outside).toEqual([]);
    expect(slowest).toBeLessThan(CASE_MS);
    expect(counts.refused + counts.valid).toBe(MUTATIONS);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it(`a sample of ${CLI_SAMPLE} through the CLI: exit 0 or 2, no internal error, nothing half-written`, () => {
    const rng = xoroshiro128plus(2029);
    const codes: number[] = [];
    const experiments = corpus.filter((f) => f.startsWith(join(PACKAGE_ROOT, 'experiments')));
    const project = join(root, 'project');
    mkdirSync(join(project, 'experiments'), { recursive: true });
    cpSync(join(PACKAGE_ROOT, 'scenarios'), join(project, 'scenarios'), { recursive: true });
    for (let i = 0; i < CLI_SAMPLE; i++) {
      const base = experiments[uniformInt(rng, 0, experiments.length - 1)];
      const { text } = mutate(rng, texts.get(base)!);
      // In a copy of the project layout (experiments/ beside scenarios/) so relative scenario paths resolve.
      const f = join(project, 'experiments', `fuzz-${i}.yaml`);
      writeFileSync(f, text);
      try {
        const args = i % 2 === 0 ? ['validate', f] : ['run', f, '--games', '20', '--workers', '0', '--quiet', '--out', join(root, `out-${i}`)];
        const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });
        expect(r.signal, `case ${i} timed out`).toBeNull();
        expect([0, 2], r.stderr).toContain(r.status);
        expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
        codes.push(r.status!);
      } finally {
        rmSync(f, { force: true });
      }
    }
    const left = [...readdirSync(root), ...readdirSync(project)].filter((n) => /\.tmp-|\.staging|\.lock|\.probe-/.test(n));
    console.log(`fuzz CLI sample: ${codes.filter((c) => c === 0).length} exit 0, ${codes.filter((c) => c === 2).length} exit 2, ${left.length} partial folders`);
    expect(left).toEqual([]);
  }, 600_000);
});
