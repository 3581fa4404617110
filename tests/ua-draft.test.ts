// `balance-lab draft` (issue 42 item 6): a yaml balance-lab block drafted from a scenario written to the designer's
// template. The fixture is a made-up scenario in the template's layout (his texts are measured in
// tests/e2e/ua-draft-measure.e2e.test.ts): every drafted value, each TODO with its line, the block compiling, and the
// command's errors (file:line, exit 2).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { draftScenario } from '../src/rules/urban-assault/scenario/draft.js';
import { parseMarkdownScenario } from '../src/rules/urban-assault/scenario/markdown.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { setLang } from '../src/i18n/lang.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const SAMPLE = 'tests/fixtures/markdown/draft-sample.md';
const text = readFileSync(SAMPLE, 'utf8');
const lineOf = (s: string) => text.split('\n').findIndex((l) => l.includes(s)) + 1;

describe('balance-lab draft', () => {
  setLang('en');
  const d = draftScenario(SAMPLE, text);
  const doc = parse(d.yaml.split('\n').slice(1, -2).join('\n')) as Record<string, any>;

  it('reads the header, the map, the progression and the rules of engagement', () => {
    expect(doc.scenario).toBe('d33-draft-sample');
    expect(doc.recommended_level).toEqual([10, 12]);
    expect(doc.core_version).toBe('v1.01-2026-10');
    expect(doc.map).toBe('d33');
    expect(doc.progression).toEqual({ mode: 'one-way', tiles_before_mid: 2, tiles_after_mid: 2, repeated_tile: 'next-unused', flee: true });
    expect(doc.rules).toEqual({ starting_magazines: { EASY: 18, NORMAL: 15, HARD: 12 }, attackers_per_round: 3 });
  });

  it('reads ◇ groups, ◆ high-threat targets, reaction tables, extortion prices, black-market offers and loot', () => {
    expect(doc.tiles[11]).toEqual({ name: '倉庫の見張り', location: 'indoor', encounter: { enemies: [{ name: '見張り', count: 3, level: 4 }], reaction: { '1-2': 'withdraw', '3-5': 'hostile', 6: 'fight_to_the_end' }, loot: { magazines: 1 } } });
    expect(doc.tiles[12].tags).toEqual(['height']);
    expect(doc.tiles[12].encounter).toEqual({
      enemies: [{ name: '狙撃手', kind: 'high_threat', level: 5, life: 2, attacks: 1, attack_mod: -1, attack_mod_kind: 'cover' }],
      reaction: { 1: 'extortion', '2-5': 'hostile', 6: { reaction: 'neutral', market: true } }, extortion: 2,
      market: [{ item: 'flashbang', scrip: 2, magazines: 1 }, { item: 'nvg', scrip: 3, magazines: 4 }], loot: 'table',
    });
    expect(doc.final.encounter.enemies).toEqual([{ name: '装甲車', kind: 'high_threat', level: 5, life: 5, attacks: 2, armoured: true }]);
    expect(doc.mid.encounter).toEqual({ enemies: [{ name: '警備兵', count: '1d3+2', level: 4 }], reaction: 'fight_to_the_end', loot: { magazines: 2 } });
  });

  it('reads checks, options and their outcomes', () => {
    expect([doc.tiles[13].event_id, doc.tiles[13].logic_authority]).toEqual(['DS-13', 'ledger']);   // the v1.01 template's anchors
    expect(doc.tiles[13].check).toEqual({ check: { roll: 'command', target: 4 }, success: ['nothing'], failure: [{ hit_table: 1 }] });
    expect(doc.tiles[21].choice).toEqual([
      { label: '開ける', check: { roll: 'dexterity', target: 3 }, success: [{ magazines: 2 }], failure: [{ next_combat: { enemy_first_strike: true } }] },
      { label: '立ち去る', effects: ['nothing'] },
    ]);
  });

  it('lists every item it cannot read as a TODO comment with its line', () => {
    const todo = (s: string) => d.yaml.split('\n').filter((l) => l.startsWith('#') || /^\s+#/.test(l)).some((l) => l.includes(s));
    expect(todo(`TODO line ${lineOf('霧が晴れるまで')}: not read`)).toBe(true);
    expect(todo(`TODO line ${lineOf('出目44')}: map result 44 is not a d33 result`)).toBe(true);
    expect(todo(`TODO line ${lineOf('### ● 照明弾')}: the section 「照明弾」 is not drafted`)).toBe(true);
    for (const c of [23, 31, 32, 33]) expect(todo(`map result ${c} has no entry`)).toBe(true);
    expect(todo('repeated map result')).toBe(true);
    expect(d.todos.length).toBe(d.yaml.split('\n').filter((l) => /#\s*TODO/.test(l)).length);
  });

  it('writes a block the compiler reads once the TODOs are done (here: the missing map results filled)', () => {
    const filled = structuredClone(doc);
    for (const c of [23, 31, 32, 33]) filled.tiles[c] = { name: 'x', location: 'outdoor', nothing: true };
    const md = parseMarkdownScenario('draft.md', `\`\`\`yaml balance-lab\n${stringify(filled)}\`\`\`\n`);
    const sc = compileScenario(md.root);
    expect(sc.map).toBe('d33');
    expect(sc.tiles.filter((x) => x !== null).length).toBe(9);
  });

  it('the Japanese catalogue writes the TODOs in Japanese', () => {
    setLang('ja');
    try {
      expect(draftScenario(SAMPLE, text).yaml).toContain(`TODO ${lineOf('霧が晴れるまで')}行目: 読み取れませんでした`);
    } finally {
      setLang('en');
    }
  });

  it('the command prints the block, writes --out, and refuses bad input with file and exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'balance-lab-draft-'));
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, '--lang', 'en', ...args], { encoding: 'utf8', timeout: 60_000 });
    const ok = run(['draft', SAMPLE]);
    expect(ok.status).toBe(0);
    expect(ok.stdout.startsWith('```yaml balance-lab\n')).toBe(true);
    const out = join(dir, 'block.md');
    expect(run(['draft', SAMPLE, '--out', out]).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(ok.stdout);
    const yml = join(dir, 'x.yaml');
    writeFileSync(yml, 'a: 1\n');
    const bad = run(['draft', yml]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`${yml}: `);
    expect(bad.stderr).toContain('Markdown');
    const empty = join(dir, 'empty.md');
    writeFileSync(empty, '# nothing here\n\nprose only\n');
    const none = run(['draft', empty]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('no map table found');
  });
});
