/**
 * The switchable readings of seed 001 (the IF battle-scene chapter). Each has
 * an id that docs/rules/if-battle.md explains (quoted clause, gap, choice,
 * alternatives, why); the first option is the default. Fixed rulings (IF-F…)
 * are documented there too and live in the code.
 *
 * ```yaml
 * rulings:
 *   placement: scaled
 * ```
 */
import { defaultSettings, type RulingDef, type RulingSettingsOf } from '../../sim/core/ruling-def.js';

export const IF_RULINGS = [
  { id: 'IF-R01', key: 'placement', clause: 'エリアセット 「D66を二回行って決定します。一回目を縦軸、二回目を横軸」 (21 rows, 36 results)', options: ['unordered-pairs', 'scaled'],
    summary: { 'unordered-pairs': 'a D66 read as an unordered pair (smaller die first) has exactly 21 results, one per row/column (doubles half as likely)', scaled: 'the 36 ordered results 11..66 scaled onto 21 rows/columns (floor(i × 21 / 36))' } },
  { id: 'IF-R02', key: 'bug_tick', clause: 'バグ 「累積しているポイントと同じターン数持続します。ターンが1経過する度に累積ポイントが1減少」', options: ['standby', 'turn-up'],
    summary: { standby: 'the bearer\'s bug points drop by 1 at the end of each of its own turns (スタンバイ): N points affect N of its turns', 'turn-up': 'the points drop by 1 at each of the bearer\'s turn-ups (ターンアップ), before the recovery check' } },
  { id: 'IF-R03', key: 'burning_turns', clause: '炎上 「そのキャラクターは経過ターンと同じダメージを受けます」', options: ['own-turn', 'since-change'],
    summary: { 'own-turn': 'the damage equals the character\'s own turn counter (ターン, from 0 at the start of the battle)', 'since-change': 'the damage equals the character\'s turns elapsed since the field became 炎上' } },
  { id: 'IF-R04', key: 'tenth_rule', clause: '脱落 「「ライフ」が最大値の1割以上減少した時点で戦闘から脱落します」', options: ['cumulative', 'single-loss'],
    summary: { cumulative: 'in the main process a character drops out once its total life lost reaches a tenth of its maximum', 'single-loss': 'it drops out when one single loss of life is at least a tenth of its maximum' } },
  { id: 'IF-R05', key: 'speed_ties', clause: 'エリアセット 「行動順を＜スピード＞の数値が高い順に決定」 (ties not covered)', options: ['roll-off', 'listed-order'],
    summary: { 'roll-off': 'characters with equal スピード roll 1D6 each (ties rolled again), higher first', 'listed-order': 'equal スピード keeps the listed order (subject side first)' } },
  { id: 'IF-R06', key: 'start_field_checks', clause: 'フィールド表 「「フィールド」が…に変更された時…成否判定を行います」', options: ['checks', 'none'],
    summary: { checks: 'the field chosen at エリアセット counts as a change: its check (水泳/飛行/走法) or the GM\'s 1D10 happens at once', none: 'only a later change of field triggers the checks; the starting field\'s penalties never apply' } },
  { id: 'IF-R07', key: 'memory_repeat', clause: 'メインアクション 「『メインメモリ』の使用を行います」 (how many times is not said)', options: ['once-per-turn', 'repeat'],
    summary: { 'once-per-turn': 'each main or additional memory can be used at most once per turn (as many different ones as the cost allows)', repeat: 'a memory can be used again in the same turn while cost remains' } },
] as const satisfies readonly RulingDef[];

export type IfRulingKey = (typeof IF_RULINGS)[number]['key'];
export type IfRulings = RulingSettingsOf<typeof IF_RULINGS>;

/** The default reading of every switchable ruling. */
export function defaultIfRulings(): IfRulings {
  return defaultSettings(IF_RULINGS);
}
