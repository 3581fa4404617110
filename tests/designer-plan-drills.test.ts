// Tactical Drill 02 is one more scenario file (issue 41 item 2): `npm run plan`'s script finds every
// `tutorial-*.yaml` in its scenarios folder and plays the drill plan and the knob sweep on it with nothing else to
// change. Here a folder holds three dummy drills written only for this test — one 2026-05-09 text, one written for
// core 1.01 alone (core_version), one with both texts — and the script, run as `npm run plan` runs it (drills only,
// few games), plays each and puts it on the plan's page under its own title.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../scripts/designer-plan.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'balance-lab-plan-drills-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A small d33 drill: nine plain tiles, a mid fight and a final 高脅威目標. */
function drill(title: string, head: string): string {
  const tile = (n: number) => n % 2 === 0
    ? `  ${n}:\n    name: 倉庫 ${n}\n    location: indoor\n    encounter:\n      enemies:\n        - { name: 警備兵, count: 2, level: 4 }\n      reaction: hostile\n      loot: { magazines: 1 }\n`
    : `  ${n}:\n    name: 補給箱 ${n}\n    location: indoor\n    supply:\n      effects: [{ magazines: 1 }]\n`;
  return `${head}scenario: dummy-drill
title: ${title}
map: d33
progression:
  mode: one-way
  tiles_before_mid: 2
  tiles_after_mid: 2
  repeated_tile: next-unused
rules:
  starting_magazines: { EASY: 14, NORMAL: 12, HARD: 10 }
tiles:
${[11, 12, 13, 21, 22, 23, 31, 32, 33].map(tile).join('')}mid:
  name: 中間の検問所
  location: indoor
  encounter:
    enemies:
      - { name: 検問兵, count: 3, level: 4 }
    reaction: fight_to_the_end
    loot: { magazines: 2 }
final:
  name: 最終目標の装甲車
  location: outdoor
  encounter:
    enemies:
      - { name: 装甲車, kind: high_threat, level: 5, life: 4, attacks: 2, armoured: true }
    reaction: fight_to_the_end
`;
}

describe('a new Tactical Drill is one scenario file', () => {
  it('plays a 2026-05-09 drill, a drill written for core 1.01 alone and a drill with both texts, each under its versions, on the page under its title', () => {
    const scen = join(root, 'scenarios'), out = join(root, 'out');
    spawnSync('mkdir', ['-p', scen]);
    writeFileSync(join(scen, 'tutorial-02-dummy.yaml'), drill('ダミー訓練 (Tactical Drill 02)', ''));
    writeFileSync(join(scen, 'tutorial-03-dummy.yaml'), drill('ダミー訓練 1.01 (Tactical Drill 03)', 'core_version: v1.01-2026-10\n'));
    writeFileSync(join(scen, 'tutorial-04-dummy.yaml'), drill('ダミー訓練 (Tactical Drill 04)', ''));
    writeFileSync(join(scen, 'tutorial-04-dummy-v1.01.yaml'), drill('ダミー訓練 (Tactical Drill 04, core 1.01)', 'core_version: v1.01-2026-10\n'));
    writeFileSync(join(scen, 'other-mission.yaml'), drill('not a drill', '')); // not tutorial-*: not a drill
    const r = spawnSync(process.execPath, [SCRIPT, '--scenarios', scen, '--out', out, '--only', 'drills', '--games', '40', '--workers', '0'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // Each drill's plan and knob ran into its own folder.
    for (const f of ['tutorial-02-dummy', 'tutorial-02-dummy-knob', 'tutorial-03-dummy', 'tutorial-03-dummy-knob', 'tutorial-04-dummy', 'tutorial-04-dummy-knob', 'tutorial-04-dummy-knob-v101']) {
      expect(existsSync(join(out, f, 'summary.json')), f).toBe(true);
    }
    expect(existsSync(join(out, 'tutorial-02-dummy-knob-v101'))).toBe(false);
    expect(readdirSync(out).some((f) => f.startsWith('other-mission'))).toBe(false);
    const ja = readFileSync(join(out, 'README.md'), 'utf8'), en = readFileSync(join(out, 'README.en.md'), 'utf8');
    const td2 = JSON.parse(readFileSync(join(out, 'tutorial-02-dummy', 'summary.json'), 'utf8'));
    const td3 = JSON.parse(readFileSync(join(out, 'tutorial-03-dummy', 'summary.json'), 'utf8'));
    const names = (s: { summary?: { variants: { name: string }[] }; variants?: { name: string }[] }) => (s.summary ?? s).variants!.map((v) => v.name);
    // No v1.01 text of Drill 02: its 2026-05-09 variants only. Drill 03 is 1.01 alone: its v1.01 variants, v101 the baseline.
    expect(names(td2)).toEqual(['dev', 'dev-no-at4', 'dev-no-ied']);
    expect(names(td3)).toEqual(['v101', 'v101-no-at4', 'v101-no-ied']);
    // Drill 04 has both texts: both versions side by side, as Tactical Drill 01; its knob under each.
    const td4 = JSON.parse(readFileSync(join(out, 'tutorial-04-dummy', 'summary.json'), 'utf8'));
    expect(names(td4)).toEqual(['dev', 'dev-no-at4', 'dev-no-ied', 'v101', 'v101-no-at4', 'v101-no-ied']);
    expect(en).toContain('## ダミー訓練 (Tactical Drill 04, core 1.01): the starting magazines (the knob)');
    expect(en).toContain('## ダミー訓練 (Tactical Drill 02): his eight measures');
    expect(en).toContain('## ダミー訓練 1.01 (Tactical Drill 03): his eight measures');
    expect(en).toContain('| measure | 2026-05-09 版 |\n');
    expect(en).toContain('| measure | 2026-05-09 版 | v1.01 版 |');
    expect(en).toContain('| measure | v1.01 版 |\n');
    expect(en).toContain('The current issue (NORMAL 12)');
    expect(ja).toContain('## ダミー訓練 (Tactical Drill 02)');
    expect(en).not.toContain('Black Sun');
  }, 600_000);
});
