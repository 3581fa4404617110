// The shape of src/ as its import graph: no module reaches itself through its
// imports, runtime or type-only (issue 28 item 18: calibrate.ts and solve.ts
// imported each other — the candidate experiment they share now lives in
// src/sim/design/candidate.ts; check/targets.ts ↔ sim/types.ts ↔ sim/summary.ts were a
// type-only circle — RawTarget now lives in src/sim/core/raw-target.ts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under `dir`, relative to the repository. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

/**
 * The relative imports and re-exports in a file's text, resolved to .ts paths. With `types` false, `import type` /
 * `export type` statements are left out (erased when compiled, they cannot make a module load itself); with `types`
 * true they count too (a type-only circle still ties the modules' meaning together: issue 28 item 18).
 */
function importsOf(file: string, text: string, types: boolean): string[] {
  const re = types ? /^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms : /^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms;
  return [...text.matchAll(re)].map((m) => relative('.', resolve(dirname(file), m[1].replace(/\.js$/, '.ts'))));
}

/** The import graph of every .ts file under `dir` (runtime imports only, or type-only ones too). */
function importGraph(dir: string, types = false): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of sources(dir)) g.set(f, importsOf(f, readFileSync(f, 'utf8'), types));
  return g;
}

/** Strongly connected groups of more than one file (Tarjan). */
function cycles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>(), out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

/**
 * The imports (type-only ones too) of a source file that reach into src/policies: the rules define the policy contract
 * and never import a policy (issue 28 item 17; docs/architecture.md).
 */
function policyImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)) {
    const target = relative('.', resolve(dirname(file), m[1]));
    if (target === join('src', 'policies') || target.startsWith(join('src', 'policies') + '/')) out.push(`${file}: ${m[1]}`);
  }
  return out;
}

/** Engines whose rules folder is free of policy imports (each engine joins when its contract has moved). */
const RULES_WITHOUT_POLICIES = ['urban-assault', 'robot-skirmish', 'axis-allies-miniatures', 'chojin-locke', 'if-battle'];

describe('rules never import policies', () => {
  it('finds a policy import, type-only or not (the check can fail)', () => {
    const f = join('src', 'rules', 'urban-assault', 'x.ts');
    expect(policyImports(f, "import type { UaPolicy } from '../../policies/urban-assault/policy.js';")).toHaveLength(1);
    expect(policyImports(f, "import {\n  UA_POLICIES,\n} from '../../policies/urban-assault/index.js';")).toHaveLength(1);
    expect(policyImports(f, "import { D_COVER } from './decisions.js';")).toEqual([]);
  });
  for (const game of RULES_WITHOUT_POLICIES) {
    it(`src/rules/${game} imports nothing from src/policies`, () => {
      const found = sources(join('src', 'rules', game)).flatMap((f) => policyImports(f, readFileSync(f, 'utf8')));
      expect(found).toEqual([]);
    });
  }
});

describe('src import graph', () => {
  const g = importGraph('src');
  it('reads the imports (calibrate.ts uses the shared candidate module)', () => {
    expect(g.get(join('src', 'sim', 'design', 'calibrate.ts'))).toContain(join('src', 'sim', 'design', 'candidate.ts'));
  });
  it('has no runtime import circle', () => {
    expect(cycles(g)).toEqual([]);
  });
  it('finds a circle, and a type-only import only when types count (the check can fail)', () => {
    const a = join('src', 'sim', 'a.ts'), b = join('src', 'sim', 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b]]);
    const typeOnly = "import type { X } from './b.js';";
    expect(importsOf(a, typeOnly, false)).toEqual([]);
    expect(importsOf(a, typeOnly, true)).toEqual([b]);
    expect(importsOf(a, "export type { Y } from './b.js';", true)).toEqual([b]);
  });
  it('has no import circle counting type-only imports (check/targets ↔ sim/types ↔ sim/summary was one)', () => {
    const all = importGraph('src', true);
    expect(all.get(join('src', 'sim', 'core', 'types.ts'))).toContain(join('src', 'sim', 'core', 'raw-target.ts'));
    expect(cycles(all)).toEqual([]);
  });
});

/**
 * The layers of src/, lowest first (docs/architecture.md, issue 37 item 2). A file may import its own layer or a lower
 * one, never a higher one. src/i18n is the message catalogue beside every layer: anyone may import it, and it imports
 * only itself and the ruling tables whose texts it words (I18N_MAY_IMPORT).
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['src/sim/core', 'src/sim/input'],
  ['src/rules'],
  ['src/policies'],
  ['src/registry.ts'],
  ['src/sim/experiment', 'src/sim/stats'],
  ['src/sim/run', 'src/sim/queue', 'src/node'],
  ['src/sim/design'],
  ['src/report'],
  ['src/check'],
  ['src/bench'],
  ['src/cli', 'src/action', 'src/api'],
];
const I18N_MAY_IMPORT = [/^src\/i18n\//, /^src\/rules\/[a-z-]+\/(catalogue\/)?rulings\.ts$/, /^src\/sim\/core\/ruling-def\.ts$/];

/** The layer index of a source file (-1: src/i18n), or undefined for a file no layer names. */
function layerOf(file: string): number | undefined {
  const f = file.split('\\').join('/');
  if (f.startsWith('src/i18n/')) return -1;
  const i = LAYERS.findIndex((prefixes) => prefixes.some((p) => f === p || f.startsWith(p + '/')));
  return i < 0 ? undefined : i;
}

