#!/usr/bin/env node
/**
 * Issue 44 item 4 on the four engines that have no specialised path (A&A Miniatures, robot skirmish, 超人ロック, IF):
 * does partial evaluation (src/sim/core/partial-eval.ts, as URBAN ASSAULT uses it) pay on them? On the built engine
 * (dist/, names intact), for each engine's bench case and each shipped experiment of that engine given:
 *
 * - the runner class chain is specialised with what may be assumed of every runner of these engines — the replay log
 *   is absent (`log`), the game and variant definitions are read-only configuration (`g`, `v`, `def`, `variant`) —
 *   and a scope derived from the chain's own modules: each module's imports, resolved to their values, and its own
 *   exports; a name that any of them declares privately, or that two of them bind differently, is left out (so a
 *   method using it stays general: a gap costs speed, never correctness);
 * - every variant's game records are compared game by game with the general runner's (scripts/lib/same-games.mjs);
 * - the process's CPU time per game in-process (on a shared machine CPU time moves less with the load than wall time),
 *   general (G) and specialised (S) runners built once, warmed up, then timed in alternating batches (G S, S G, …) of
 *   the same games, so both see the same load: the ratio G ÷ S of each pair (> 1: the specialised runner is faster)
 *   and their median.
 *
 * One JSON line per case: { engine, case, variants, games, modules (the chain's), specialised (methods rewritten),
 * general (left general, with why), constants (fields folded), difference (null: every game identical), ratio (median
 * G ÷ S), pairs (each pair's), by_variant (each variant's G ÷ S over all pairs) }.
 *
 *   node scripts/specialise-engines.mjs [--games N] [--pairs P] [--bench-only] [--engines a,b] [FILE…]
 *     --games N   games per variant of each timed batch (default 2000); --pairs P   pairs of batches (default 4)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'acorn';
import { installDistPlatform } from './lib/platform.mjs';
import { firstDifference } from './lib/same-games.mjs';

const dist = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const imp = (p) => import(pathToFileURL(join(dist, p)).href);
await installDistPlatform(dist);
const { loadExperiment } = await imp('sim/experiment/load.js');
const { getEngine, engines } = await imp('registry.js');
const { GameRecord } = await imp('sim/core/types.js');
const { RngDice } = await imp('sim/core/dice.js');
const { STREAM_DICE, STREAM_POLICY } = await imp('sim/core/streams.js');
const { specialiseClass, isSafeName } = await imp('sim/core/partial-eval.js');

const args = process.argv.slice(2);
let games = 2000, pairs = 4, benchOnly = false, only = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--games') games = Number(args[++i]);
  else if (args[i] === '--pairs') pairs = Number(args[++i]);
  else if (args[i] === '--bench-only') benchOnly = true;
  else if (args[i] === '--engines') only = args[++i].split(',');
  else files.push(args[i]);
}

/** The module-level names of one built module: its imports (resolved) and its own declarations (exported: known). */
async function moduleNames(file) {
  const src = readFileSync(file, 'utf8');
  const prog = parse(src, { ecmaVersion: 2022, sourceType: 'module' });
  const self = await import(pathToFileURL(file).href);
  const known = new Map();
  const hidden = new Set();
  for (const n of prog.body) {
    if (n.type === 'ImportDeclaration') {
      const from = await import(new URL(n.source.value, pathToFileURL(file)).href);
      for (const s of n.specifiers) {
        if (s.type === 'ImportNamespaceSpecifier') known.set(s.local.name, from);
        else if (s.type === 'ImportDefaultSpecifier') known.set(s.local.name, from.default);
        else known.set(s.local.name, from[s.imported.name]);
      }
      continue;
    }
    const decl = n.type === 'ExportNamedDeclaration' ? n.declaration : n;
    const names = [];
    if (decl?.type === 'VariableDeclaration') {
      for (const d of decl.declarations) {
        if (d.id.type === 'Identifier') {
          // A private `const N = 512` (or −1, true): its value is the literal.
          const lit = d.init?.type === 'Literal' ? d.init : d.init?.type === 'UnaryExpression' && d.init.operator === '-' && d.init.argument.type === 'Literal' ? d.init.argument : null;
          if (decl.kind === 'const' && n.type !== 'ExportNamedDeclaration' && lit && (typeof lit.value === 'number' || typeof lit.value === 'boolean')) {
            known.set(d.id.name, d.init.type === 'Literal' ? lit.value : -lit.value);
          } else names.push(d.id.name);
        } else if (d.id.type === 'ObjectPattern' && decl.kind === 'const' && d.init?.type === 'Identifier' && known.has(d.init.name)) {
          // `const { A, B } = Ns` of an imported namespace: each name is that module's export.
          const ns = known.get(d.init.name);
          for (const q of d.id.properties) {
            if (q.type === 'Property' && !q.computed && q.key.type === 'Identifier' && q.value.type === 'Identifier' && Object.getOwnPropertyDescriptor(ns, q.key.name)) known.set(q.value.name, ns[q.key.name]);
            else hidden.add(q.value?.name ?? '*');
          }
        } else hidden.add('*');
      }
    }
    else if (decl?.type === 'FunctionDeclaration' || decl?.type === 'ClassDeclaration') names.push(decl.id.name);
    for (const x of names) {
      // Only an exported binding's value is readable from outside; `export { a as b }` lists are resolved below.
      // A `let` or `var` may change while playing: its value is never assumed.
      if (n.type === 'ExportNamedDeclaration' && x in self && !(decl.type === 'VariableDeclaration' && decl.kind !== 'const')) known.set(x, self[x]);
      else hidden.add(x);
    }
  }
  return { known, hidden };
}

