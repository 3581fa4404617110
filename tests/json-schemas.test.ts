// The published JSON Schemas (issue 42 item 6): schemas/ua-scenario.schema.json (a scenario file or a .md's yaml
// balance-lab block) and schemas/experiment.schema.json. Every shipped scenario and experiment validates against them
// (tests/helpers/json-schema.ts, the draft 2020-12 subset they use), and they keep in step with the compilers: every
// mapping a compiler validates (each Cursor.object call while compiling the shipped files, the test fixture with the
// keys no shipped scenario uses, and a drafted block with the v1.01 template's anchors) is, at the same path, a closed
// object schema whose properties are exactly the keys the compiler allows — a key added to one and not the other
// fails here.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { Cursor, Source } from '../src/sim/input/schema.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { parseMarkdownScenario } from '../src/rules/urban-assault/scenario/markdown.js';
import { splitTargets } from '../src/sim/input/targets-spec.js';
import { draftScenario } from '../src/rules/urban-assault/scenario/draft.js';
import { objectSchemasAt, validate, type Schema } from './helpers/json-schema.js';

const SCENARIO = JSON.parse(readFileSync('schemas/ua-scenario.schema.json', 'utf8')) as Schema;
const EXPERIMENT = JSON.parse(readFileSync('schemas/experiment.schema.json', 'utf8')) as Schema;
const SCENARIO_FILES = readdirSync('scenarios/urban-assault').map((f) => `scenarios/urban-assault/${f}`);
const EXPERIMENT_FILES = readdirSync('experiments').map((f) => `experiments/${f}`);
/** Keys read before the compiler sees the document: `targets` (split off by targets-spec.ts for run, check, validate). */
const READ_BEFORE = ['targets'];

/** Every mapping of `file` that `run` validates (not those of the files it reads in turn): its path and the keys allowed there. */
function validatedMappings(file: string, run: () => void): { path: (string | number)[]; allowed: string[] }[] {
  const out: { path: (string | number)[]; allowed: string[] }[] = [];
  const seen = new Set<string>();
  const orig = Cursor.prototype.object;
  Cursor.prototype.object = function (this: Cursor, allowed: readonly string[], required?: readonly string[]) {
    // A mapping checked twice (an encounter: all its keys, then the shared ones) is of the first, wider kind.
    const at = this.parts.join('\u0000');
    if (this.source.file === file && !seen.has(at)) { seen.add(at); out.push({ path: [...this.parts], allowed: [...allowed] }); }
    return orig.call(this, allowed, required) as never;
  } as typeof orig;
  try { run(); } finally { Cursor.prototype.object = orig; }
  return out;
}

/** The draft of the test fixture with every map result filled: a block using the v1.01 template's anchors. */
function draftedDoc(): Record<string, any> {
  const d = draftScenario('draft-sample.md', readFileSync('tests/fixtures/markdown/draft-sample.md', 'utf8'));
  const doc = parse(d.yaml.split('\n').slice(1, -2).join('\n')) as Record<string, any>;
  for (const c of [23, 31, 32, 33]) doc.tiles[c] = { name: 'x', location: 'outdoor', nothing: true };
  doc.triggers = [{ at: 'tile_enter', effects: ['nothing'], rule_id: 'DS-R1', logic_authority: 'mixed' }];
  return doc;
}

function compareKeys(schema: Schema, doc: unknown, path: (string | number)[], allowed: string[], where: string): string[] {
  const objs = objectSchemasAt(schema, schema, doc, path).filter((o) => o.additionalProperties === false);
  if (objs.length === 0) return [`${where} ${path.join('.') || '(top)'}: no closed object schema here (the compiler allows ${allowed.join(', ')})`];
  const want = [...allowed].sort().join(',');
  return objs.some((o) => Object.keys(o.properties as object).filter((k) => !READ_BEFORE.includes(k) || allowed.includes(k)).sort().join(',') === want) ? []
    : [`${where} ${path.join('.') || '(top)'}: the schema has ${objs.map((o) => Object.keys(o.properties as object).sort().join(',')).join(' | ')}; the compiler allows ${want}`];
}

