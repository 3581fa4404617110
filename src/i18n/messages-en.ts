/**
 * English message catalogue. Every id here must also be in messages-ja.ts
 * (the type of `ja` enforces it; tests/i18n-catalogue.test.ts checks that the
 * `{placeholders}` agree). Ids are dotted by area: `input.*` for validation,
 * `cli.*` for the command line, `report.*` for reports, `summary.*` for the
 * GitHub job summary, `web.*` for the web app.
 */
export const en = {
  'input.allowed': '(allowed: {allowed})',
  'input.expectedMapping': 'expected a mapping, got {got}',
  'input.unknownKey': 'unknown key "{key}"',
  'input.missingKey': 'missing required key "{key}"',
  'input.missingList': 'missing list',
  'input.expectedList': 'expected a list, got {got}',
  'input.tooFewItems': 'expected at least {min} item(s), got {got}',
  'input.missingValue': 'missing value',
  'input.expectedString': 'expected a string, got {got}',
  'input.unknownValue': 'unknown value "{value}"',
  'input.expectedNumber': 'expected a number, got {got}',
  'input.expectedInteger': 'expected an integer, got {got}',
  'input.belowMin': '{value} is below the minimum',
  'input.aboveMax': '{value} is above the maximum',
  'input.aString': 'a string',
  'input.anInteger': 'an integer',
  'input.aNumber': 'a number',
  'input.andAtMost': ' and ≤ {max}',
  'input.expectedBoolean': 'expected true or false, got {got}',
  'input.fullWidthChar': 'full-width character "{char}" (U+{code}) where YAML expects ASCII: replace it with "{ascii}"',
  'cli.langOption': 'language of messages and reports: ja or en (default: from LANG)',
  'cli.badLang': 'unknown language "{value}"',
} as const;

/** A message id. */
export type MessageId = keyof typeof en;
