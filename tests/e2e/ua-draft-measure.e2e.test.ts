// `balance-lab draft` measured on the designer's own texts (issue 42 item 6): tutorial 01 (1.00 and 1.01) and Black Sun,
// drafted from his Markdown and compared with the shipped encodings under scenarios/urban-assault/. His texts are not in
// this repository (prose is never copied in); they are the reference texts beside it, `../shared/reference/urban-assault/`
// (every shipped scenario's `source:`), or the folder named by BALANCE_LAB_REFERENCE. A real outside part, so this
// measure lives in the end-to-end tier and fails, naming the folder, when the texts are missing.
//
// The measure: every leaf value of the shipped encoding (a key path such as tiles.12.encounter.enemies.0.count and its
// value) is one field; a field is drafted correctly when the draft has the same path with the same value. Free text
// the designer never states as data — `title`, `source`, an option's `label`, a lap's `note` — is left out. The share
// is stated here and the test fails below it.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { draftScenario } from '../../src/rules/urban-assault/scenario/draft.js';
import { setLang } from '../../src/i18n/lang.js';

const REF = resolve(process.env.BALANCE_LAB_REFERENCE ?? join(process.cwd(), '..', 'shared', 'reference', 'urban-assault'));
const FREE_TEXT = /(^|\.)(title|source|label|note)$/;

function leaves(v: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, out);
  else out.set(path, JSON.stringify(v));
  return out;
}

/** Fields of the shipped encoding, and those the draft has with the same value. */
function measure(md: string, shipped: string): { fields: number; correct: number; todos: number; misses: string[] } {
  setLang('en');
  const d = draftScenario(md, readFileSync(md, 'utf8'));
  const drafted = leaves(parse(d.yaml.split('\n').slice(1, -2).join('\n')), '', new Map());
  const want = leaves(parse(readFileSync(shipped, 'utf8')), '', new Map());
  let fields = 0, correct = 0;
  const misses: string[] = [];
  for (const [k, v] of want) {
    if (FREE_TEXT.test(k)) continue;
    fields++;
    if (drafted.get(k) === v) correct++;
    else misses.push(k);
  }
  return { fields, correct, todos: d.todos.length, misses };
}

const CASES = [
  // Measured 2026-12-02: 123 / 125 (98.4%) — misses: tile 12's group name (迎撃兵, not in the text), tile 21's `height` tag.
  { md: 'd33_lvl10-11_tutorial_01_port.md', shipped: 'tutorial-01-port.yaml', atLeast: 0.98 },
  // Measured 2026-12-02: 125 / 127 (98.4%), the same two misses.
  { md: 'd33_lvl10-11_tutorial_01_port-v1.01.md', shipped: 'tutorial-01-port-v1.01.yaml', atLeast: 0.98 },
  // Measured 2026-12-02: 369 / 482 (76.6%) — misses: the scenario items and member type (IR strobe, map, Dボーイズ),
  // unnamed high-threat targets, the special-rule encodings (round 0, capture, parity, reinforcements every round, lap
  // finals), lap names and per-lap issues.
  { md: 'd66_lvl10-16_misson_01_blacksun.md', shipped: 'blacksun-01.yaml', atLeast: 0.76 },
];

describe('draft measured on the designer\'s texts', () => {
  it('the reference texts are there', () => {
    expect(existsSync(REF), `the designer's texts are needed in ${REF} (or set BALANCE_LAB_REFERENCE)`).toBe(true);
  });
  for (const c of CASES) {
    it(`${c.md}: at least ${(c.atLeast * 100).toFixed(0)}% of ${c.shipped}'s fields drafted correctly`, () => {
      const m = measure(join(REF, c.md), join('scenarios/urban-assault', c.shipped));
      const share = m.correct / m.fields;
      process.stdout.write(`draft ${c.md}: ${m.correct}/${m.fields} = ${(share * 100).toFixed(1)}% of ${c.shipped}'s fields, ${m.todos} TODO(s)\n`);
      expect(share, m.misses.slice(0, 40).join('\n')).toBeGreaterThanOrEqual(c.atLeast);
    });
  }
});
