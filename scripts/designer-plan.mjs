#!/usr/bin/env node
/**
 * The designer's test plan in one command (issue 41; docs/designer-plan.md): `npm run plan`.
 *
 * Runs the plan's experiments — Black Sun (plan-blacksun, plan-blacksun-knob), the desk check (plan-td1-desk) and,
 * for every Tactical Drill scenario file `tutorial-*.yaml` in the scenarios folder, the drill plan and the knob sweep
 * (plan-td1 and plan-td1-knob with that scenario) — then writes README.md (Japanese) and README.en.md (English).
 * A drill's text for core 1.01 is a file ending in `-v1.01.yaml` beside the 2026-05-09 one, or a file whose
 * `core_version` is v1.01-2026-10 (a drill written only for 1.01 is played under the v1.01 rules alone).
 * A new drill (Tactical Drill 02) is one more scenario file: nothing else changes. Needs `npm run build`.
 *
 *   node scripts/designer-plan.mjs [--games N] [--workers W] [--scenarios DIR] [--out DIR] [--only drills]
 *
 * --scenarios: where the drills are found (default scenarios/urban-assault); --out: the results folder (default
 * results/designer-plan); --only drills: the drills alone (no desk check, no Black Sun).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, delimiter, join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { deskTables, finalDistribution, knobTables, lapTable, measuresTable, savingsTable } from '../dist/report/designer-plan.js';
import { t } from '../dist/i18n/t.js';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const args = process.argv.slice(2);
const opt = (k) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const OUT = resolve(opt('--out') ?? join(ROOT, 'results', 'designer-plan'));
const dir = resolve(opt('--scenarios') ?? join(ROOT, 'scenarios', 'urban-assault'));
const drillsOnly = opt('--only') === 'drills';
const extra = [...(opt('--games') ? ['--games', opt('--games')] : []), ...(opt('--workers') ? ['--workers', opt('--workers')] : [])];
/** The rule version of the drills' core 1.01 texts. */
const V101 = 'v1.01-2026-10';
/** The drill the drill templates (plan-td1, plan-td1-knob) were written on. */
const TEMPLATE_DRILL = 'tutorial-01-port.yaml';

/** Run one experiment file into OUT/<name>/ and return its summary. */
function run(file, name) {
  const out = join(OUT, name);
  execFileSync(process.execPath, [join(ROOT, 'bin', 'balance-lab.js'), 'run', file, '--out', out, '--quiet', ...extra], {
    stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BALANCE_LAB_SCENARIO_ROOTS: [join(ROOT, 'scenarios'), dir].join(delimiter) },
  });
  const j = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  return j.summary ?? j;
}

/**
 * The Tactical Drills in `dir`: every `tutorial-*.yaml`, grouped by its name without `-v1.01`; `dev` its 2026-05-09
 * text, `v101` its core 1.01 text (the `-v1.01.yaml` file, or a file whose core_version is v1.01); either may be null.
 */
function findDrills() {
  const drills = new Map();
  for (const f of readdirSync(dir).filter((x) => /^tutorial-.*\.yaml$/.test(x)).sort()) {
    const sc = parse(readFileSync(join(dir, f), 'utf8')) ?? {};
    const name = basename(f, '.yaml').replace(/-v1\.01$/, '');
    const d = drills.get(name) ?? { name, dev: null, v101: null, title: name, magazines: {}, v101Title: name, v101Magazines: {} };
    const v101 = f.endsWith('-v1.01.yaml') || sc.core_version === V101;
    d[v101 ? 'v101' : 'dev'] = join(dir, f);
    if (v101) {
      d.v101Title = sc.title ?? name;
      d.v101Magazines = sc.rules?.starting_magazines ?? {};
    }
    if (!v101 || d.dev === null) {
      d.title = sc.title ?? name;
      d.magazines = sc.rules?.starting_magazines ?? {};
    }
    drills.set(name, d);
  }
  return [...drills.values()];
}

/**
 * The experiment `template` played on drill `d` (or any scenario given as one, e.g. Black Sun's v1.01 text for its
 * knob), written into OUT: its 2026-05-09 variants on `d.dev`, its v1.01 variants (those naming a scenario) on
 * `d.v101`; a drill with one text keeps that version's variants (the first one the baseline).
 */
function drillFile(template, d) {
  const doc = parse(readFileSync(join(ROOT, 'experiments', template), 'utf8'));
  doc.name = `${doc.name}-${d.name}`;
  doc.operation.scenario = d.dev ?? d.v101;
  if (!d.dev) doc.rules = V101;
  if (doc.variants) {
    const keep = doc.variants.filter((v) => (v.operation?.scenario ? d.v101 !== null : d.dev !== null));
    for (const v of keep) {
      if (v.operation?.scenario) v.operation.scenario = d.v101;
      // The template's labels name Tactical Drill 01's v1.01 text: another drill's columns say only the version.
      if (basename(doc.operation.scenario) !== basename(TEMPLATE_DRILL) && typeof v.label === 'string') v.label = v.label.replace(/（[^）]*Tactical Drill 01[^）]*）/, '');
    }
    if (keep.length > 0 && !keep.some((v) => v.baseline)) keep[0].baseline = true;
    doc.variants = keep;
  }
  // The knob: the drill's own issues (per difficulty) are points of the sweep too, its NORMAL the baseline.
  const grid = doc.sweep?.grid, key = grid && Object.keys(grid).find((k) => /starting_magazines\.NORMAL$/.test(k));
  if (key) {
    grid[key] = [...new Set([...grid[key], ...Object.values(d.magazines).filter((m) => Number.isInteger(m))])].sort((a, b) => a - b);
    if (Number.isInteger(d.magazines.NORMAL)) doc.sweep.baseline = { [key]: d.magazines.NORMAL };
  }
  mkdirSync(OUT, { recursive: true });
  const out = join(OUT, `.${template.replace('.yaml', '')}-${d.name}.yaml`);
  writeFileSync(out, stringify(doc));
  return out;
}