/** Every import (type-only too) from a lower layer to a higher one, or out of src/i18n beyond its allowance. */
function upwardImports(g: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, tos] of g) {
    const lf = layerOf(from);
    for (const to of tos) {
      const lt = layerOf(to);
      const f = from.split('\\').join('/'), t = to.split('\\').join('/');
      if (lf === -1) {
        if (!I18N_MAY_IMPORT.some((re) => re.test(t))) out.push(`${f} -> ${t}`);
      } else if (lt !== undefined && lt !== -1 && lf !== undefined && lt > lf) out.push(`${f} -> ${t}`);
    }
  }
  return out;
}

describe('layers only point down (docs/architecture.md)', () => {
  const all = importGraph('src', true);
  it('names a layer for every source file outside src/i18n', () => {
    expect([...all.keys()].filter((f) => layerOf(f) === undefined)).toEqual([]);
  });
  it('has no import from a lower layer to a higher one, type-only imports included', () => {
    expect(upwardImports(all)).toEqual([]);
  });
  it('finds an upward import and an i18n import beyond its allowance (the check can fail)', () => {
    const up = new Map([[join('src', 'sim', 'run', 'run.ts'), [join('src', 'report', 'files', 'write-results.ts')]]]);
    expect(upwardImports(up)).toHaveLength(1);
    const down = new Map([[join('src', 'report', 'files', 'write-results.ts'), [join('src', 'sim', 'run', 'run.ts')]]]);
    expect(upwardImports(down)).toEqual([]);
    const i18n = new Map([[join('src', 'i18n', 'areas', 'x.ts'), [join('src', 'sim', 'run', 'run.ts'), join('src', 'rules', 'urban-assault', 'catalogue', 'rulings.ts')]]]);
    expect(upwardImports(i18n)).toEqual(['src/i18n/areas/x.ts -> src/sim/run/run.ts']);
  });
});

/**
 * The Node platform (src/node/: node:fs, node:path, node:crypto, piscina, Vega) is installed by the entry points; the
 * core receives it through src/sim/core/platform.ts and never imports it (issue 37 item 3), so the web app's bundle of
 * the same core needs no stand-in for a Node module. Its layer is the run layer's (it builds the local pool); only the
 * entry points import it: the CLI, the action, the API, and the queue's compile thread (a thread starts with no
 * platform installed; the piscina chunk threads need none: a compiled experiment plays without one).
 */
const NODE_PLATFORM = 'src/node';
const MAY_IMPORT_NODE_PLATFORM = ['src/node', 'src/cli', 'src/action', 'src/api', 'src/sim/queue/compile-thread.ts'];

/** Every import (type-only too) of src/node/ from outside the entry points. */
function nodePlatformImports(g: Map<string, string[]>): string[] {
  const under = (f: string, dir: string): boolean => f === dir || f.startsWith(dir + '/');
  const out: string[] = [];
  for (const [from, tos] of g) {
    const f = from.split('\\').join('/');
    if (MAY_IMPORT_NODE_PLATFORM.some((d) => under(f, d))) continue;
    for (const to of tos) if (under(to.split('\\').join('/'), NODE_PLATFORM)) out.push(`${f} -> ${to.split('\\').join('/')}`);
  }
  return out;
}

describe('the core never imports the Node platform (docs/architecture.md)', () => {
  it('only the entry points import src/node/', () => {
    expect(nodePlatformImports(importGraph('src', true))).toEqual([]);
  });
  it('finds an import of src/node/ from the core (the check can fail)', () => {
    const g = new Map([[join('src', 'sim', 'run', 'run.ts'), [join('src', 'node', 'platform.ts')]], [join('src', 'cli', 'main.ts'), [join('src', 'node', 'platform.ts')]]]);
    expect(nodePlatformImports(g)).toEqual(['src/sim/run/run.ts -> src/node/platform.ts']);
  });
});

/** Folders whose many files are one flat table by design (the message catalogue's areas). */
const FLAT_BY_DESIGN = ['src/i18n/areas'];
/** The most files a folder under src/ holds beside no subfolder (issue 37: "no more than ~25"). */
const MAX_FLAT_FILES = 25;

describe('folders stay small enough to read', () => {
  it(`no folder under src/ holds more than ${MAX_FLAT_FILES} files (the catalogue's areas excepted)`, () => {
    const big: string[] = [];
    const walk = (dir: string): void => {
      const entries = readdirSync(dir);
      const files = entries.filter((e) => statSync(join(dir, e)).isFile());
      const rel = dir.split('\\').join('/');
      if (files.length > MAX_FLAT_FILES && !FLAT_BY_DESIGN.includes(rel)) big.push(`${rel}: ${files.length}`);
      for (const e of entries) if (statSync(join(dir, e)).isDirectory()) walk(join(dir, e));
    };
    walk('src');
    expect(big).toEqual([]);
  });
});
