// Issue 26: the robot skirmish, A&A Miniatures, 超人ロック and IF rulings in effect carry their summary as a catalogue
// message (RulingChoice.msg, as URBAN ASSAULT's do), so the report shows them in the reader's language; run.json
// keeps the English summary.
import { afterEach, describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';
import { rulingSummary, rulingsHtml } from '../src/report/html/rulings.js';
import { setLang } from '../src/i18n/lang.js';
import { t } from '../src/i18n/t.js';
import type { MessageId } from '../src/i18n/messages-en.js';
import type { RulingDef } from '../src/sim/core/ruling-def.js';
import { RS_RULINGS } from '../src/rules/robot-skirmish/rulings.js';
import { AAM_RULINGS } from '../src/rules/axis-allies-miniatures/rulings.js';
import { LK_RULINGS } from '../src/rules/chojin-locke/rulings.js';
import { IF_RULINGS } from '../src/rules/if-battle/rulings.js';
import { chojinLocke } from '../src/registry.js';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

afterEach(() => setLang('en'));

const ENGINES: [string, string, readonly RulingDef[], string, string][] = [
  ['robot-skirmish', 'experiments/formation-vs-multi-attack.yaml', RS_RULINGS, 'rsRuling', '戦闘前に両陣営が 1d6 を振り'],
  ['axis-allies-miniatures', 'experiments/aam-initiative-choice.yaml', AAM_RULINGS, 'aamRuling', '同じヘクスにいる攻撃者は車両の背面防御を攻撃する'],
  ['chojin-locke', 'experiments/locke-sync-vs-solo.yaml', LK_RULINGS, 'lkRuling', 'ジャマーのレベルは秘密'],
  ['if-battle', 'experiments/if-speed-and-fields.yaml', IF_RULINGS, 'ifRuling', 'D66 を順序なしの組'],
];

describe.each(ENGINES)('%s ruling summaries in the reader\'s language (issue 26)', (engine, file, defs, area, jaText) => {
  const rulings = loadExperiment(file).compiled.rulings;

  it('gives every ruling in effect a catalogue message whose English is the saved summary', () => {
    expect(rulings.length).toBeGreaterThanOrEqual(defs.length);
    for (const r of rulings) {
      expect(r.msg, r.id).toBeDefined();
      expect(r.msg!.id.startsWith(`${area}.`), r.id).toBe(true);
      expect(t(r.msg!.id as MessageId, r.msg!.params, 'en'), r.id).toBe(r.summary);
    }
  });

  it('shows each summary in Japanese under ja and as saved under en', () => {
    setLang('ja');
    for (const r of rulings) expect(rulingSummary(r), r.id).toMatch(JAPANESE);
    expect(rulingsHtml(rulings, engine)).toContain(jaText);
    setLang('en');
    for (const r of rulings) expect(rulingSummary(r)).toBe(r.summary);
  });

  it('has a Japanese text for every option of every ruling, not the English one', () => {
    for (const d of defs) for (const o of d.options) {
      const id = `${area}.${d.id}.${o}` as MessageId;
      expect(t(id, undefined, 'en'), id).toBe(d.summary[o]);
      expect(t(id, undefined, 'ja'), id).toMatch(JAPANESE);
      expect(t(id, undefined, 'ja'), id).not.toBe(t(id, undefined, 'en'));
    }
  });
});

describe('fixed rulings an experiment adds (超人ロック\'s own deck)', () => {
  it('names the replaced deck in both languages', () => {
    const { rulings } = chojinLocke.compile(Source.parse('exp.yaml', `game: chojin-locke
deck:
  - { kind: attack, name: バズーカ, level: 3, power: 7, count: 6 }
  - { kind: teleport, name: テレポート, level: 2, count: 4 }
  - { kind: contact, level: 0, count: 21 }
party: [{ name: P, level: 4, power: 30, durability: 5, willpower: 5 }]
enemies: [{ name: E, level: 4, power: 30, durability: 5, willpower: 5 }]
variants: [{ name: only }]
`).root());
    const deck = rulings.find((r) => r.id === 'LK-F02')!;
    expect(deck.choice).toBe('deck (31)');
    expect(deck.summary).toBe('the deck composition replaced by the experiment (31 cards)');
    setLang('ja');
    expect(rulingSummary(deck)).toBe('実験が置き換えた山札の構成（31 枚）');
  });
});
