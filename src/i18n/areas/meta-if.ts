/**
 * Messages of area `meta.if-battle.*` (issue 26): what `balance-lab list` and the API show about the IF battle engine —
 * its title, each policy's summary and each policy parameter's meaning. The English is the text written beside the
 * definitions (src/rules/if-battle/engine.ts, src/policies/if-battle/); tests/engine-meta-lang.test.ts checks that it stays equal to them. Rule terms keep their
 * Japanese form.
 */
export const en = {
  'meta.if-battle.title': 'IF battle scene — 21×21 area map, fields, bugs, ranked checks (seed 001)',
  'meta.if-battle.policy.striker': 'closes in to its shortest reach while an attack stays affordable, boosts, attacks with the best expected damage; dashes when far; guards with the cost left',
  'meta.if-battle.policy.kiter': 'keeps the preferred distance (its longest attack reach): steps back while an attack stays affordable, then attacks',
  'meta.if-battle.policy.bugger': 'inflicts bugs first (an attack whose bug the target does not carry yet), then attacks like the striker',
  'meta.if-battle.policy.random': 'uniform over the legal actions at every decision, from the policy stream (for invariant tests)',
  'meta.if-battle.param.keep_range': 'preferred distance (areas) to the nearest opponent; 0 = the longest reach of the own attacks (kiter) or the shortest (striker, bugger)',
  'meta.if-battle.param.recover': 'make the turn-up recovery check (回復判定) on the bug with the most points (1 = yes)',
  'meta.if-battle.param.counter': 'make counter checks (対抗判定) (1 = yes)',
  'meta.if-battle.param.surrender_below': 'drop out (脱落) at the flag check when life / max life is at or below this (0 = never)',
  'meta.if-battle.param.guard_within': 'use a guard memory with the cost left when an opponent is within this many areas',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'meta.if-battle.title': 'IF 戦闘シーン — 21×21 エリアのマップ、フィールド、バグ、ランク付きの判定（シード 001）',
  'meta.if-battle.policy.striker': '攻撃のコストが払える間は最も短い射程まで詰め、ブーストし、期待ダメージが最大の攻撃をする。遠ければ疾走し、残ったコストで防御する',
  'meta.if-battle.policy.kiter': '望ましい距離（自分の攻撃の最も長い射程）を保つ: 攻撃のコストが払える間は下がり、それから攻撃する',
  'meta.if-battle.policy.bugger': 'まずバグを与え（目標がまだ持っていないバグの攻撃）、その後は striker と同じく攻撃する',
  'meta.if-battle.policy.random': '判断のたびに合法な行動から方針ストリームで一様に選ぶ（不変条件テスト用）',
  'meta.if-battle.param.keep_range': '最寄りの相手との望ましい距離（エリア数）。0 = 自分の攻撃の最も長い射程（kiter）か最も短い射程（striker、bugger）',
  'meta.if-battle.param.recover': 'ターン開始時に、点数が最も多いバグの回復判定をする（1 = する）',
  'meta.if-battle.param.counter': '対抗判定をする（1 = する）',
  'meta.if-battle.param.surrender_below': 'フラグ判定で ライフ / 最大ライフ がこの値以下なら脱落する（0 = しない）',
  'meta.if-battle.param.guard_within': '相手がこのエリア数以内にいれば、残ったコストで防御のメモリーを使う',
};
