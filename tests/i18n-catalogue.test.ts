import { describe, expect, it } from 'vitest';
import { en, ja, placeholders, PLURAL_PLACEHOLDER, t, format, langFromEnv, langFromBrowser, langOfLocale, setLang, getLang } from '../src/i18n/index.js';
import { AREAS } from '../src/i18n/messages-en.js';
import { takeLang } from '../src/cli/program.js';
import { InputError } from '../src/sim/input/input-error.js';

describe('ja/en message catalogue', () => {
  it('has every id in both languages, with the same placeholders, and no empty text', () => {
    const enIds = Object.keys(en).sort();
    const jaIds = Object.keys(ja).sort();
    expect(jaIds).toEqual(enIds);
    for (const id of enIds) {
      const e = (en as Record<string, string>)[id];
      const j = (ja as Record<string, string>)[id];
      expect(e.trim(), id).not.toBe('');
      expect(j.trim(), id).not.toBe('');
      // English plural endings ({s}) may be left out; every other placeholder appears in both.
      expect(placeholders(j), id).toEqual(placeholders(e).filter((p) => !PLURAL_PLACEHOLDER.test(p) || placeholders(j).includes(p)));
      expect(placeholders(j).every((p) => placeholders(e).includes(p)), id).toBe(true);
    }
  });

  it('writes every Japanese message in Japanese (only code-like messages and PASS/FAIL verdicts may stay as they are)', () => {
    const codeLike = new Set(['cli.shard14Partial', 'check.balanceLabCheck', 'check.pass', 'check.fail', 'ifCompile.reduce']);
    const japanese = /[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff5e]/;
    const untranslated = Object.entries(ja).filter(([id, text]) => !japanese.test(text) && !codeLike.has(id)).map(([id]) => id);
    expect(untranslated).toEqual([]);
    for (const id of codeLike) expect((ja as Record<string, string>)[id], id).toBe((en as Record<string, string>)[id]);
  });

  it('defines each id in exactly one area file, in both of its languages', () => {
    const seen = new Map<string, number>();
    AREAS.forEach((area, i) => {
      expect(Object.keys(area.ja).sort()).toEqual(Object.keys(area.en).sort());
      for (const id of Object.keys(area.en)) {
        expect(seen.has(id), `${id} is defined by areas ${seen.get(id)} and ${i}`).toBe(false);
        seen.set(id, i);
      }
    });
    expect(seen.size).toBe(Object.keys(en).length);
  });

  it('renders in the chosen language and fills placeholders', () => {
    expect(t('input.unknownKey', { key: 'gams' }, 'en')).toBe('unknown key "gams"');
    expect(t('input.unknownKey', { key: 'gams' }, 'ja')).toBe('知らないキー "gams" です');
    expect(format('{a}-{b}-{a}', { a: 1 })).toBe('1-{b}-1');
  });

  it('chooses the language from the environment in POSIX order', () => {
    expect(langFromEnv({ LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(langFromEnv({ LANG: 'ja_JP.UTF-8', LC_ALL: 'C' })).toBe('en');
    expect(langFromEnv({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'ja_JP' })).toBe('ja');
    expect(langFromEnv({})).toBe('en');
    expect(langFromBrowser(['fr-FR', 'ja-JP', 'en'])).toBe('ja');
    expect(langFromBrowser(['de'])).toBe('en');
    expect(langOfLocale('ja')).toBe('ja');
  });

  it('--lang overrides LANG, is taken out of argv, and an unknown one is an InputError', () => {
    const before = getLang();
    try {
      expect(takeLang(['node', 'x', 'run', 'a.yaml', '--lang', 'ja'], { LANG: 'C' })).toEqual(['node', 'x', 'run', 'a.yaml']);
      expect(getLang()).toBe('ja');
      expect(takeLang(['node', 'x', '--lang=en', 'list'], { LANG: 'ja_JP.UTF-8' })).toEqual(['node', 'x', 'list']);
      expect(getLang()).toBe('en');
      takeLang(['node', 'x', 'list'], { LANG: 'ja_JP.UTF-8' });
      expect(getLang()).toBe('ja');
      expect(() => takeLang(['node', 'x', '--lang', 'fr'], {})).toThrow(InputError);
    } finally {
      setLang(before);
    }
  });

  it('renders an InputError in the current language, allowed values included', () => {
    const before = getLang();
    try {
      setLang('ja');
      const e = new InputError('a.yaml', 3, 'games', { id: 'input.unknownKey', params: { key: 'gams' } }, 'games, seed');
      expect(e.message).toBe('a.yaml:3: games: 知らないキー "gams" です （使える値: games, seed）');
      setLang('en');
      const f = new InputError('a.yaml', 3, 'games', { id: 'input.unknownKey', params: { key: 'gams' } }, 'games, seed');
      expect(f.message).toBe('a.yaml:3: games: unknown key "gams" (allowed: games, seed)');
    } finally {
      setLang(before);
    }
  });
});
