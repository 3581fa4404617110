// Issue 26: the URBAN ASSAULT replay narration comes from the ja/en catalogue (areas ua-log-*.ts) in the replay's
// language. The designer reads the tutorial and Black Sun in Japanese: every line must carry Japanese text and the
// same numbers as the English line of the same moment; the English replay stays exactly as it read before.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';
import type { Lang } from '../src/i18n/lang.js';

/** Tutorial 01 (operation, rule versions with 軍票 and 負傷), Black Sun (campaign, rule versions) and a gauntlet. */
const FILES = ['lmg-operation.yaml', 'rule-versions-tutorial.yaml', 'blacksun-campaign.yaml', 'rule-versions-blacksun.yaml', 'lmg-worth-gunpyo-tutorial.yaml'];
const GAMES = 3;

/** The narration of the first GAMES games of every variant of every file, in `lang`. */
function narration(lang: Lang): string[][] {
  const out: string[][] = [];
  for (const f of FILES) {
    const exp = loadExperiment(`experiments/${f}`);
    for (const v of exp.compiled.variants) for (let g = 0; g < GAMES; g++) out.push(replayGame(exp, v.name, g, lang).lines);
  }
  return out;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]/;
const numbers = (line: string): string[] => (line.match(/\d+/g) ?? []).sort();

describe('URBAN ASSAULT replay in Japanese (issue 26)', () => {
  const en = narration('en');
  const ja = narration('ja');

  it('narrates the same games line for line in both languages', () => {
    expect(ja.map((g) => g.length)).toEqual(en.map((g) => g.length));
    expect(en.flat().length).toBeGreaterThan(2000);
  });

  it('writes every Japanese line with Japanese text', () => {
    const without = ja.flat().filter((l) => !JAPANESE.test(l));
    expect(without).toEqual([]);
  });

  it('keeps every number of the English line in the Japanese one (dice, values, counts)', () => {
    const differing: string[] = [];
    en.forEach((game, i) => game.forEach((line, k) => {
      if (numbers(line).join(' ') !== numbers(ja[i][k]).join(' ')) differing.push(`${line} | ${ja[i][k]}`);
    }));
    expect(differing).toEqual([]);
  });

  it('leaves the English replay as it read before the catalogue (pinned hash of these games)', () => {
    const hash = createHash('sha256').update(en.map((g) => g.join('\n')).join('\n===\n')).digest('hex');
    // Pinned from the replay before issue 26 moved the narration into the catalogue. A deliberate rule change that
    // moves these games (as shipped-golden records) updates it in the same commit.
    // Updated by issue 28 item 4 (Black Sun 44 A mandatory, night on every attack roll, 22/41 leader-only: these games move),
    // and by Black Sun 14's `location: both` (UA-R144: five lines read "(outdoor and indoor)" for "(outdoor)"),
    // and by two issue-38 fidelity fixes, each checked to move it: UA-R150's default (負傷 3's round-end loss only while
    // the combat goes on) and the fumble fix (every fumbled leader 防御ロール gives 負傷+1, 見切り and かばう included),
    // and by Black Sun v1.01's later decisions (UA-V51 … UA-V56: rule-versions-blacksun's v1.01 games move; checked
    // commit by commit, no other change of that sitting moves it).
    expect(hash).toBe('0709f88ace270fc062edb0d7c80f16e5df3f1480a558bc8d871d54b17023cae7');
  });

  it('narrates each replay in its own log\'s language: English again after a Japanese replay', () => {
    const exp = loadExperiment('experiments/lmg-operation.yaml');
    const name = exp.compiled.variants[0].name;
    expect(replayGame(exp, name, 0, 'ja').lines).toEqual(ja[0]);
    expect(replayGame(exp, name, 0, 'en').lines).toEqual(en[0]);
  });
});
