/**
 * Replay narration in the replay's language for chojin-locke and if-battle (issue 26): the same game is played in
 * both languages, line for line with the same nesting, and the Japanese lines carry no English narration words
 * (esper / character names and policy ids come from the experiment).
 */
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';

function sameGameBothLanguages(file: string, englishWords: RegExp): void {
  const exp = loadExperiment(file);
  for (const v of exp.compiled.variants.slice(0, 3)) {
    for (let g = 0; g < 3; g++) {
      const ja = replayGame(exp, v.name, g, 'ja');
      const en = replayGame(exp, v.name, g, 'en');
      expect(ja.lines.length).toBe(en.lines.length);
      expect(Array.from(ja.record.rates)).toEqual(Array.from(en.record.rates));
      expect(Array.from(ja.record.values)).toEqual(Array.from(en.record.values));
      expect(ja.lines.map((l) => l.length - l.trimStart().length)).toEqual(en.lines.map((l) => l.length - l.trimStart().length));
      expect(ja.lines.filter((l, i) => l !== en.lines[i]).length).toBeGreaterThan(ja.lines.length / 2);
      for (const l of ja.lines) expect(l).not.toMatch(englishWords);
    }
  }
}

describe('chojin-locke replay narration', () => {
  it('plays the same combat in ja and en, line for line, in different words', () => {
    sameGameBothLanguages('experiments/locke-jammer-and-escape.yaml', /\b(power|durability|willpower|attacks?|synchronises|round|hit|escapes?|block|passes|dies|damage|deck|draws|result|party|enemies)\b/);
    const en = replayGame(loadExperiment('experiments/locke-sync-vs-solo.yaml'), 'solo', 0, 'en').lines;
    const ja = replayGame(loadExperiment('experiments/locke-sync-vs-solo.yaml'), 'solo', 0, 'ja').lines;
    expect(en.find((l) => l.startsWith('— round'))).toBe('— round 1 —');
    expect(ja.find((l) => l.startsWith('— ラウンド'))).toBe('— ラウンド 1 —');
    expect(ja.at(-1)).toMatch(/^結果: (勝利|敗北|決着なし)/);
  });
});

describe('if-battle replay narration', () => {
  it('plays the same battle scene in ja and en, line for line, in different words', () => {
    sameGameBothLanguages('experiments/if-bug-values.yaml', /\b(life|cost|moves|uses|waits|lands|damage|check|round|field|success|failure|winner|loser|result|turn|positions|speed)\b/);
    const exp = loadExperiment('experiments/if-speed-and-fields.yaml');
    const en = replayGame(exp, 'water', 0, 'en').lines;
    const ja = replayGame(exp, 'water', 0, 'ja').lines;
    expect(en[0]).toMatch(/^battle scene \(raid process\): /);
    expect(ja[0]).toMatch(/^戦闘シーン\(レイドプロセス\): /);
    // Skill, bug, field and memory names: English ids with the Japanese beside them in English, Japanese in Japanese.
    expect(en.some((l) => l.startsWith('field → water (水中)'))).toBe(true);
    expect(ja.some((l) => l.startsWith('フィールド → 水中'))).toBe(true);
    expect(ja.at(-1)).toMatch(/^結果: 対象側の(勝利|敗北|引き分け)$/);
  });
});
