/**
 * Messages of area `outLine.*` (issue 26): lines that used to be written in English whatever the language — bench's
 * progress, check's note on a shared seed, replay's yes/no for a game's rates, and the
 * web app's damaged-link and worker errors.
 */
export const en = {
  'outLine.benchmarking': 'benchmarking {id}…\n',
  'outLine.checkSharedSeed': 'the check replays the baseline\'s seed {seed}: the two runs share their dice and are not independent',
  'outLine.linkNotBase64': 'the link is damaged (not base64url)',
  'outLine.linkUnknownFormat': 'the link is damaged (unknown format)',
  'outLine.linkMissingFields': 'the link is damaged (missing fields)',
  'outLine.workerFailed': 'engine worker failed: {problem}',
  'outLine.yes': 'yes',
  'outLine.no': 'no',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'outLine.benchmarking': '{id} を計測中…\n',
  'outLine.checkSharedSeed': 'このチェックはベースラインのシード {seed} をそのまま使います: 二つの実行は同じダイスを共有し、独立ではありません',
  'outLine.linkNotBase64': 'リンクが壊れています（base64url ではありません）',
  'outLine.linkUnknownFormat': 'リンクが壊れています（知らない形式です）',
  'outLine.linkMissingFields': 'リンクが壊れています（必要な項目がありません）',
  'outLine.workerFailed': 'エンジンのワーカーが失敗しました: {problem}',
  'outLine.yes': 'はい',
  'outLine.no': 'いいえ',
};
