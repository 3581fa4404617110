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
  'outLine.linkTooLong': 'the link is {chars} characters long; a share link may have at most {max}',
  'outLine.linkTooLarge': 'the link unpacks to more than {max} MB; a share link may carry at most {max} MB',
  'outLine.linkTooSlow': 'unpacking the link took more than {seconds} s and was stopped',
  'outLine.linkTooManyLines': 'the link carries more than {max} lines; a share link may carry at most {max}',
  'outLine.linkTooManyFiles': 'the link carries more than {max} files; a share link may carry at most {max}',
  'outLine.linkNotDeflate': 'the link is damaged (it cannot be unpacked)',
  'outLine.linkNotJson': 'the link is damaged (its content is not readable text)',
  'outLine.linkBadPath': 'the link names the file "{path}", which is not allowed: use experiments/…, scenarios/… or rulesets/… ending in .yaml, .yml or .md',
  'outLine.linkDamaged': 'the link is damaged',
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
  'outLine.linkTooLong': 'リンクが {chars} 文字あります。共有リンクは {max} 文字までです',
  'outLine.linkTooLarge': 'リンクを展開すると {max} MB を超えます。共有リンクで運べるのは {max} MB までです',
  'outLine.linkTooSlow': 'リンクの展開に {seconds} 秒以上かかったため中止しました',
  'outLine.linkTooManyLines': 'リンクの内容が {max} 行を超えています。共有リンクは {max} 行までです',
  'outLine.linkTooManyFiles': 'リンクのファイルが {max} 個を超えています。共有リンクは {max} 個までです',
  'outLine.linkNotDeflate': 'リンクが壊れています（展開できません）',
  'outLine.linkNotJson': 'リンクが壊れています（中身を読めません）',
  'outLine.linkBadPath': 'リンクにあるファイル名「{path}」は使えません。experiments/…、scenarios/…、rulesets/… で .yaml、.yml、.md で終わる名前にしてください',
  'outLine.linkDamaged': 'リンクが壊れています',
  'outLine.workerFailed': 'エンジンのワーカーが失敗しました: {problem}',
  'outLine.yes': 'はい',
  'outLine.no': 'いいえ',
};
