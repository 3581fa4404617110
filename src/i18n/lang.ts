/**
 * The language every message, report and summary is written in (issue 26):
 * `ja` or `en`. The CLI sets it once from `--lang`, else from the environment
 * (`LC_ALL`, `LC_MESSAGES`, `LANG`, in POSIX order); the web app sets it from
 * the browser's language. Rule terms keep their Japanese form in both.
 */
export type Lang = 'ja' | 'en';

/** Every supported language, in the order help texts list them. */
export const LANGS: readonly Lang[] = ['ja', 'en'];

let current: Lang = 'en';

/** The language messages are rendered in now. */
export function getLang(): Lang {
  return current;
}

/** Set the language messages are rendered in from now on. */
export function setLang(lang: Lang): void {
  current = lang;
}

/** True for a supported language code. */
export function isLang(s: unknown): s is Lang {
  return s === 'ja' || s === 'en';
}

/**
 * The language a locale string names: `ja`, `ja_JP.UTF-8`, `ja-JP` → `ja`;
 * anything else (`C`, `POSIX`, `en_US.UTF-8`, empty) → undefined.
 */
export function langOfLocale(locale: string | undefined): Lang | undefined {
  if (!locale) return undefined;
  const code = locale.trim().toLowerCase().split(/[_.@-]/)[0];
  if (code === 'ja') return 'ja';
  if (code === 'en') return 'en';
  return undefined;
}

/**
 * The default language from a POSIX environment: the first of LC_ALL,
 * LC_MESSAGES and LANG that is set decides (as POSIX's precedence says);
 * a locale that is neither Japanese nor English means English.
 */
export function langFromEnv(env: Record<string, string | undefined>): Lang {
  for (const k of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const v = env[k];
    if (v !== undefined && v !== '') return langOfLocale(v) ?? 'en';
  }
  return 'en';
}

/** The browser's language list (navigator.languages) → the first supported one, else English. */
export function langFromBrowser(languages: readonly string[]): Lang {
  for (const l of languages) {
    const lang = langOfLocale(l);
    if (lang) return lang;
  }
  return 'en';
}