/** The scope of a class chain's methods: the union of its modules' names, less every name hidden or bound differently. */
async function chainScope(instance, candidates) {
  const files = new Set();
  for (let p = Object.getPrototypeOf(instance); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const cls = p.constructor;
    // Which built module of the engine's folder defines this class: the one that exports it.
    for (const f of candidates) {
      const m = await import(pathToFileURL(f).href);
      if (Object.values(m).includes(cls)) files.add(f);
    }
  }
  const scope = new Map();
  const bad = new Set();
  for (const f of files) {
    const { known, hidden } = await moduleNames(f);
    for (const h of hidden) bad.add(h);
    for (const [k, v] of known) {
      if (scope.has(k) && scope.get(k) !== v) bad.add(k);
      scope.set(k, v);
    }
  }
  for (const b of bad) scope.delete(b);
  for (const k of [...scope.keys()]) if (!isSafeName(k)) scope.delete(k);
  return { scope, modules: [...files].map((f) => f.slice(dist.length + 1)) };
}

const FACTS = { nullFields: ['log'], configFields: ['g', 'v', 'def', 'variant'] };

/**
 * Variant i's runner of the specialised class `cls`, built by its runner class's own constructor with the arguments a
 * fresh general runner keeps (every one of these engines' runners is constructed from (game definition, variant,
 * policies) and keeps them as fields), as the engine itself would build it: `Reflect.construct(Runner, args, cls)`.
 * Only one class is generated per case: the JavaScript engine compiles identical generated sources to shared code, so
 * a second class of the same source in the process would make the first one's call sites polymorphic.
 */
function construct(fresh, cls) {
  return Reflect.construct(fresh.constructor, [fresh.def ?? fresh.g, fresh.variant ?? fresh.v, fresh.policies], cls);
}

function timeGames(runner, rec, seed, from, n) {
  const dice = new RngDice(), pdice = new RngDice();
  const t0 = process.cpuUsage(); // timing only
  for (let i = from; i < from + n; i++) {
    dice.resetStream(seed, i, STREAM_DICE);
    pdice.resetStream(seed, i, STREAM_POLICY);
    rec.clear();
    runner.play(dice, pdice, rec, null);
  }
  const t = process.cpuUsage(t0); // timing only
  return (t.user + t.system) / 1e6;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

async function measure(engine, label, game, variants, seed) {
  const spec = engine.metrics(game);
  const generals = variants.map((v) => engine.createRunner(game, v));
  const dir = join(dist, 'rules', engine.id);
  const { scope, modules } = await chainScope(generals[0], readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)));
  const make = (i) => engine.createRunner(game, variants[i]);
  // The variants specialised together into one class (what folds is what they share), as a run builds them.
  const pe = specialiseClass(generals, { ...FACTS, scope });
  const fast = generals.map((_, i) => construct(make(i), pe.cls));
  const lib = { GameRecord, RngDice, STREAM_DICE, STREAM_POLICY };
  let difference = null;
  for (let i = 0; i < variants.length && difference === null; i++) {
    const d = firstDifference(lib, seed, spec, make(i), construct(make(i), pe.cls), Math.min(games, 500));
    if (d) difference = `variant ${i} ${d}`;
  }
  // Timing: every variant's game i in turn, as a chunk plays them; G and S alternate per pair on the same games.
  const recs = variants.map(() => new GameRecord({ ...spec, controls: [] }));
  const perVariant = variants.map(() => [0, 0]);
  const play = (runners, from) => {
    let s = 0;
    for (let k = 0; k < runners.length; k++) {
      const t = timeGames(runners[k], recs[k], seed, from, games);
      perVariant[k][runners === fast ? 1 : 0] += t;
      s += t;
    }
    return s;
  };
  play(generals, 0); play(fast, 0); // warm-up
  const ratios = [];
  for (let p = 0; p < pairs; p++) {
    const from = (p + 1) * games;
    let g, s;
    if (p % 2 === 0) { g = play(generals, from); s = play(fast, from); } else { s = play(fast, from); g = play(generals, from); }
    ratios.push(g / s);
  }
  return {
    engine: engine.id, case: label, variants: variants.length, games, modules,
    specialised: pe.specialised.length, general: pe.general, constants: pe.constants, difference,
    ratio: median(ratios), pairs: ratios.map((r) => Number(r.toFixed(3))), by_variant: perVariant.map(([g, f]) => Number((g / f).toFixed(3))),
  };
}

for (const engine of engines) {
  if (engine.id === 'urban-assault' || (only && !only.includes(engine.id))) continue;
  const bc = engine.benchCase();
  console.log(JSON.stringify(await measure(engine, 'bench case', bc.game, [bc.variant], 1)));
  if (benchOnly) continue;
  for (const file of files) {
    const exp = loadExperiment(file, {});
    if (exp.engine !== engine.id) continue;
    console.log(JSON.stringify(await measure(getEngine(exp.engine), file.replace(/^.*\//, ''), exp.compiled.game, exp.compiled.variants.map((v) => v.params), exp.seed)));
  }
}
