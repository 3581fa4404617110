#!/usr/bin/env node
/**
 * The designer's test plan in one command (issue 41; docs/designer-plan.md): `npm run plan`.
 *
 * Runs the plan's experiments — Black Sun (plan-blacksun, plan-blacksun-knob), the desk check (plan-td1-desk) and,
 * for every Tactical Drill scenario file `scenarios/urban-assault/tutorial-*.yaml` (a file ending in `-v1.01.yaml` is
 * the v1.01 text of the drill of the same name), the drill plan and the knob sweep (plan-td1 and plan-td1-knob with
 * that scenario) — then writes results/designer-plan/README.md (Japanese) and README.en.md (English).
 * A new drill (Tactical Drill 02) is one more scenario file: nothing else changes. Needs `npm run build`.
 *
 *   node scripts/designer-plan.mjs [--games N] [--workers W]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { deskTables, finalDistribution, knobTables, lapTable, measuresTable, savingsTable } from '../dist/report/designer-plan.js';
import { t } from '../dist/i18n/t.js';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const OUT = join(ROOT, 'results', 'designer-plan');
const args = process.argv.slice(2);
const opt = (k) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const extra = [...(opt('--games') ? ['--games', opt('--games')] : []), ...(opt('--workers') ? ['--workers', opt('--workers')] : [])];

/** Run one experiment file into results/designer-plan/<name>/ and return its summary. */
function run(file, name) {
  const out = join(OUT, name);
  execFileSync(process.execPath, [join(ROOT, 'bin', 'balance-lab.js'), 'run', file, '--out', out, '--quiet', ...extra], {
    stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BALANCE_LAB_SCENARIO_ROOTS: join(ROOT, 'scenarios') },
  });
  const j = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  return j.summary ?? j;
}

/** The drill experiment `template` played on scenario `file` (and `v101`, its v1.01 text, or none): a file in OUT. */
function drillFile(template, file, v101, name) {
  const doc = parse(readFileSync(join(ROOT, 'experiments', template), 'utf8'));
  doc.name = `${doc.name}-${name}`;
  doc.operation.scenario = file;
  const keep = [];
  for (const v of doc.variants ?? []) {
    if (v.operation?.scenario) {
      if (!v101) continue; // no v1.01 text of this drill: its v1.01 variants are not played
      v.operation.scenario = v101;
    }
    keep.push(v);
  }
  if (doc.variants) doc.variants = keep;
  mkdirSync(OUT, { recursive: true });
  const out = join(OUT, `.${template.replace('.yaml', '')}-${name}.yaml`);
  writeFileSync(out, stringify(doc));
  return out;
}

const dir = join(ROOT, 'scenarios', 'urban-assault');
const drills = readdirSync(dir).filter((f) => /^tutorial-.*\.yaml$/.test(f) && !f.endsWith('-v1.01.yaml')).sort();
const page = { ja: [], en: [] };
const both = (f) => { for (const lang of ['ja', 'en']) page[lang].push(...[].concat(f(lang)), ''); };
both((lang) => [`# ${t('plan.title', {}, lang)}`, '', t('plan.intro', {}, lang)]);

for (const f of drills) {
  const name = basename(f, '.yaml'), v101 = existsSync(join(dir, `${name}-v1.01.yaml`)) ? join(dir, `${name}-v1.01.yaml`) : null;
  const sc = parse(readFileSync(join(dir, f), 'utf8'));
  const title = sc.title ?? name;
  const s = run(drillFile('plan-td1.yaml', join(dir, f), v101, name), name);
  const cols = ['dev', ...(v101 ? ['v101'] : [])];
  both((lang) => [`## ${t('plan.runHead', { title }, lang)}`, '', t('plan.games', { n: s.variants[0].games, seed: s.seed }, lang), '', ...measuresTable(s, cols, lang), '',
    `#### ${t('plan.distHead', {}, lang)}`, '', ...finalDistribution(s, cols, lang), '', `#### ${t('plan.savingsHead', {}, lang)}`, '',
    ...savingsTable(s, [{ item: 'plan.itemAt4', variants: ['dev-no-at4', 'v101-no-at4'] }, { item: 'plan.itemIed', variants: ['dev-no-ied', 'v101-no-ied'] }], cols.map((c) => s.variants.find((v) => v.name === c).label), lang)]);
  const k = run(drillFile('plan-td1-knob.yaml', join(dir, f), null, name), `${name}-knob`);
  both((lang) => [`## ${t('plan.knobHead', { title }, lang)}`, '', ...knobTables(k, sc.rules?.starting_magazines ?? {}, lang)]);
}

const desk = run(join(ROOT, 'experiments', 'plan-td1-desk.yaml'), 'td1-desk');
both((lang) => deskTables(desk, lang));

const bs = run(join(ROOT, 'experiments', 'plan-blacksun.yaml'), 'blacksun');
const bsTitle = 'Black Sun Protocol';
both((lang) => [`## ${t('plan.runHead', { title: bsTitle }, lang)}`, '', t('plan.games', { n: bs.variants[0].games, seed: bs.seed }, lang), '',
  ...measuresTable(bs, ['dev-l10', 'v101-l10'], lang), '', ...measuresTable(bs, ['dev-l14', 'v101-l14'], lang)]);
for (const v of ['dev-l10', 'v101-l10', 'dev-l14', 'v101-l14']) {
  const label = bs.variants.find((x) => x.name === v)?.label ?? v;
  both((lang) => [`### ${t('plan.lapHead', { title: bsTitle, variant: label }, lang)}`, '', ...lapTable(bs, v, lang)]);
}
both((lang) => [`#### ${t('plan.savingsHead', {}, lang)}`, '', ...savingsTable(bs, [
  { item: 'plan.itemAir', variants: ['dev-l10-no-air', 'v101-l10-no-air'] }, { item: 'plan.itemFrag', variants: ['dev-l10-no-frag', 'v101-l10-no-frag'] },
  { item: 'plan.itemAt4', variants: ['dev-l10-no-at4', 'v101-l10-no-at4'] }, { item: 'plan.itemIed', variants: ['dev-l10-no-ied', 'v101-l10-no-ied'] },
], ['dev-l10', 'v101-l10'].map((c) => bs.variants.find((v) => v.name === c).label), lang)]);
const bk = run(join(ROOT, 'experiments', 'plan-blacksun-knob.yaml'), 'blacksun-knob');
const bsc = parse(readFileSync(join(dir, 'blacksun-01.yaml'), 'utf8'));
both((lang) => [`## ${t('plan.knobHead', { title: bsTitle, }, lang)}`, '', ...knobTables(bk, bsc.rules?.starting_magazines ?? {}, lang)]);

writeFileSync(join(OUT, 'README.md'), page.ja.join('\n'));
writeFileSync(join(OUT, 'README.en.md'), page.en.join('\n'));
process.stdout.write(`${join(OUT, 'README.md')}\n`);
