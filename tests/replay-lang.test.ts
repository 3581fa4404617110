/**
 * Replay narration in the replay's language (issue 26): the language travels
 * with the log (GameLog.lang), the game played is the same in both languages,
 * and English stays the default for a log that names none.
 */
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { replayGame } from '../src/sim/run/replay.js';
import { narrate } from '../src/sim/core/narrate.js';

const exp = loadExperiment('experiments/formation-vs-multi-attack.yaml');

describe('robot-skirmish replay narration', () => {
  it('plays the same game in ja and en, line for line, in different words', () => {
    const ja = replayGame(exp, 'form-mixed-rifle', 1, 'ja');
    const en = replayGame(exp, 'form-mixed-rifle', 1, 'en');
    expect(ja.lines.length).toBe(en.lines.length);
    expect(Array.from(ja.record.rates)).toEqual(Array.from(en.record.rates));
    expect(Array.from(ja.record.values)).toEqual(Array.from(en.record.values));
    expect(en.lines[0]).toMatch(/^battle: .* rounds$/);
    expect(ja.lines[0]).toMatch(/^戦闘: .* ラウンド$/);
    expect(en.lines[1]).toMatch(/^initiative: subject \d vs reference \d/);
    expect(ja.lines[1]).toMatch(/^イニシアチブ: 対象側 \d 対 基準側 \d/);
    // No English narration words left in the Japanese lines (unit and weapon names come from the files).
    for (const l of ja.lines) expect(l).not.toMatch(/\b(roll|damage|defence|moves|round|subject|reference|hits?|miss|stays)\b/);
    // The nesting (leading spaces) is the same in both languages.
    expect(ja.lines.map((l) => l.length - l.trimStart().length)).toEqual(en.lines.map((l) => l.length - l.trimStart().length));
  });

  it('does not leak a language from one replay into the next', () => {
    const a = replayGame(exp, 'ff-mixed-rifle', 0, 'en').lines;
    replayGame(exp, 'ff-mixed-rifle', 0, 'ja');
    expect(replayGame(exp, 'ff-mixed-rifle', 0, 'en').lines).toEqual(a);
  });

  it('axis-allies-miniatures: same game in ja and en, Japanese phase names', () => {
    const aam = loadExperiment('experiments/aam-initiative-choice.yaml');
    const ja = replayGame(aam, 'first', 0, 'ja');
    const en = replayGame(aam, 'first', 0, 'en');
    expect(ja.lines.length).toBe(en.lines.length);
    expect(Array.from(ja.record.values)).toEqual(Array.from(en.record.values));
    expect(en.lines).toContain('  Blue movement phase');
    expect(ja.lines).toContain('  青の移動フェイズ');
    expect(en.lines.at(-1)).toMatch(/^result: /);
    expect(ja.lines.at(-1)).toMatch(/^結果: /);
    for (const l of ja.lines) expect(l).not.toMatch(/\b(attacks|moves|turn|Blue|Red|phase|dice|hits?|defence)\b/);
  });

  it('narrates in English when the log names no language', () => {
    const lines: string[] = [];
    narrate({ line: (s) => void lines.push(s) }, 'rsReplay.subjectFirst');
    narrate({ lang: 'ja', line: (s) => void lines.push(s) }, 'rsReplay.subjectFirst');
    expect(lines).toEqual(['subject plays first', '対象側が先攻']);
  });
});
