/**
 * Messages of area `check.*` (the balance regression gate (check, baselines)), in English and Japanese. The type of
 * `ja` makes a missing id a compile error. Keys and values of files stay as the files spell them.
 */
export const en = {
  'check.createItWith': '; create it with: {createCommand}',
  'check.malformedBaseline': 'malformed baseline: {problem}',
  'check.expectedObject': 'expected an object',
  'check.expectedList': 'expected a list',
  'check.expectedString': 'expected a string',
  'check.expectedFiniteNumber': 'expected a finite number',
  'check.expectedInteger': 'expected an integer, got {v}',
  'check.below': '{v} is below {min}',
  'check.expectedTrueFalse': 'expected true or false',
  'check.unknownStoppingRule': 'unknown stopping rule {kind}',
  'check.countExceedsGames': 'count {count} exceeds games {n}',
  'check.malformedBaselineNotValid': 'malformed baseline: not valid JSON ({msg})',
  'check.unknownFormat': 'unknown format {format}',
  'check.noVariants': 'no variants',
  'check.cannotReadBaseline': 'cannot read the baseline ({code}){value}',
  'check.expectedBandLoHi': 'expected a band [lo, hi]',
  'check.bandEmpty': 'the band [{lo}, {hi}] is empty',
  'check.checkNeedsLeastGames': 'a check needs at least {MIN_CHECK_GAMES} games per variant',
  'check.baselineMismatch': '{problem}; {hint}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'check.createItWith': '。次のコマンドで作成してください: {createCommand}',
  'check.malformedBaseline': 'ベースラインの形式が正しくありません: {problem}',
  'check.expectedObject': 'オブジェクトが必要です',
  'check.expectedList': 'リストが必要です',
  'check.expectedString': '文字列が必要です',
  'check.expectedFiniteNumber': '有限の数値が必要です',
  'check.expectedInteger': '整数が必要ですが、{v} です',
  'check.below': '{v} が {min} より小さいです',
  'check.expectedTrueFalse': 'true か false が必要です',
  'check.unknownStoppingRule': '知らない停止規則 {kind} です',
  'check.countExceedsGames': 'count {count} がゲーム数 {n} を超えています',
  'check.malformedBaselineNotValid': 'ベースラインの形式が正しくありません: JSON として読めません（{msg}）',
  'check.unknownFormat': '知らない形式 {format} です',
  'check.noVariants': 'バリアントがありません',
  'check.cannotReadBaseline': 'ベースラインを読めません（{code}）{value}',
  'check.expectedBandLoHi': '帯 [lo, hi] が必要です',
  'check.bandEmpty': '帯 [{lo}, {hi}] が空です',
  'check.checkNeedsLeastGames': 'check にはバリアントごとに少なくとも {MIN_CHECK_GAMES} ゲームが必要です',
  'check.baselineMismatch': '{problem}。{hint}',
};
