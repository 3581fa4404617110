/**
 * Messages of area `audit.*` (issue 28: rules and scenario-format fixes of the third audit), in English and
 * Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'audit.counterNameChars': 'a lower-case letter or a Japanese character (kanji, kana) first, then those, digits, ー and _ (e.g. contact, 接触兆候)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'audit.counterNameChars': '先頭は英小文字か日本語の文字（漢字・かな）、続けてそれらと数字・ー・_（例: contact, 接触兆候）',
};