const page = { ja: [], en: [] };
const both = (f) => { for (const lang of ['ja', 'en']) page[lang].push(...[].concat(f(lang)), ''); };
both((lang) => [`# ${t('plan.title', {}, lang)}`, '', t('plan.intro', {}, lang)]);

for (const d of findDrills()) {
  const { name, title } = d;
  const s = run(drillFile('plan-td1.yaml', d), name);
  const cols = [...(d.dev ? ['dev'] : []), ...(d.v101 ? ['v101'] : [])];
  const items = [['plan.itemAt4', 'no-at4'], ['plan.itemIed', 'no-ied']].map(([item, suffix]) => ({ item, variants: cols.map((c) => `${c}-${suffix}`) }));
  both((lang) => [`## ${t('plan.runHead', { title }, lang)}`, '', t('plan.games', { n: s.variants[0].games, seed: s.seed }, lang), '', ...measuresTable(s, cols, lang, true), '',
    `#### ${t('plan.distHead', {}, lang)}`, '', ...finalDistribution(s, cols, lang), '', `#### ${t('plan.savingsHead', {}, lang)}`, '',
    ...savingsTable(s, items, cols.map((c) => s.variants.find((v) => v.name === c).label), lang)]);
  // The knob on the drill's 2026-05-09 text (its v1.01 text when it has no other), then on its v1.01 text beside it.
  const k = run(drillFile('plan-td1-knob.yaml', d), `${name}-knob`);
  both((lang) => [`## ${t('plan.knobHead', { title }, lang)}`, '', ...knobTables(k, d.magazines, lang)]);
  if (d.dev && d.v101) {
    const k1 = run(drillFile('plan-td1-knob.yaml', { name: `${name}-v101`, dev: null, v101: d.v101, magazines: d.v101Magazines }), `${name}-knob-v101`);
    both((lang) => [`## ${t('plan.knobHead', { title: d.v101Title }, lang)}`, '', ...knobTables(k1, d.v101Magazines, lang)]);
  }
}

if (!drillsOnly) {
  const desk = run(join(ROOT, 'experiments', 'plan-td1-desk.yaml'), 'td1-desk');
  both((lang) => deskTables(desk, lang));

  const bs = run(join(ROOT, 'experiments', 'plan-blacksun.yaml'), 'blacksun');
  const bsTitle = 'Black Sun Protocol';
  both((lang) => [`## ${t('plan.runHead', { title: bsTitle }, lang)}`, '', t('plan.games', { n: bs.variants[0].games, seed: bs.seed }, lang), '',
    ...measuresTable(bs, ['dev-l10', 'v101-l10'], lang, true), '', ...measuresTable(bs, ['dev-l14', 'v101-l14'], lang, true)]);
  for (const v of ['dev-l10', 'v101-l10', 'dev-l14', 'v101-l14']) {
    const label = bs.variants.find((x) => x.name === v)?.label ?? v;
    both((lang) => [`### ${t('plan.lapHead', { title: bsTitle, variant: label }, lang)}`, '', ...lapTable(bs, v, lang)]);
  }
  both((lang) => [`#### ${t('plan.savingsHead', {}, lang)}`, '', ...savingsTable(bs, [
    { item: 'plan.itemAir', variants: ['dev-l10-no-air', 'v101-l10-no-air'] }, { item: 'plan.itemFrag', variants: ['dev-l10-no-frag', 'v101-l10-no-frag'] },
    { item: 'plan.itemAt4', variants: ['dev-l10-no-at4', 'v101-l10-no-at4'] }, { item: 'plan.itemIed', variants: ['dev-l10-no-ied', 'v101-l10-no-ied'] },
  ], ['dev-l10', 'v101-l10'].map((c) => bs.variants.find((v) => v.name === c).label), lang)]);
  const bk = run(join(ROOT, 'experiments', 'plan-blacksun-knob.yaml'), 'blacksun-knob');
  const bsc = parse(readFileSync(join(ROOT, 'scenarios', 'urban-assault', 'blacksun-01.yaml'), 'utf8'));
  both((lang) => [`## ${t('plan.knobHead', { title: bsTitle }, lang)}`, '', ...knobTables(bk, bsc.rules?.starting_magazines ?? {}, lang)]);
  // The same knob under v1.01 (Black Sun's core 1.01 text), on common dice with the other points.
  const bs101 = join(ROOT, 'scenarios', 'urban-assault', 'blacksun-01-v1.01.yaml');
  const bsc101 = parse(readFileSync(bs101, 'utf8'));
  const bk1 = run(drillFile('plan-blacksun-knob.yaml', { name: 'v101', dev: null, v101: bs101, magazines: bsc101.rules?.starting_magazines ?? {} }), 'blacksun-knob-v101');
  both((lang) => [`## ${t('plan.knobHead', { title: `${bsTitle} (v1.01)` }, lang)}`, '', ...knobTables(bk1, bsc101.rules?.starting_magazines ?? {}, lang)]);
}

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'README.md'), page.ja.join('\n'));
writeFileSync(join(OUT, 'README.en.md'), page.en.join('\n'));
process.stdout.write(`${join(OUT, 'README.md')}\n`);
