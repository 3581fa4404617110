/**
 * The switchable readings of seed 003 (超人ロック 第10章 戦闘). Each id is
 * explained in docs/rules/chojin-locke.md (quoted clause, choice, why); the
 * first option is the default. Fixed rulings (LK-F…) live in the code and the
 * same document.
 *
 * ```yaml
 * rulings:
 *   jammer_level: known
 * ```
 */
import { defaultSettings, type RulingDef, type RulingSettingsOf } from '../../sim/core/ruling-def.js';

export const LK_RULINGS = [
  { id: 'LK-R01', key: 'jammer_level', clause: '10.10 「ジャマーのレベルが知られていない場合は例外がある」', options: ['secret', 'known'],
    summary: { secret: 'the jammer\'s level is secret: a jammed esper may try any card; one at or below the level is refused (card and power back) unless it failed anyway', known: 'the jammer\'s level is announced: cards at or below it cannot even be tried' } },
  { id: 'LK-R02', key: 'illusion_check', clause: '10.7.2 幻覚 「…全てのプレイヤーは幻覚チェックを行う」 (chart not in the seed)', options: ['esp-check', 'higher-level-immune'],
    summary: { 'esp-check': 'each other participant stays awake on an ESP-level check (2D6 ≤ own level), else sleeps', 'higher-level-immune': 'participants whose ESP level exceeds the illusion\'s are immune; the others make the ESP-level check' } },
  { id: 'LK-R03', key: 'teleport_sync', clause: '10.8 「テレポートに対し、それ以下のレベルで同種のコンバットカードを出すことを「同調」」', options: ['levels-add', 'plus-one-each'],
    summary: { 'levels-add': 'a synchronised teleport (or block) counts the sum of the levels', 'plus-one-each': 'each synchronising teleport adds +1 to the level of the first' } },
  { id: 'LK-R04', key: 'continuation', clause: '10.3.5 「以下の条件が満たされていれば戦闘は継続され」 (list not in the seed)', options: ['attack-or-declare', 'attack-only'],
    summary: { 'attack-or-declare': 'the combat continues if anyone attacked this round or a side declares continuation', 'attack-only': 'the combat continues only if someone attacked this round' } },
  { id: 'LK-R05', key: 'sleep', clause: '10.7.2 幻覚 「攻撃を行った者が寝れば…」 (how long one sleeps is not in the seed)', options: ['round', 'combat'],
    summary: { round: 'sleepers wake up in the post-processing of the round', combat: 'sleepers sleep until the end of the combat' } },
  { id: 'LK-R06', key: 'disintegration', clause: '10.7.1 「分解消去を試すことができる。成功すれば攻撃は消える」 (the check is not in the seed)', options: ['attacker-level-check', 'willpower-check'],
    summary: { 'attacker-level-check': 'the attack is erased unless its attacker passes an ESP-level check (2D6 ≤ attacker\'s level)', 'willpower-check': 'ジェシカ erases the attack on her own willpower check (2D6 ≤ 精神力)' } },
  { id: 'LK-R07', key: 'failed_block_refund', clause: '10.9 注意 「同調を期待して…失敗した場合はカードもパワーも元に戻す」', options: ['everyone', 'blocker-only'],
    summary: { everyone: 'a failed block that hoped for synchronisation returns the cards and power of the blocker and of its synchronisers', 'blocker-only': 'only the blocker gets its card and power back; synchronisers\' cards are spent' } },
  { id: 'LK-R08', key: 'initiative_ties', clause: '10.3.3 「出た目の大きい順に攻撃の順番が回る」 (ties not covered)', options: ['reroll', 'seat-order'],
    summary: { reroll: 'espers with equal 2D6 roll again among themselves until the order is strict', 'seat-order': 'equal rolls keep the listing order (party first)' } },
  { id: 'LK-R09', key: 'willpower_supplement', clause: '10.5.1 「自分のESPレベルとパワーがそのカードのレベルに満たない場合は、足りない数だけ連続して精神力チェックに成功する」', options: ['when-short', 'always'],
    summary: { 'when-short': 'willpower checks may make up a card\'s level only when the esper\'s ESP level or power is below it (then any split, as 10.5.2\'s example); an esper who can pay the level plays it with own levels', 'always': 'any esper may make up any part of a card\'s level by willpower checks' } },
] as const satisfies readonly RulingDef[];

export type LkRulings = RulingSettingsOf<typeof LK_RULINGS>;

/** The default settings (first option of each ruling). */
export function defaultLkRulings(): LkRulings {
  return defaultSettings(LK_RULINGS);
}
