/**
 * The readings chosen where seed 004 is silent or contradicts itself. Each has
 * an id that docs/rules/urban-assault.md explains (quoted clause, choice,
 * reason). Rulings with more than one option can be switched per experiment:
 *
 * ```yaml
 * rulings:
 *   gunner_ammo: extra-per-shot
 * ```
 */
import { defaultSettings, type RulingDef, type RulingSettingsOf } from '../../../sim/core/ruling-def.js';
export type { RulingDef };

export const UA_RULINGS = [
  { id: 'UA-R01', key: 'gunner_ammo', clause: '§28 ガンナー', options: ['two-per-round', 'extra-per-shot', 'per-roll'],
    summary: { 'two-per-round': 'gunner: one attack (2 shots) costs 2 magazines per round in total (1 + 1 extra)', 'extra-per-shot': 'gunner: each shot costs 1 + 1 extra magazine (4 per round)', 'per-roll': 'gunner: each attack roll costs 1 magazine; without one the roll is not a shot (v1.01 「2回とも射撃する場合、弾倉は合計2個」)' } },
  { id: 'UA-R02', key: 'lmg_ammo', clause: '§28 LMG', options: ['per-action', 'extra-per-shot', 'extra-per-round', 'per-roll'],
    summary: { 'per-action': 'LMG: one shooting action (2 shots) costs 1 + 1 extra magazine, 2 per round (as the gunner, UA-R01)', 'extra-per-shot': 'LMG: each of the 2 shots costs 2 magazines', 'extra-per-round': 'LMG: 1 extra magazine per round of firing (3 per round)', 'per-roll': 'LMG: each attack roll costs its magazines, the +1 always applies (v1.01 「2回とも射撃する場合、弾倉は合計2個」)' } },
  { id: 'UA-R03', key: 'purchase_timing', clause: '§26/§27 作戦投入上限', options: ['after-cap', 'before-cap'],
    summary: { 'after-cap': 'purchases are paid from the operation magazines after the cap is applied', 'before-cap': 'purchases are paid from the 10 starting magazines, then the cap tops up' } },
  { id: 'UA-R05', key: 'body_armor_initiative', clause: '§28 ボディアーマー「先制判定 −1」', options: ['none', 'preemptive-check'],
    summary: { none: 'the undefined initiative check has no effect', 'preemptive-check': 'choosing the pre-emptive attack needs 1d6+技量点−1 ≥ 4 with body armour, else the enemy strikes first' } },
  { id: 'UA-R06', key: 'withdraw_threshold', clause: '§35 敵対的 vs §38', options: ['at-or-below-half', 'below-half'],
    summary: { 'at-or-below-half': 'hostile enemies withdraw at or below half strength (§38)', 'below-half': 'hostile enemies withdraw below half strength (§35)' } },
  { id: 'UA-R07', key: 'htt_hostile_withdraws', clause: '§38 高脅威目標', options: ['yes', 'no'],
    summary: { yes: 'a high-threat target whose reaction is hostile withdraws at half life', no: 'high-threat targets never withdraw' } },
  { id: 'UA-R08', key: 'screen_odd_hits', clause: 'tutorial 中間イベント: shield screen + parity targeting', options: ['wasted', 'redirect'],
    summary: { wasted: 'an odd hit while the screen stands is stopped by the shield', redirect: 'an odd hit while the screen stands hits the screening group' } },
  { id: 'UA-R09', key: 'attacker_cap_applies_to', clause: 'tutorial 攻撃人数制限', options: ['squad', 'both'],
    summary: { squad: 'the per-round attacker cap limits the squad only', both: 'the per-round attacker cap also limits enemy attacks' } },
  { id: 'UA-R10', key: 'mixed_targeting', clause: '§24 vs §36 target choice', options: ['random', 'choose', 'groups-first'],
    summary: { random: 'when groups and high-threat targets are mixed, a normal hit lands on a random one', choose: 'the shooter always chooses the target', 'groups-first': 'normal attacks aim at enemy groups while any stand, high-threat targets after; precise shots, IEDs and explicit effects choose any unit (v1.01 §36)' } },
  { id: 'UA-R11', key: 'grenade_vs_group', clause: '§19 グレネード', options: ['two-soldiers', 'one-soldier'],
    summary: { 'two-soldiers': 'the grenade skill\'s 2 damage removes 2 soldiers of a group', 'one-soldier': 'the grenade skill\'s 2 damage fall on one soldier' } },
  { id: 'UA-R12', key: 'critical_extra_ammo', clause: '§08 critical extra attack', options: ['free', 'costs'],
    summary: { free: 'the extra attack roll of a critical costs no magazine', costs: 'the extra attack roll costs a magazine like any shot' } },
  { id: 'UA-R13', key: 'dark_penalty', clause: '§28 NVG「暗所による射撃ペナルティ」', options: ['minus-1', 'minus-2'],
    summary: { 'minus-1': 'shooting in the dark: −1 unless NVG or flashlight', 'minus-2': 'shooting in the dark: −2 unless NVG or flashlight' } },
  { id: 'UA-R14', key: 'member_defence', clause: '§36 分隊員の防御', options: ['leader-skill', 'leader-skill-and-armour', 'leader-skill-and-body-armour'],
    summary: { 'leader-skill': 'members defend with the leader\'s 技量点 only (no leader armour)', 'leader-skill-and-armour': 'members defend with the leader\'s 技量点 and his armour/shield bonus', 'leader-skill-and-body-armour': 'members defend with the leader\'s 技量点 and his body armour\'s bonus, not his shield\'s' } },
  { id: 'UA-R15', key: 'retreat_volley', clause: '§42 退却「残っている攻撃回数分」', options: ['full-volley', 'remaining'],
    summary: { 'full-volley': 'on retreat the enemy fires its full current attack count once', remaining: 'on retreat the enemy fires only the attacks it has not made this round' } },
  { id: 'UA-R48', key: 'off_ability_check', clause: '§07/§09 「【○○ロール】を行う」 for a sub-ability the leader does not have', options: ['skill', 'zero'],
    summary: { skill: 'an event\'s check on a sub-ability the leader lacks rolls 1d6 + 技量点 (the normal ability for checks, §07)', zero: 'an event\'s check on a sub-ability the leader lacks rolls 1d6 + 0' } },
  { id: 'UA-R82', key: 'scanner_spent', clause: '§40 戦術スキャナー「使用回数が尽きると通常装備になります」', options: ['standing', 'inert'],
    summary: { standing: 'a tactical scanner whose uses are spent becomes standing equipment: +1 to every 察知, free, kept and inherited', inert: 'a spent tactical scanner has no effect any more (discarded)' } },
  { id: 'UA-R83', key: 'prototype_shield_bearer', clause: '§40 試作防弾シールド「戦闘員1名に装備可能（分隊長含む）」', options: ['leader', 'members'],
    summary: { leader: 'the prototype shield is carried by the leader: +1 to his defence rolls against shooting, one use each', members: 'the prototype shield is carried by a member: +1 to the members\' defence rolls against shooting, one use each' } },
  { id: 'UA-R85', key: 'special_exchange', clause: '§39 「特別な記載がある特殊装備は、作戦の合間に弾倉6個と交換できます」', options: ['all', 'noted-only'],
    summary: { all: 'every special-equipment piece may be exchanged between operations for 6 magazines, less in proportion to the uses spent', 'noted-only': 'only special equipment whose text says so (the combat drone) may be exchanged' } },
  { id: 'UA-R89', key: 'medic_timing', clause: '§28 メディック「戦闘終了時に以下のいずれかを選択できます」', options: ['after-combat', 'after-any-encounter'],
    summary: { 'after-combat': 'the medic treats the leader when a combat ends (won, withdrawn or retreated), not after an encounter settled without one', 'after-any-encounter': 'the medic also treats the leader after an encounter settled without a fight' } },
  { id: 'UA-R90', key: 'eod_attack_penalty', clause: '§28 対爆スーツ「攻撃ロールに -1 の修正を与える」', options: ['every-attack-roll', 'gun-only'],
    summary: { 'every-attack-roll': 'the EOD suit\'s −1 applies to every 攻撃ロール of the leader: gun shots and melee', 'gun-only': 'the EOD suit\'s −1 applies to the leader\'s gun shots only' } },
  { id: 'UA-R41', key: 'fortify_uses', clause: '§21 拠点構築「分隊長１人、または戦闘に参加している隊員すべて」', options: ['one-or-other', 'each-side-once'],
    summary: { 'one-or-other': '拠点構築 is used once per combat, for the leader or for all members', 'each-side-once': '拠点構築 may be used once for the leader and once for the members in the same combat' } },
  { id: 'UA-R91', key: 'protect_roll', clause: '§22 かばう「その攻撃に対して【防御ロール】を行い」', options: ['leader-defence', 'sub-ability-only'],
    summary: { 'leader-defence': 'かばう is the leader\'s 防御ロール with 格闘点: his armour, shield and defence modifiers apply, as for 遮蔽物に隠れる', 'sub-ability-only': 'かばう rolls 1d6 + 格闘点 with no modifier' } },
  // Fixed readings until issue 40; the designer's v1.01 decisions contradict them, so each is switchable now. The
  // first option is the reading every earlier version plays; the v1.01 ruleset's `rulings:` picks the second.
  { id: 'UA-R04', key: 'stun_skill', clause: '§19 【スタングレネード】 (v1.01: its own text)', options: ['flashbang', 'own-skill'],
    summary: { flashbang: 'the スタングレネード skill plays as the フラッシュバン (no magazine; a group makes no attacks, a high-threat target one fewer)', 'own-skill': 'the スタングレネード skill: 1 射撃点 + 1 magazine, indoors +1; the target is スタン to the round\'s end: +1 on attacks against it and on defence against it, no damage (v1.01)' } },
  { id: 'UA-R22', key: 'skill_magazines', clause: '§18 射撃技能 「射撃を伴う技能では…弾倉 1個」 (v1.01)', options: ['free', 'per-roll'],
    summary: { free: 'the グレネード and スタングレネード skills cost no magazine', 'per-roll': 'every shooting skill roll (グレネード, スタングレネード, ショットガン, ラピッドファイア) costs 1 magazine and needs one; 先制射撃 and 見切り cost none (v1.01)' } },
  { id: 'UA-R23', key: 'enemy_attack_split', clause: '§36 敵の攻撃回数の処理 (v1.01: 敵単位ごと)', options: ['total', 'per-unit'],
    summary: { total: 'the round\'s total enemy attacks are split once between the leader and the members', 'per-unit': 'each enemy unit splits its own attacks between the leader and the members and is resolved to the end before the next (v1.01)' } },
  { id: 'UA-R24', key: 'withdrawal_scope', clause: '§38 撤退 (v1.01: 敵単位ごと)', options: ['force', 'per-unit'],
    summary: { force: 'the whole force withdraws at half its combined strength and the fight ends', 'per-unit': 'each enemy group at half its starting count or less leaves alone; the fight goes on while other units stand (v1.01)' } },
  { id: 'UA-R42', key: 'withdrawal_loot', clause: '§38/§39 撤退 and 戦利品 (v1.01)', options: ['loot', 'none'],
    summary: { loot: 'an enemy withdrawal gives the encounter\'s loot', none: 'an enemy withdrawal gives nothing by itself; loot only when the fight is won otherwise (v1.01 「敵が撤退したこと自体によって…獲得することはありません」)' } },
  { id: 'UA-V26', key: 'c4_timing', clause: '§28 C4 爆薬 「次のラウンド開始時、双方の行動前に…判定」 (v1.01)', options: ['roll-when-planted', 'roll-next-round'],
    summary: { 'roll-when-planted': 'C4 planted in combat: the 技量/器用 roll (4) when planting, the blast at the next round\'s start', 'roll-next-round': 'C4 planted in combat: the roll at the next round\'s start before either side acts, as the leader\'s action of that round, and the blast at once (v1.01)' } },
  { id: 'UA-R47', key: 'engineer_ied', clause: '§28 コンバットエンジニア IED', options: ['leader-order', 'engineer-attack'],
    summary: { 'leader-order': 'the IED is the leader\'s action against an armoured unit, round 0 included', 'engineer-attack': 'the IED replaces the engineer\'s own attack, against a 車両/装甲 high-threat target, never in round 0, lost with the engineer (v1.01)' } },
  { id: 'UA-R63', key: 'no_combatant_hit', clause: '§36 被弾ロール 「対象となれる戦闘員が1名もいない場合」 (v1.01)', options: ['nothing', 'leader'],
    summary: { nothing: 'an event\'s hit-table roll with no combatant member hits nobody', leader: 'with no combatant member the leader is the target, no roll (v1.01)' } },
  { id: 'UA-R73', key: 'capture', clause: '§21 ネゴシエーション, 【鹵獲】 (v1.01)', options: ['only-enemy', 'life-1'],
    summary: { 'only-enemy': 'negotiation captures the last enemy standing (a group\'s last soldier, or the scenario\'s on_capture unit at any life)', 'life-1': 'negotiation captures a group\'s last soldier or a manned high-threat target at life 1, once per target per fight; the captured unit leaves and the fight goes on (v1.01 鹵獲)' } },
  { id: 'UA-R103', key: 'medkit_timing', clause: '§28 医療キット「戦闘終了後に使用できます。」 (seed)', options: ['after-any-event', 'after-combat'],
    summary: { 'after-any-event': 'the seed\'s medkit (+1 life) is offered between fights and after every event of an operation: a fight, a trap, a check, a supply tile', 'after-combat': 'the seed\'s medkit is offered only after an encounter that came to combat' } },
  { id: 'UA-R107', key: 'first_strike_counts', clause: 'Black Sun 23/28 混乱「分隊が先制攻撃を選択した場合」 under a forced enemy first strike', options: ['chosen', 'fired-first'],
    summary: { chosen: 'an effect of the squad\'s 先制攻撃 applies when the squad chose it, even if the enemy was forced to fire first', 'fired-first': 'an effect of the squad\'s 先制攻撃 applies only when the squad really fires first (no body-armour initiative check when the enemy is forced first)' } },
  { id: 'UA-R150', key: 'wound_bleed', clause: '§36 負傷3「ラウンド終了時に生命点 −1」 vs 戦闘終了「敵の全滅」「敵の撤退」「分隊の撤退」', options: ['while-fighting', 'after-end-too'],
    summary: { 'while-fighting': '負傷 3 costs 1 life at the end of a round only while the combat goes on: not in the round the enemy was wiped out or withdrew, or the squad retreated', 'after-end-too': '負傷 3 costs 1 life at the end of the round in which the combat ended too' } },
  { id: 'UA-R151', key: 'wounds_at_refit', clause: '§44 回復処理「生命点・技量点・副能力値は最大値まで回復」; 作戦終了時の処理「分隊長の能力値回復」', options: ['cleared', 'persist'],
    summary: { cleared: 'a campaign\'s recovery between operations sets 負傷 to 0 with life, 技量点 and the sub-ability', persist: 'the leader keeps his 負傷 from one operation of a campaign to the next' } },
  { id: 'UA-R152', key: 'pending_at_refit', clause: 'the scenarios\' 「次の戦闘において…」「次のd66の…」; §44 作戦終了時の処理 and 作戦間フェイズ', options: ['dropped', 'carried'],
    summary: { dropped: 'an effect meant for the next fight or the next map roll that is still pending when an operation ends is dropped at the campaign\'s refit', carried: 'a pending next-fight or next-map-roll effect waits through the refit for the next operation\'s first fight or map roll' } },
  { id: 'UA-R154', key: 'per_scenario_uses', clause: 'v1.01 スカウト「1シナリオに1回、【察知】を無条件で成功」, メディック 戦場治療「1シナリオにつき1回」; §41「同一シナリオ内」', options: ['per-operation', 'per-campaign'],
    summary: { 'per-operation': 'a use 「1シナリオにつき1回」 (v1.01: a scout\'s free 察知, the medic\'s 戦場治療) comes back at each operation of a campaign', 'per-campaign': 'a use 「1シナリオにつき1回」 is spent for the whole campaign run on the scenario (as 部隊再編\'s 「同一シナリオ内」, UA-R59)' } },
  { id: 'UA-R120', key: 'fixed_event_retreat', clause: '§42 「退却後に即座に同じマップへ再突入することはできません（1回以上別の行動を挟むこと）」「再度進入した場合、改めてイベント処理を行います」 at a mid or final event that allows 退却', options: ['re-enter', 'ends'],
    summary: { 're-enter': 'a 退却 at a mid or final event that allows it (one 逃走) is followed by the between-fights step, then the event is entered again and resolved afresh, while 逃走 are left', ends: 'a 退却 at a mid or final event ends the operation there, not cleared, the leader alive' } },
  { id: 'UA-R170', key: 'two_player_odd_leader', clause: 'v1.01 §45 「分隊長側へ割り当てられた攻撃は、2人の分隊長へ可能な限り均等に配分します。奇数で1回余る場合、どちらの分隊長が受けるかをプレイヤーが決めます」 (left to the table)', options: ['healthier', 'first'],
    summary: { healthier: 'two players (§45): the odd attack at the leaders goes to the leader with more life left (the first on a tie)', first: 'two players (§45): the odd attack at the leaders always goes to the first leader' } },
  { id: 'UA-R171', key: 'two_player_odd_squad', clause: 'v1.01 §45 「分隊員側へ割り当てられた攻撃は、2つの分隊へ可能な限り均等に配分します。奇数で1回余る場合、どちらの分隊が受けるかをプレイヤーが決めます」 (left to the table)', options: ['larger', 'first'],
    summary: { larger: 'two players (§45): the odd attack at the squads goes to the squad with more members standing (the first on a tie)', first: 'two players (§45): the odd attack at the squads always goes to the first squad' } },
  { id: 'UA-R172', key: 'two_player_checks', clause: 'v1.01 §45 「行動順や判定は通常どおり処理しますが、協力や役割分担が重要になります」; V §03 「2人プレイでは相談して処理を決めます」 (left to the table)', options: ['first', 'better'],
    summary: { first: 'two players (§45): a check outside the two-player steps (an event\'s 判定ロール, 察知) is rolled by the first leader', better: 'two players (§45): an event\'s 判定ロール is rolled by the leader with the higher value for it, 察知 by the one with more 器用点 left (the first on a tie); what the result does stays with the first leader' } },
  { id: 'UA-R173', key: 'ied_fumble_wound', clause: 'Black Sun 54 即席爆弾 「防御に失敗した場合、通常のダメージに加えて【負傷+1】」; his later decision (v1.01 summary) 「54: IED fumble → 負傷+2」', options: ['total', 'extra'],
    summary: { total: 'a fumbled defence against a blast whose scenario gives its fumble 負傷 (`fumble_wound: 2`, Black Sun 54) costs that many levels in all: the core defence fumble\'s +1 and the blast\'s own (2 = +1 and +1)', extra: 'a fumbled defence against such a blast costs the core fumble\'s 負傷+1 and then the scenario\'s number on top (2 → 3 in all)' } },
  { id: 'UA-V67', key: 'two_player_buy_order', clause: 'v1.01 §45 「各分隊長の能力値、技能、経験点、個人装備…は、それぞれ個別に管理します」 with one shared 軍票 pool (「作戦全体」の支給資源は…2人で共有) between a campaign\'s operations', options: ['in-turn', 'alternate'],
    summary: { 'in-turn': 'two players (§45), between a campaign\'s operations: each leader buys the variant\'s buy_between plan for his own gear from the shared 軍票, the first leader\'s whole plan as far as it can be paid, then the second\'s', alternate: 'two players (§45), between a campaign\'s operations: the leaders buy their plans\' entries in turn, one each (the first, the second, the first …), from the shared 軍票' } },
  { id: 'UA-R155', key: 'screen_exemptions', clause: 'Black Sun 中間イベント 1周目「スキル：精密射撃並びに隊員：マークスマンについては通常通り射撃対象を選択できる」, 出目64「但し、マークスマンやスキル【精密射撃】はこの限りではない」', options: ['scenario', 'none'],
    summary: { scenario: 'a screened unit may be shot past its screen by the shots its scenario names (`screen_exempt`: the leader\'s 精密射撃, the marksman, the sniper)', none: 'nobody shoots past a `screened_by` screen, whatever the scenario says (the reading before issue 38)' } },
  { id: 'UA-R156', key: 'c4_booby_trap', clause: '§28 C4爆薬 「戦闘前に使用する場合 以下のいずれかを選択します。ブービートラップを自動解除 … 判定は不要です。」; Black Sun 41 「解除成功：…弾倉1個を得る」', options: ['disarm', 'disarm-and-reward', 'not-offered'],
    summary: { disarm: 'a trap whose scenario marks a disarm attempt (`disarm: true`) may be passed by spending a C4, no check; the disarm\'s success reward (Black Sun 41\'s magazine) is not paid', 'disarm-and-reward': 'C4 passes a marked booby trap, no check, and pays the disarm\'s success effects too (41: 1 magazine)', 'not-offered': 'C4 is never offered on a trap (the reading before issue 38)' } },
  { id: 'UA-R105', key: 'reaction_memory', clause: '§35 支援的「次回訪問時は【友好的】として扱う」; 友好的「次回訪問時も同じ反応になります。」', options: ['remembered', 'forgotten'],
    summary: { remembered: 'a place whose reaction was 支援的 is 友好的 on the next visit of the campaign run, one that was 友好的 shows the same face again; no reaction roll (operations and successors keep it, a new game or a chain\'s next scenario starts afresh)', forgotten: 'a revisited place rolls its reaction afresh (the reading before issue 38)' } },
] as const satisfies readonly RulingDef[];

export type RulingKey = (typeof UA_RULINGS)[number]['key'];
export type RulingSettings = RulingSettingsOf<typeof UA_RULINGS>;

/** Default settings: the first option of each ruling. */
export function defaultRulings(): RulingSettings {
  return defaultSettings(UA_RULINGS);
}
