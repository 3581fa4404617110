/**
 * Messages of the URBAN ASSAULT replay narration for the core 1.01 procedures (issue 40), in English and Japanese.
 * Rule terms keep their Japanese form in both languages. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uaLog.targetRoll': '  着弾対象ロール: d6={f} → {who}',
  'uaLog.c4Set': '  C4 set on {unit}: the roll comes at the next round\'s start (the leader\'s action of that round)',
  'uaLog.f.theLeader': 'the leader',
  'uaLog.f.theMembers': 'the members',
  'uaLog.unitAttacks': '  {unit}: {total} attacks: {toLeader} at the leader, {toMembers} at the members',
  'uaLog.detectSpotter': '  察知: the spotter succeeds outright (outdoor map, once per map roll)',
  'uaLog.detectScout': '  察知: a scout succeeds outright ({n} of {of} scouts used this operation)',
  'uaLog.unitWithdraws': '  {unit} is down to {left} of {start} and withdraws; the fight goes on',
  'uaLog.memberFumbleV101': '  the members\' defence fumbles: the leader takes 負傷+1 and the hit table is rolled (no choice)',
  'uaLog.noCombatantLeader': '  no combatant member to pick: the leader is the target',
  'uaLog.stunV101': '  leader throws the スタングレネード at {unit}: d6={nat} {mod} → {value}{ok}',
  'uaLog.stunnedMod': ' (スタン: +1)',
  'uaLog.iedEngineer': '  engineer: IED on {unit} instead of its attack',
  'uaLog.captured': '  {unit} is captured (鹵獲) and leaves the fight',
  'uaLog.leaderCutOff': '  the leader is cut off in round 1: no action this round (still a target)',
  'uaLog.negotiateWithdrawing': '  {unit} withdraws: ネゴシエーション first (once): d6={nat} {mod} → {value}{ok}',
  'uaLog.capturedVehicleRoll': '  鹵獲 vehicle: map roll {rolled} → {code} (units ±1 until the next fixed event)',
  'uaLog.fieldTreatmentOnce': '  メディック 戦場治療: 1 magazine, 負傷 {before} → 0 (once per scenario)',
  'uaLog.noLootWithdrawal': '  the enemy withdrew: no loot by itself (v1.01 §38)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaLog.targetRoll': '  着弾対象ロール: d6={f} → {who}',
  'uaLog.c4Set': '  {unit} に C4 を設置: 判定は次のラウンド開始時（そのラウンドの分隊長の行動）',
  'uaLog.f.theLeader': '分隊長',
  'uaLog.f.theMembers': '分隊員',
  'uaLog.unitAttacks': '  {unit}: 攻撃 {total} 回: リーダーへ {toLeader}、隊員へ {toMembers}',
  'uaLog.detectSpotter': '  察知: スポッターが無条件で成功（屋外マップ、マップ決定 1 回につき 1 回）',
  'uaLog.detectScout': '  察知: スカウトが無条件で成功（この作戦で {of} 名中 {n} 名使用）',
  'uaLog.unitWithdraws': '  {unit} は {start} 名中 {left} 名になり撤退。戦闘は続く',
  'uaLog.memberFumbleV101': '  分隊員の防御がファンブル: 分隊長が負傷+1 を受け、被弾テーブルを振る（選択なし）',
  'uaLog.noCombatantLeader': '  対象となれる戦闘員がいない: 分隊長が対象',
  'uaLog.stunV101': '  分隊長が {unit} にスタングレネード: d6={nat} {mod} → {value}{ok}',
  'uaLog.stunnedMod': '（スタン: +1）',
  'uaLog.iedEngineer': '  コンバットエンジニア: 攻撃の代わりに {unit} へ IED',
  'uaLog.captured': '  {unit} を捕虜・【鹵獲】にした。戦闘から除外',
  'uaLog.leaderCutOff': '  分隊長が第1ラウンドに分断される: このラウンドは行動できない（攻撃対象にはなる）',
  'uaLog.negotiateWithdrawing': '  {unit} が撤退: 先に【ネゴシエーション】（1 回）: d6={nat} {mod} → {value}{ok}',
  'uaLog.capturedVehicleRoll': '  【鹵獲】車両: マップロール {rolled} → {code}（次の固定イベントまで一の位 ±1）',
  'uaLog.fieldTreatmentOnce': '  メディック 戦場治療: 弾倉 1、負傷 {before} → 0（1 シナリオ 1 回）',
  'uaLog.noLootWithdrawal': '  敵が撤退: 撤退だけでは戦利品なし（v1.01 §38）',
} as const;
