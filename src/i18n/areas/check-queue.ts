/**
 * Messages of area `checkq.*`: `check --queue`'s resume journal (issue 29), in English and Japanese. The type of
 * `ja` makes a missing id a compile error.
 */
export const en = {
  'checkq.resumeOption': 'with --queue: continue an interrupted check, merging the chunks journaled beside the baseline',
  'checkq.resumeNeedsQueue': 'only a check with --queue keeps a journal to resume (a local check is simply run again)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'checkq.resumeOption': '--queue と併用: 中断したチェックを続ける（ベースラインの隣に記録したチャンクを統合する）',
  'checkq.resumeNeedsQueue': '再開できるジャーナルを残すのは --queue 付きのチェックだけです（ローカルのチェックはそのままやり直してください）',
};
