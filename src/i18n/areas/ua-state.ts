/**
 * Messages of area `uaState.*` (issue 28 items 7 and 9: URBAN ASSAULT state beyond one scenario — per-character
 * history, chained scenarios, members with more than one life, experiments over scenarios and campaigns), in English
 * and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uaState.memberWounded': '    the {who} takes the hit and stays ({left} life left)',
  'uaState.variantCampaignNeedsCampaign': 'a variant may change campaign: only when the experiment\'s operation plays a campaign (the outputs are laid out once, as a campaign\'s or as an operation\'s)',
  'uaState.variantCampaignAllowed': 'campaign: { max_attempts: n } under the experiment\'s operation:, and max_attempts: 1 in the variant that plays a single operation',
  'uaState.campaignVariant': 'this variant plays another number of attempts (max_attempts: 1 is a single operation on the same dice as the campaign\'s first attempt)',
  'uaState.carryUnknownCounter': 'carry_over names counter {id}, which this scenario does not have',
  'uaState.carryDeclareCounter': 'a counter declared under counters: (the value comes from the previous scenario\'s counter of the same name)',
  'uaState.afterNotFile': 'after: lists scenario files played before this one',
  'uaState.afterCampaign': 'after: cannot be given with campaign: (a chain is one pass through its scenarios)',
  'uaState.afterNoCampaign': 'after: for a single operation, or campaign: without after:',
  'uaState.afterDifficulty': 'the scenario {file} has no starting magazines for difficulty {difficulty}',
  'uaState.afterDifficultyAllowed': 'a difficulty every scenario of the chain gives (this one: {levels})',
  'uaState.chainNext': '── chain: {from} ended ({what}); {to} starts with magazines {magazines}{counters}',
  'uaState.chainFell': '── chain: the leader fell in {from}; {to} is not played',
  'uaState.noXpReplay': 'no 経験点 for this success: not this leader\'s first play of the scenario (operations.xp: first_play)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaState.memberWounded': '    {who}は被弾したが倒れない（残り生命点 {left}）',
  'uaState.variantCampaignNeedsCampaign': 'バリアントが campaign: を変えられるのは、実験の operation がキャンペーンを行う場合だけです（出力の形は実験全体で一つ：キャンペーンのものか作戦のもの）',
  'uaState.variantCampaignAllowed': '実験の operation: に campaign: { max_attempts: n } を書き、単発の作戦を行うバリアントには max_attempts: 1',
  'uaState.campaignVariant': 'このバリアントは試行回数が異なる（max_attempts: 1 はキャンペーンの第1試行と同じダイスで行う単発の作戦）',
  'uaState.carryUnknownCounter': 'carry_over にあるカウンター {id} はこのシナリオにありません',
  'uaState.carryDeclareCounter': 'counters: で宣言したカウンター（値は前のシナリオの同名カウンターから引き継ぐ）',
  'uaState.afterNotFile': 'after: にはこのシナリオの前に行うシナリオのファイルを並べます',
  'uaState.afterCampaign': 'after: は campaign: と同時に指定できません（連続シナリオは各シナリオを一度ずつ通る）',
  'uaState.afterNoCampaign': '単発の作戦なら after:、キャンペーンなら after: なしの campaign:',
  'uaState.afterDifficulty': 'シナリオ {file} には難易度 {difficulty} の初期弾倉がありません',
  'uaState.afterDifficultyAllowed': '連続シナリオのどのシナリオにもある難易度（このシナリオ：{levels}）',
  'uaState.chainNext': '── 連続シナリオ：{from} 終了（{what}）。{to} を弾倉 {magazines}{counters} で開始',
  'uaState.chainFell': '── 連続シナリオ：分隊長が {from} で倒れた。{to} は行わない',
  'uaState.noXpReplay': 'この成功では経験点は入らない：この分隊長にとってシナリオ最初のプレイではない（operations.xp: first_play）',
};
