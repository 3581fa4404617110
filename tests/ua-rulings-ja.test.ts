// Issue 26: the URBAN ASSAULT ruling summaries users see (report, web app) read in Japanese when the language is
// ja, from the catalogue (area uaRuling.*); run.json keeps the English summary beside the message id.
import { afterEach, describe, expect, it } from 'vitest';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { rulingSummary, rulingsHtml } from '../src/report/html/rulings.js';
import { setLang } from '../src/i18n/lang.js';
import { t } from '../src/i18n/t.js';
import type { MessageId } from '../src/i18n/messages-en.js';
import { UA_RULINGS } from '../src/rules/urban-assault/catalogue/rulings.js';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

afterEach(() => setLang('en'));

describe('URBAN ASSAULT ruling summaries in the reader\'s language (issue 26)', () => {
  const rulings = loadExperiment('experiments/rule-versions-blacksun.yaml').compiled.rulings;

  it('gives every ruling choice a catalogue message whose English is the saved summary', () => {
    expect(rulings.length).toBeGreaterThan(UA_RULINGS.length);
    for (const r of rulings) {
      expect(r.msg, r.id).toBeDefined();
      expect(t(r.msg!.id as MessageId, r.msg!.params, 'en'), r.id).toBe(r.summary);
    }
  });

  it('shows each summary in Japanese when the language is ja, in English otherwise', () => {
    setLang('ja');
    for (const r of rulings) expect(rulingSummary(r), r.id).toMatch(JAPANESE);
    const html = rulingsHtml(rulings, 'urban-assault');
    expect(html).toContain('ガンナー: 1 回の攻撃');
    setLang('en');
    for (const r of rulings) expect(rulingSummary(r)).toBe(r.summary);
  });

  it('has a Japanese text for every option of every ruling, not the English one', () => {
    for (const d of UA_RULINGS) for (const o of d.options) {
      const id = `uaRuling.${d.id}.${o}` as MessageId;
      expect(t(id, undefined, 'ja'), id).toMatch(JAPANESE);
      expect(t(id, undefined, 'ja'), id).not.toBe(t(id, undefined, 'en'));
    }
  });

  it('falls back to the saved summary for a message this version does not know (an older or other run.json)', () => {
    setLang('ja');
    expect(rulingSummary({ id: 'X', choice: 'y', summary: 'as saved', msg: { id: 'uaRuling.gone' } })).toBe('as saved');
    expect(rulingSummary({ id: 'X', choice: 'y', summary: 'as saved' })).toBe('as saved');
  });
});
