/**
 * Messages of area `meta.robot-skirmish.*` (issue 26): what `balance-lab list` and the API show about the robot skirmish engine —
 * its title, each policy's summary and each policy parameter's meaning. The English is the text written beside the
 * definitions (src/rules/robot-skirmish/engine.ts, src/policies/robot-skirmish/); tests/engine-meta-lang.test.ts checks that it stays equal to them. Rule terms keep their
 * Japanese form.
 */
export const en = {
  'meta.robot-skirmish.title': 'BJPM robot skirmish — turns and combat on a 2D table (formations, multi-attacks, charges)',
  'meta.robot-skirmish.policy.formation-first': 'formation attacks (陣形攻撃) whenever two or more unacted units can, else single attacks; keeps units in contact',
  'meta.robot-skirmish.policy.multi-attack-first': 'multi-attacks (複数攻撃) whenever a unit has two usable weapons, else single attacks; stands within its shortest weapon range',
  'meta.robot-skirmish.policy.focus-fire': 'single attacks only, each on the target of the best expected damage (a kill counts extra, overkill less: finishes damaged units)',
  'meta.robot-skirmish.policy.charge': 'charges (突撃) whenever possible, else melee, else shoots; closes to charge distance',
  'meta.robot-skirmish.policy.random': 'uniform over the legal actions at every decision, from the policy stream (for invariant tests)',
  'meta.robot-skirmish.param.advance': 'weight of getting to the preferred distance from the nearest enemy (weapon range, or contact for melee units)',
  'meta.robot-skirmish.param.range_fraction': 'preferred distance as a fraction of the weapon range (see range_basis)',
  'meta.robot-skirmish.param.range_basis': 'range the preferred distance is taken from: 0 = the longest ranged weapon, 1 = the shortest (every weapon in range, for multi-attacks)',
  'meta.robot-skirmish.param.cover': 'weight of ending behind terrain (cover spots) and of taking stealth',
  'meta.robot-skirmish.param.cohesion': 'weight of ending in contact with a friend (formation contact)',
  'meta.robot-skirmish.param.surround': 'penalty per extra enemy that could reach the unit next turn (avoid being surrounded)',
  'meta.robot-skirmish.param.targets': 'weight of having an enemy in range and line of fire after the move',
  'meta.robot-skirmish.param.run_distance': 'run (×2 move, 1 damage, no attack) only when the nearest enemy is farther than this',
  'meta.robot-skirmish.param.stealth': 'take stealth (隠密行動) when offered (1 = yes)',
  'meta.robot-skirmish.param.concentrate_below': 'concentrate (集中) when the action\'s hit chance is below this (0 = never)',
  'meta.robot-skirmish.param.repair_below': 'self-repair when hp / max hp is at or below this',
  'meta.robot-skirmish.param.intercept': 'intercept (迎撃) charges when possible (1 = yes)',
  'meta.robot-skirmish.param.combine': 'combine (合体) with every unmoved friend in contact when possible (1 = yes)',
  'meta.robot-skirmish.param.kick_penalty': 'damage-equivalent cost of the kicker\'s own fall check',
  'meta.robot-skirmish.param.self_damage_cost': 'damage-equivalent cost of 1 point of own unpreventable damage (charge)',
  'meta.robot-skirmish.param.charge_mind': 'stop at 60% of the move value from the nearest enemy (charge distance) instead of contact (1 = yes)',
  'meta.robot-skirmish.param.destinations': 'families of move destinations the policy scores (bits: 1 the 8 directions at the full move, 2 at half the move, 4 contact with an enemy, 8 an enemy at 85% of the longest range, 16 contact beside a friend, 32 behind terrain, 64 contact with the enemy headquarters); the engine builds only these. Each policy has its own default',
  'meta.robot-skirmish.param.thorough': 'move search: 1 = thorough, every family of destinations (destinations 127: the policies before issue 27, to re-check an answer); 0 = the families of `destinations`',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'meta.robot-skirmish.title': 'BJPM ロボット・スカーミッシュ — 2D テーブル上のターンと戦闘（陣形、複数攻撃、突撃）',
  'meta.robot-skirmish.policy.formation-first': '未行動のユニットが 2 体以上いれば陣形攻撃、それ以外は単独攻撃。ユニット同士を接触させておく',
  'meta.robot-skirmish.policy.multi-attack-first': '使える武器が 2 つあるユニットは複数攻撃、それ以外は単独攻撃。最も短い武器の射程内に立つ',
  'meta.robot-skirmish.policy.focus-fire': '単独攻撃のみ。期待ダメージが最大の目標を狙う（撃破は加点、過剰ダメージは減点: 損傷したユニットを仕留める）',
  'meta.robot-skirmish.policy.charge': 'できるときは必ず突撃、次に格闘、それ以外は射撃。突撃距離まで詰める',
  'meta.robot-skirmish.policy.random': '判断のたびに合法な行動から方針ストリームで一様に選ぶ（不変条件テスト用）',
  'meta.robot-skirmish.param.advance': '最寄りの敵から望ましい距離（武器の射程、格闘ユニットなら接触）に着く重み',
  'meta.robot-skirmish.param.range_fraction': '望ましい距離を武器の射程に対する割合で（range_basis を参照）',
  'meta.robot-skirmish.param.range_basis': '望ましい距離の基準の射程: 0 = 最も長い射撃武器、1 = 最も短い武器（複数攻撃のためすべての武器を射程内に）',
  'meta.robot-skirmish.param.cover': '地形の陰（遮蔽地点）で移動を終えること、隠密行動を取ることの重み',
  'meta.robot-skirmish.param.cohesion': '味方と接触して移動を終えること（陣形の接触）の重み',
  'meta.robot-skirmish.param.surround': '次のターンにユニットへ届く敵が 1 体増えるごとのペナルティ（包囲を避ける）',
  'meta.robot-skirmish.param.targets': '移動後に射程内かつ射線上に敵がいることの重み',
  'meta.robot-skirmish.param.run_distance': '最寄りの敵がこれより遠いときだけ走る（移動 ×2、1 ダメージ、攻撃なし）',
  'meta.robot-skirmish.param.stealth': '隠密行動を選べるときは取る（1 = 取る）',
  'meta.robot-skirmish.param.concentrate_below': '行動の命中確率がこの値未満なら集中する（0 = しない）',
  'meta.robot-skirmish.param.repair_below': 'HP / 最大 HP がこの値以下なら自己修復する',
  'meta.robot-skirmish.param.intercept': 'できるときは突撃を迎撃する（1 = する）',
  'meta.robot-skirmish.param.combine': 'できるときは接触している未移動の味方すべてと合体する（1 = する）',
  'meta.robot-skirmish.param.kick_penalty': 'キックする側が自分で行う転倒判定のダメージ換算の代償',
  'meta.robot-skirmish.param.self_damage_cost': '軽減できない自分へのダメージ 1 点（突撃）のダメージ換算の代償',
  'meta.robot-skirmish.param.charge_mind': '接触ではなく、最寄りの敵から移動力の 60%（突撃距離）で止まる（1 = 止まる）',
  'meta.robot-skirmish.param.destinations': '方針が評価する移動先の種類（ビット: 1 移動力いっぱいの 8 方向、2 移動力の半分の 8 方向、4 敵との接触、8 最長射程の 85% で敵に向かう地点、16 味方の横で接触、32 地形の陰、64 敵司令部との接触）。エンジンはこれだけを作る。既定値は方針ごとに異なる',
  'meta.robot-skirmish.param.thorough': '移動の探索: 1 = 徹底（すべての種類の移動先 = destinations 127。issue 27 以前の方針で、答えを検算するため）、0 = destinations の種類だけ',
};
