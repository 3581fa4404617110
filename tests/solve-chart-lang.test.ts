/** The solve report's chart speaks the report's language (issue 26): its titles come from the chart.* area. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyUa } from './helpers/tiny-ua.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-solve-lang-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const EXP = tinyUa('tiny-solve-lang', 'How many starting magazines put the clear rate at 30%?', 6, '1d3+1', `solve:
  value: gauntlet.starting_magazines
  range: [0, 6]
  target: { rate: 0.3 }
  games: { start: 200, max: 800 }
`);

function chartTitles(lang: string): { text: string; subtitle: string } {
  const f = join(root, `e-${lang}.yaml`);
  writeFileSync(f, EXP);
  const out = join(root, `out-${lang}`);
  const r = spawnSync(process.execPath, [BIN, '--lang', lang, 'solve', f, '--out', out, '--quiet', '--workers', '0'], { encoding: 'utf8', timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  const spec = readdirSync(join(out, 'charts')).find((x) => x.endsWith('.vl.json'))!;
  return (JSON.parse(readFileSync(join(out, 'charts', spec), 'utf8')) as { title: { text: string; subtitle: string } }).title;
}

describe('solve chart language', () => {
  it('Japanese with --lang ja, English with --lang en', () => {
    const ja = chartTitles('ja'), en = chartTitles('en');
    expect(en.text).toMatch(/ against gauntlet\.starting_magazines$/);
    expect(ja.text).toMatch(/^gauntlet\.starting_magazines に対する/);
    expect(ja.subtitle).toContain('破線: 目標');
    expect(en.subtitle).toContain('dashed: the target');
  });
});
