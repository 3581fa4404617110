/**
 * Messages of area `uaState.*` (issue 28 items 7 and 9: URBAN ASSAULT state beyond one scenario — per-character
 * history, chained scenarios, members with more than one life, experiments over scenarios and campaigns), in English
 * and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uaState.memberWounded': '    the {who} takes the hit and stays ({left} life left)',
  'uaState.noXpReplay': 'no 経験点 for this success: not this leader\'s first play of the scenario (operations.xp: first_play)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaState.memberWounded': '    {who}は被弾したが倒れない（残り生命点 {left}）',
  'uaState.noXpReplay': 'この成功では経験点は入らない：この分隊長にとってシナリオ最初のプレイではない（operations.xp: first_play）',
};
