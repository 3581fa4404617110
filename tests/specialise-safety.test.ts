// Issue 44: what the specialised fast path may write into generated code, and the names it resolves.
// 1. Hostile labels and names (code, quotes, template markers, prototype keys) in an experiment never reach the
//    generated source: every string literal in it is one of the general methods' own, and none of the hostile texts
//    appears anywhere in it.
// 2. The module-level names the partial evaluator resolves (UA_SCOPE) are the ones the rule modules mean: no rule
//    module has a private name, or an import under another name, that UA_SCOPE would resolve to a different value.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { InputError } from '../src/sim/input/input-error.js';
import { UA_SCOPE } from '../src/rules/urban-assault/specialise.js';
import { isSafeName } from '../src/sim/core/partial-eval.js';
import { randomStream, randomUaExperiment } from './helpers/ua-random-experiment.js';
import { specialiseDiff } from './helpers/specialise-diff.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
function strings(src: string, sourceType: 'script' | 'module'): Set<string> {
  const out = new Set<string>();
  const walk = (n: any): void => {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'Literal' && typeof n.value === 'string') out.add(n.value);
    if (n.type === 'TemplateElement') out.add(n.value.cooked);
    for (const k of Object.keys(n)) { const v = n[k]; if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v.type === 'string') walk(v); }
  };
  walk(parse(src, { ecmaVersion: 2022, sourceType, allowReturnOutsideFunction: true }));
  return out;
}

/** The compiled rule modules (dist/rules/urban-assault), but specialise.js: it holds no runner method, and imports the modules as namespaces to build the scope itself. */
function ruleFiles(): string[] {
  const files: string[] = [];
  const list = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) list(p);
      else if (f.endsWith('.js') && f !== 'specialise.js') files.push(p);
    }
  };
  list(resolve('dist/rules/urban-assault'));
  return files;
}

const HOSTILE = ['"); globalThis.pwned = 1; ("', "'+process.exit(3)+'", '${globalThis.pwned=1}', '`;throw 1;`', '__proto__', 'constructor',
  '</script><script>alert(1)</script>', '\\u0022\\u0029', 'x\u2028y', '玉砕 */ throw 1 /*'];

describe('specialised code: numbers and validated identifiers, never an input string', () => {
  it('hostile labels and names do not reach the generated source, and the runner still plays the same games', () => {
    const dir = mkdtempSync(join(tmpdir(), 'balance-lab-hostile-specialise-'));
    try {
      const files: string[] = [];
      for (const [i, bad] of HOSTILE.entries()) {
        // The first random draw the compiler accepts (some are refused: purchases beyond the magazines…; a name the
        // reader refuses outright never reaches a runner at all).
        const before = files.length;
        for (let seed = 100 + 50 * i; files.length === before && seed < 100 + 50 * i + 40; seed++) {
          const text = randomUaExperiment(randomStream(seed), bad, bad);
          try {
            const exp = compileExperiment(Source.parse(`/tmp/hostile-${i}.yaml`, text));
            expect(JSON.stringify(exp.compiled)).toContain(JSON.stringify(bad).slice(1, -1));
          } catch (e) {
            if (!(e instanceof InputError)) throw e;
            continue;
          }
          writeFileSync(join(dir, `hostile-${i}.yaml`), text);
          files.push(join(dir, `hostile-${i}.yaml`));
          break;
        }
      }
      expect(files.length).toBeGreaterThanOrEqual(HOSTILE.length - 3);
      const results = specialiseDiff(files, { games: 20, dump: join(dir, 'src') });
      for (const r of results) {
        expect(r.difference).toBeNull();
        expect(r.specialised).toBeGreaterThan(100);
      }
      // Every string literal of the generated code is one of the rule modules' own.
      const original = new Set<string>();
      for (const f of ruleFiles()) for (const x of strings(readFileSync(f, 'utf8'), 'module')) original.add(x);
      const dumps = readdirSync(join(dir, 'src'));
      expect(dumps.length).toBeGreaterThanOrEqual(files.length);
      for (const d of dumps) {
        const src = readFileSync(join(dir, 'src', d), 'utf8');
        for (const bad of HOSTILE) expect(src.includes(bad)).toBe(false);
        expect(src).not.toMatch(/pwned|alert|process\.exit/);
        for (const x of strings(src, 'script')) expect(original.has(x), `a string not from the rules' own code: ${JSON.stringify(x)}`).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('isSafeName refuses anything but plain identifiers', () => {
    for (const ok of ['D', 'END_WIN', 'sgn', '$x']) expect(isSafeName(ok)).toBe(true);
    for (const bad of ['', '1a', 'a-b', 'a b', '__proto__', 'constructor', 'return', 'this', 'x;y', 'é', 'a\u200b']) expect(isSafeName(bad)).toBe(false);
  });
});

describe('UA_SCOPE resolves module-level names as the rule modules do', () => {
  const files = ruleFiles();

  it(`no private name or renamed import in the ${files.length} compiled rule modules is resolved to another value`, async () => {
    expect(files.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const f of files) {
      const ast: any = parse(readFileSync(f, 'utf8'), { ecmaVersion: 2022, sourceType: 'module' });
      for (const st of ast.body) {
        if (st.type === 'ImportDeclaration') {
          if (st.importKind === 'type') continue;
          const mod = await import(pathToFileURL(resolve(f, '..', st.source.value)).href);
          for (const sp of st.specifiers) {
            const local = sp.local.name;
            if (!UA_SCOPE.has(local)) continue;
            const value = sp.type === 'ImportNamespaceSpecifier' ? mod : sp.type === 'ImportDefaultSpecifier' ? mod.default : mod[sp.imported.name];
            // The dist modules and the scope's (source) modules are separate instances: compare primitives and shapes.
            const mine = UA_SCOPE.get(local);
            const same = typeof value === 'object' || typeof value === 'function' ? typeof mine === typeof value : Object.is(mine, value);
            if (!same) problems.push(`${f}: import ${local}`);
          }
        } else if (st.type === 'VariableDeclaration' || st.type === 'FunctionDeclaration' || st.type === 'ClassDeclaration') {
          const names = st.type === 'VariableDeclaration' ? st.declarations.flatMap((d: any) => (d.id.type === 'Identifier' ? [d.id.name] : [])) : [st.id.name];
          for (const n of names) if (UA_SCOPE.has(n) && isSafeName(n)) problems.push(`${f}: private ${n} shadows a resolved name`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
