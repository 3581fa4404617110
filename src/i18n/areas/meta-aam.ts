/**
 * Messages of area `meta.axis-allies-miniatures.*` (issue 26): what `balance-lab list` and the API show about the Axis & Allies Miniatures engine —
 * its title, each policy's summary and each policy parameter's meaning. The English is the text written beside the
 * definitions (src/rules/axis-allies-miniatures/engine.ts, src/policies/axis-allies-miniatures/); tests/engine-meta-lang.test.ts checks that it stays equal to them. Rule terms keep their
 * Japanese form.
 */
export const en = {
  'meta.axis-allies-miniatures.title': 'Axis & Allies Miniatures — the turn sequence, combat and the standard scenario',
  'meta.axis-allies-miniatures.policy.default': 'balanced: best hex by firepower, cover, threat and objective; finish off units already hit, else the best attack',
  'meta.axis-allies-miniatures.policy.aggressive': 'rushes the objective from turn 1, ignores cover and threat, attacks whenever it can',
  'meta.axis-allies-miniatures.policy.cautious': 'prefers cover and safety, fires from where it stands, contests the objective late',
  'meta.axis-allies-miniatures.policy.hold': 'never moves; attacks the best target in reach, finishing off units already hit first',
  'meta.axis-allies-miniatures.policy.thorough': 'the default policy with the evaluator before issue 27 (same decisions, slower): for re-checking answers',
  'meta.axis-allies-miniatures.policy.random': 'uniform over the legal actions (for invariant tests)',
  'meta.axis-allies-miniatures.param.activation': 'order in which the side\'s units act in the movement and assault phases (AAM-R29): 0 = force order, 1 = the unit with the most attack dice first',
  'meta.axis-allies-miniatures.param.go_first': 'on winning the initiative: 1 = go first, 0 = go second, in between = that chance of going first',
  'meta.axis-allies-miniatures.param.fire': 'weight of the best attack available from a hex (close to optimal range)',
  'meta.axis-allies-miniatures.param.cover': 'weight of cover (chance a cover roll holds) when choosing a hex',
  'meta.axis-allies-miniatures.param.threat': 'weight of the expected points lost to enemies that see a hex',
  'meta.axis-allies-miniatures.param.approach': 'per hex of distance from the optimal range to the nearest enemy when nothing can be attacked',
  'meta.axis-allies-miniatures.param.objective': 'weight of closeness to the objective once it matters',
  'meta.axis-allies-miniatures.param.objective_from': 'turn from which the objective starts to pull (full pull on the objective turn)',
  'meta.axis-allies-miniatures.param.seize_from': 'turn from which a unit that can reach a hex next to the objective goes there',
  'meta.axis-allies-miniatures.param.focus': 'bonus factor for attacking a unit already hit this turn (focus fire)',
  'meta.axis-allies-miniatures.param.finish_threshold': 'attack a unit already hit first when that attack is worth at least this many points',
  'meta.axis-allies-miniatures.param.attack_threshold': 'attack rather than manoeuvre when the best attack is worth at least this many points',
  'meta.axis-allies-miniatures.param.stay_bonus': 'a move must beat staying put by this much',
  'meta.axis-allies-miniatures.param.guard_rear': '1 = vehicles face the most dangerous enemy (protect the rear armour), 0 = never turn',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'meta.axis-allies-miniatures.title': 'Axis & Allies Miniatures — ターンの手順、戦闘、標準シナリオ',
  'meta.axis-allies-miniatures.policy.default': 'バランス型: 火力・遮蔽・脅威・目標物で最良のヘクスを選ぶ。既に命中したユニットにとどめを刺し、なければ最良の攻撃をする',
  'meta.axis-allies-miniatures.policy.aggressive': 'ターン 1 から目標物へ突進し、遮蔽も脅威も無視して、攻撃できるときは必ず攻撃する',
  'meta.axis-allies-miniatures.policy.cautious': '遮蔽と安全を優先し、その場から射撃し、目標物は終盤に争う',
  'meta.axis-allies-miniatures.policy.hold': '移動しない。届く範囲の最良の目標を攻撃し、既に命中したユニットへのとどめを優先する',
  'meta.axis-allies-miniatures.policy.thorough': 'default と同じ方針を issue 27 以前の評価器で動かす（判断は同じで遅い）: 答えの再確認用',
  'meta.axis-allies-miniatures.policy.random': '合法な行動から一様に選ぶ（不変条件テスト用）',
  'meta.axis-allies-miniatures.param.activation': '移動フェイズと突撃フェイズで自軍ユニットが行動する順（AAM-R29）: 0 = 部隊の順、1 = 攻撃ダイスが最も多いユニットから',
  'meta.axis-allies-miniatures.param.go_first': 'イニシアチブを取ったとき: 1 = 先攻、0 = 後攻、その間 = その確率で先攻',
  'meta.axis-allies-miniatures.param.fire': 'ヘクスから可能な最良の攻撃の重み（最適射程に近いほど高い）',
  'meta.axis-allies-miniatures.param.cover': 'ヘクスを選ぶときの遮蔽の重み（遮蔽ロールが成功する確率）',
  'meta.axis-allies-miniatures.param.threat': 'ヘクスが見える敵によって失うと見込まれる点数の重み',
  'meta.axis-allies-miniatures.param.approach': '攻撃できる相手がいないとき、最寄りの敵までの距離が最適射程から 1 ヘクス離れるごとの重み',
  'meta.axis-allies-miniatures.param.objective': '目標物が意味を持ってからの、目標物への近さの重み',
  'meta.axis-allies-miniatures.param.objective_from': '目標物が引き寄せ始めるターン（目標物のターンに最大になる）',
  'meta.axis-allies-miniatures.param.seize_from': '目標物の隣のヘクスに届くユニットがそこへ向かうようになるターン',
  'meta.axis-allies-miniatures.param.focus': 'このターン既に命中したユニットを攻撃するときのボーナス係数（集中射撃）',
  'meta.axis-allies-miniatures.param.finish_threshold': '既に命中したユニットへの攻撃がこの点数以上の価値なら、それを先に攻撃する',
  'meta.axis-allies-miniatures.param.attack_threshold': '最良の攻撃がこの点数以上の価値なら、機動より攻撃を選ぶ',
  'meta.axis-allies-miniatures.param.stay_bonus': '移動はその場に留まるよりこれだけ良くなければならない',
  'meta.axis-allies-miniatures.param.guard_rear': '1 = 車両は最も危険な敵に正面を向ける（背面装甲を守る）、0 = 向きを変えない',
};
