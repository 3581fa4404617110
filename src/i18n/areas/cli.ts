/**
 * Messages of area `cli.*` (the command line), in English and Japanese. The type of
 * `ja` makes a missing id a compile error.
 */
export const en = {
  'cli.langOption': 'language of messages and reports: ja or en (default: from LANG)',
  'cli.badLang': 'unknown language "{value}"',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'cli.langOption': 'メッセージとレポートの言語: ja または en（既定: LANG から）',
  'cli.badLang': '知らない言語 "{value}" です',
};