describe('published JSON Schemas', () => {
  it('are draft 2020-12 documents with an id', () => {
    for (const s of [SCENARIO, EXPERIMENT] as Record<string, unknown>[]) {
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(String(s.$id)).toMatch(/schemas\/[a-z-]+\.schema\.json$/);
    }
  });

  it('every shipped scenario, the kitchen-sink fixture and the Markdown fixture validate against the scenario schema', () => {
    for (const f of [...SCENARIO_FILES, 'tests/fixtures/ua-kitchen-sink.yaml']) expect(validate(SCENARIO, SCENARIO, parse(readFileSync(f, 'utf8'))), f).toEqual([]);
    const md = parseMarkdownScenario('training.md', readFileSync('tests/fixtures/markdown/training.md', 'utf8'));
    expect(validate(SCENARIO, SCENARIO, md.root.value)).toEqual([]);
    expect(validate(SCENARIO, SCENARIO, draftedDoc())).toEqual([]);
  });

  it('every shipped experiment validates against the experiment schema', () => {
    expect(EXPERIMENT_FILES.length).toBeGreaterThan(30);
    for (const f of EXPERIMENT_FILES) expect(validate(EXPERIMENT, EXPERIMENT, parse(readFileSync(f, 'utf8'))), f).toEqual([]);
  });

  it('refuses what the compilers refuse: an unknown key, a wrong word, a bad count', () => {
    const tut = parse(readFileSync('scenarios/urban-assault/tutorial-01-port.yaml', 'utf8'));
    const bad = (change: (d: any) => void) => { const d = structuredClone(tut); change(d); return validate(SCENARIO, SCENARIO, d); };
    expect(bad((d) => { d.tiles[11].colour = 'red'; }).length).toBeGreaterThan(0);
    expect(bad((d) => { d.tiles[11].encounter.reaction['3-4'] = 'angry'; }).length).toBeGreaterThan(0);
    expect(bad((d) => { d.tiles[11].encounter.enemies[0].count = '1d4'; }).length).toBeGreaterThan(0);
    expect(bad((d) => { d.tiles[11].logic_authority = 'both'; }).length).toBeGreaterThan(0);
    expect(validate(EXPERIMENT, EXPERIMENT, { game: 'urban-assault', variants: [{ name: 'a' }], engagment: {} }).length).toBeGreaterThan(0);
  });

  it('the scenario schema allows exactly the keys the compiler allows, at every mapping it validates', () => {
    const problems: string[] = [];
    let n = 0;
    const docs: [string, unknown][] = [...SCENARIO_FILES, 'tests/fixtures/ua-kitchen-sink.yaml'].map((f) => [f, parse(readFileSync(f, 'utf8'))]);
    docs.push(['drafted block', draftedDoc()]);
    for (const [f, doc] of docs) {
      const src = Source.parse('x.yaml', JSON.stringify(doc));
      const ms = validatedMappings('x.yaml', () => compileScenario(splitTargets(new Cursor(src, [], doc)).root));
      n += ms.length;
      for (const m of ms) problems.push(...compareKeys(SCENARIO, doc, m.path, m.allowed, f));
    }
    expect(n).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });

  it('the experiment schema allows exactly the keys the compilers allow at the top level, stop and sweep, for every engine', () => {
    const problems: string[] = [];
    const games = new Set<string>();
    for (const f of EXPERIMENT_FILES) {
      const doc = parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
      games.add(String(doc.game));
      const ms = validatedMappings(f, () => loadExperiment(f)).filter((m) => m.path.length === 0 || (m.path.length === 1 && ['stop', 'sweep'].includes(String(m.path[0]))));
      for (const m of ms) problems.push(...compareKeys(EXPERIMENT, doc, m.path, m.allowed, f));
    }
    expect([...games].sort()).toEqual(['axis-allies-miniatures', 'chojin-locke', 'if-battle', 'robot-skirmish', 'urban-assault']);
    expect(problems).toEqual([]);
  });
});
