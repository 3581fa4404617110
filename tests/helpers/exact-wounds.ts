// Test helper: the exact win probability of one leader against a small group under the 2026-03 負傷 track
// (core rules 2026-03-23 §36 負傷, §28 医療キット, §08), computed from the rule text, independently of the engine.

import { successFaces } from './exact-engagement.js';

/**
 * One leader alone (no members, no armour, no attachment, no skills that apply) with an AR indoors, against one
 * group of `soldiers` soldiers of level `level` who fight to the end (死ぬまで戦う) and strike first, armed with guns
 * (melee against them at −2, §29), one attack each.
 */
export interface ExactWoundEngagement {
  readonly leaderSkill: number;
  readonly life: number;
  readonly magazines: number;
  readonly soldiers: number;
  readonly level: number;
  /** 医療キット held (the default policy uses one in combat at 負傷 ≥ `cureAt`). */
  readonly medkits: number;
  readonly cureAt: number;
  /** UA-R150: `while-fighting` — no round-end life loss once the combat has ended; `after-end-too` — the old reading. */
  readonly bleed: 'while-fighting' | 'after-end-too';
  readonly maxRounds: number;
}

/**
 * The exact probability that the leader wipes out the group before he is down (行動不能) or the round limit.
 *
 * Rules followed (2026-03-23):
 * - Each round the enemy acts first (its attacks counted at the start of its turn: one per soldier standing), then
 *   the leader (§36). Every attack goes to the leader (no members).
 * - 防御ロール: 1d6 + 技量点, −1 from 負傷 2 (負傷の効果), ≥ level holds; natural 6 holds, natural 1 fails and gives
 *   負傷+1 (at most 3) (負傷の発生, §08). A failure costs 1 life; at 0 the leader is down.
 * - The leader's turn: with a medkit held and 負傷 ≥ `cureAt` he uses it (負傷 −1, his action: 「戦闘中、直ちに負傷-1」);
 *   else he shoots while magazines are left (1 magazine), else melees at −2. 攻撃ロール: 1d6 + 技量点, −1 from 負傷 1,
 *   ≥ level kills a soldier; natural 6 kills and gives a free extra roll (§08); natural 1 misses.
 * - 負傷 3: 1 life at the end of each round while the combat goes on; under `after-end-too` also at the end of the round
 *   in which the last soldier fell (then a leader at 1 life falls and the fight is lost).
 * - After `maxRounds` rounds without a decision the fight is not won.
 */
export function exactWoundWinProbability(e: ExactWoundEngagement): number {
  const sixth = 1 / 6;
  const memo = new Map<string, number>();

  /** P(win) at the end of round r (the round-end step still to play). */
  const roundEnd = (r: number, life: number, w: number, k: number, mags: number, kits: number): number => {
    if (w >= 3 && (k > 0 || e.bleed === 'after-end-too')) {
      life--;
      if (life <= 0) return 0;
    }
    if (k === 0) return 1;
    if (r >= e.maxRounds) return 0;
    return enemyTurn(r + 1, life, w, k, mags, kits);
  };

  /** The leader's attack rolls from `k` soldiers left (criticals chain), then the round end. */
  const attack = (ability: number, r: number, life: number, w: number, k: number, mags: number, kits: number): number => {
    const n = successFaces(ability, e.level); // faces that kill, the 6 among them
    const miss = (6 - n) * sixth, hit = (n - 1) * sixth;
    let v = miss * roundEnd(r, life, w, k, mags, kits);
    if (k - 1 === 0) return v + (hit + sixth) * roundEnd(r, life, w, 0, mags, kits);
    v += hit * roundEnd(r, life, w, k - 1, mags, kits);
    v += sixth * attack(ability, r, life, w, k - 1, mags, kits); // a critical: one more roll
    return v;
  };

  const squadTurn = (r: number, life: number, w: number, k: number, mags: number, kits: number): number => {
    if (kits > 0 && w >= e.cureAt) return roundEnd(r, life, w - 1, k, mags, kits - 1);
    const woundMod = w >= 1 ? -1 : 0;
    if (mags > 0) return attack(e.leaderSkill + woundMod, r, life, w, k, mags - 1, kits);
    return attack(e.leaderSkill - 2 + woundMod, r, life, w, k, mags, kits);
  };

  /** The enemy's turn of round r: `left` attacks still to roll, then the leader's turn. */
  const defences = (r: number, left: number, life: number, w: number, k: number, mags: number, kits: number): number => {
    if (left === 0) return squadTurn(r, life, w, k, mags, kits);
    const key = `${r},${left},${life},${w},${k},${mags},${kits}`;
    const got = memo.get(key);
    if (got !== undefined) return got;
    const ability = e.leaderSkill - (w >= 2 ? 1 : 0);
    let v = 0;
    for (let f = 1; f <= 6; f++) {
      const holds = f === 6 || (f !== 1 && f + ability >= e.level);
      const w2 = f === 1 ? Math.min(3, w + 1) : w;
      const life2 = holds ? life : life - 1;
      v += sixth * (life2 <= 0 ? 0 : defences(r, left - 1, life2, w2, k, mags, kits));
    }
    memo.set(key, v);
    return v;
  };

  const enemyTurn = (r: number, life: number, w: number, k: number, mags: number, kits: number): number => defences(r, k, life, w, k, mags, kits);

  return enemyTurn(1, e.life, 0, e.soldiers, e.magazines, e.medkits);
}
