/**
 * The switchable readings of seed 000 (the robot-skirmish turn and combat
 * chapter). Each has an id that docs/rules/robot-skirmish.md explains (quoted
 * clause, gap, choice, alternatives, why); the first option is the default.
 * Fixed rulings (RS-F…) are documented there too and live in the code.
 *
 * ```yaml
 * rulings:
 *   formation_split: per-point
 * ```
 */
import { defaultSettings, type RulingDef, type RulingSettingsOf } from '../../sim/core/ruling-def.js';
/** The shared ruling shape (src/sim/core/ruling-def.ts). */
export type RsRulingDef = RulingDef;

export const RS_RULINGS = [
  { id: 'RS-R01', key: 'initiative', clause: '2−2 「戦闘前に決めたイニシアチブ順」', options: ['roll-off', 'subject-first', 'reference-first'],
    summary: { 'roll-off': 'each side rolls 1d6 before the battle (ties rolled again); the higher plays first', 'subject-first': 'the variant\'s side always plays first', 'reference-first': 'the reference opponent always plays first' } },
  { id: 'RS-R02', key: 'disengage_free_attacks', clause: '◆離脱 「接触している敵から無条件で射撃、もしくは近接攻撃を受ける」', options: ['each', 'one'],
    summary: { each: 'a failed disengagement draws one free attack from every enemy in contact', one: 'a failed disengagement draws one free attack from one enemy in contact (its owner chooses which)' } },
  { id: 'RS-R03', key: 'failed_disengage', clause: '◆離脱 「このユニットを移動させる前に…攻撃を受ける」', options: ['moves-after-attacks', 'stays'],
    summary: { 'moves-after-attacks': 'after the free attacks the unit still makes its move (if it survives)', stays: 'a failed disengagement ends the move action: the unit stays in contact' } },
  { id: 'RS-R04', key: 'friendly_fire', clause: '◆射撃攻撃 誤射判定 「1D6を振り、その結果が1〜2の場合は味方ユニットに命中します」', options: ['before-roll', 'on-hit'],
    summary: { 'before-roll': 'the 1d6 is rolled before the attack: on 1–2 a random friend in contact with the target is hit (damage rolled, no attack roll)', 'on-hit': 'the attack is rolled against the target; a hit lands on a random touching friend on 1–2' } },
  { id: 'RS-R05', key: 'formation_split', clause: '◆陣形攻撃 「副攻撃者数分の修正値を攻撃力かダメージに割り振る」「2倍になる」', options: ['per-sub-attacker', 'per-point'],
    summary: { 'per-sub-attacker': 'each sub-attacker\'s +1 (+2 when doubled) goes whole to attack or to damage', 'per-point': 'the total bonus (doubled when all the same size) is split point by point' } },
  { id: 'RS-R06', key: 'formation_contact', clause: '射撃陣形 「射撃陣形を行う味方ユニットがお互いに接触しており」', options: ['connected', 'pairwise'],
    summary: { connected: 'the shooting formation\'s units form one connected chain of contacts', pairwise: 'every two units of the shooting formation touch each other' } },
  { id: 'RS-R07', key: 'heavy_armour', clause: 'construction rules: heavy armour reduces each hit by 1d6−2 (minimum 1)', options: ['reduction-min-1', 'damage-min-1'],
    summary: { 'reduction-min-1': 'each hit is reduced by max(1, 1d6−2); the damage can fall to 0', 'damage-min-1': 'each hit is reduced by max(1, 1d6−2) but at least 1 damage gets through' } },
  { id: 'RS-R08', key: 'fall_check', clause: '◆キック 「それぞれ戦闘終了後に転倒判定を行う」 (the check is not defined)', options: ['d6-1-falls', 'd6-1-2-falls', 'none'],
    summary: { 'd6-1-falls': 'fall check: 1d6, a 1 falls; a fallen unit spends its next movement action standing up', 'd6-1-2-falls': 'fall check: 1d6, 1–2 falls', none: 'kicks cause no fall' } },
  { id: 'RS-R09', key: 'tiebreak', clause: '2−2−4 「ジャンケン若しくはダイスロールで勝敗を決定する」', options: ['draw', 'dice'],
    summary: { draw: 'equal surviving cost at the time limit is a draw', dice: 'equal surviving cost is decided by a 1d6 roll-off (ties rolled again)' } },
  { id: 'RS-R10', key: 'concentration_scope', clause: '◆集中 「その後のダイスロールの際に、ダイスの出目に集中判定の判定値を加算する」', options: ['action', 'next-roll'],
    summary: { action: 'the concentration value is added to every attack roll of the attack action it was declared with', 'next-roll': 'the concentration value is added to the next attack roll only' } },
] as const satisfies readonly RsRulingDef[];

export type RsRulingKey = (typeof RS_RULINGS)[number]['key'];
export type RsRulings = RulingSettingsOf<typeof RS_RULINGS>;

export function defaultRsRulings(): RsRulings {
  return defaultSettings(RS_RULINGS);
}
