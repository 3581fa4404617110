// Test helper: exact probabilities of URBAN ASSAULT rolls and of small
// engagements, computed from the rule text (seed 004 §07–§08, §29, §35–§38),
// independently of the engine code.

/**
 * Faces (out of 6) on which a 判定ロール 1d6 + `ability` ≥ `target` succeeds,
 * by enumerating the six faces: a natural 6 always succeeds (クリティカル),
 * a natural 1 always fails (ファンブル) (§07–§08).
 */
export function successFaces(ability: number, target: number): number {
  let n = 0;
  for (let f = 1; f <= 6; f++) if (f === 6 || (f !== 1 && f + ability >= target)) n++;
  return n;
}

/**
 * The same count in closed form: face 6 always, plus the faces 2..5 that reach
 * the target on their own, i.e. 1 + clamp(6 − max(2, target − ability), 0, 4).
 */
export function successFacesClosedForm(ability: number, target: number): number {
  return 1 + Math.min(4, Math.max(0, 6 - Math.max(2, target - ability)));
}

/** The policy the exact model follows (it mirrors the decision rules, not the engine's code). */
export type ExactPolicy = 'default' | 'random';

/**
 * A small engagement: a leader (no armour, no attachment, no skills that
 * apply) with an AR, `members` assault members (技量点 1, one shot each), and
 * one enemy group of `soldiers` soldiers of level `level`, armed with guns
 * (melee against them at −2, §29), one attack each, indoors, no retreat.
 */
export interface ExactEngagement {
  readonly leaderSkill: number;
  readonly life: number;
  readonly magazines: number;
  readonly members: number;
  readonly soldiers: number;
  readonly level: number;
  /** Hostile (敵対的, withdraws at half) or fight to the end (死ぬまで戦う, §35/§38). */
  readonly reaction: 'hostile' | 'fight_to_the_end';
  /** Ruling UA-R06: withdraw at or below half (§38) or strictly below half (§35). */
  readonly withdraw: 'at-or-below-half' | 'below-half';
  /**
   * Who acts first: `squad` (先制攻撃), `enemy` (the scenario forces it), or
   * `opening-choice` (the policy chooses between 先制攻撃 and 反応を見る; reading a
   * table that is all hostile/fight means the enemy acts first, §35–§36).
   */
  readonly first: 'squad' | 'enemy' | 'opening-choice';
  /** The simulator's round limit: no decision after this many rounds is not a win. */
  readonly maxRounds: number;
  readonly policy: ExactPolicy;
}

/**
 * The exact probability that the squad wins the engagement (the enemy is wiped
 * out or withdraws) before the leader is down (行動不能) or the round limit.
 *
 * Rules followed:
 * - 攻撃ロール (§36): 1d6 + 技量点 ≥ enemy level kills one soldier; natural 6
 *   always hits and gives an immediate extra attack roll (§08), natural 1 always
 *   misses. Every shot costs one magazine from the shared pool; the extra roll
 *   of a critical is free (ruling UA-R12). With no magazine left a shooter
 *   melees at −2 (the enemy has guns, §29).
 * - Each enemy soldier makes one attack (§36). Half the attacks (rounded down)
 *   go to the leader, the rest to the members; an odd attack goes where the
 *   player decides; attacks beyond the number of members go to the leader.
 *   Every attack is a 防御ロール with the leader's 技量点 (members too); a failed
 *   defence costs the leader 1 life, or drops one member (被弾テーブル: all
 *   members are assault here). At 0 life the leader is down.
 * - A hostile group withdraws (a win) as soon as its soldiers fall to half of
 *   the initial count (or below half under `below-half`), §38; a group that
 *   fights to the end must be wiped out.
 * - A round is the first side's turn, then the other side's (§36).
 *
 * Decisions:
 * - `default`: the leader shoots while magazines are left, else melees; all
 *   members shoot while magazines last (the rest melee); the odd attack goes
 *   to the members when at least 2 stand, else to the leader; the opening is
 *   先制攻撃 (the reaction table offers nothing peaceful).
 * - `random`: uniform over the legal choices: opening {先制攻撃, 反応を見る};
 *   leader {pass, shoot (if magazines), melee}; how many of the m members
 *   shoot {0..m} (asked only when magazines are left); the odd attack
 *   {leader, members} (asked only when members stand).
 */
export function exactWinProbability(e: ExactEngagement): number {
  const start = e.soldiers;
  const sixth = 1 / 6;
  /** Outcome probabilities of one attack roll: critical, plain hit, miss. */
  const rollProbs = (ability: number) => {
    const n = successFaces(ability, e.level);
    return { crit: sixth, hit: (n - 1) * sixth, miss: (6 - n) * sixth };
  };
  type Roll = ReturnType<typeof rollProbs>;
  const shoot = rollProbs(e.leaderSkill);
  const leaderMelee = rollProbs(e.leaderSkill - 2);
  const memberShoot = rollProbs(1);
  const memberMelee = rollProbs(1 - 2);
  /** P(one defence roll fails). */
  const q = 1 - successFaces(e.leaderSkill, e.level) * sixth;

  const broken = (k: number): boolean =>
    k === 0 || (e.reaction === 'hostile' && (e.withdraw === 'at-or-below-half' ? 2 * k <= start : 2 * k < start));

  /**
   * The squad's turn as a distribution: P(win during the turn) and, for each
   * (soldiers, magazines) left when it ends without a win, its probability.
   * It depends only on (members, soldiers, magazines), so it is memoised.
   */
  interface TurnOutcome { win: number; rest: Map<number, number> }
  const turnMemo = new Map<number, TurnOutcome>();
  const squadTurn = (m: number, k: number, mags: number): TurnOutcome => {
    const key = (m * 100 + k) * 1000 + mags;
    const hit = turnMemo.get(key);
    if (hit) return hit;
    const out: TurnOutcome = { win: 0, rest: new Map() };
    const end = (k1: number, mags1: number, w: number) => {
      const at = k1 * 1000 + mags1;
      out.rest.set(at, (out.rest.get(at) ?? 0) + w);
    };
    /** One attack roll and the extra rolls its criticals bring (§08), then `cont` with the soldiers left. */
    const attack = (p: Roll, k1: number, w: number, cont: (k2: number, w2: number) => void): void => {
      if (w === 0) return;
      cont(k1, w * p.miss);
      if (broken(k1 - 1)) out.win += w * (p.hit + p.crit);
      else {
        cont(k1 - 1, w * p.hit);
        attack(p, k1 - 1, w * p.crit, cont);
      }
    };
    /** Member i attacks (shooting while shooters and magazines are left, else melee), then the next. */
    const member = (i: number, shootersLeft: number, k1: number, mags1: number, w: number): void => {
      if (i === m) return end(k1, mags1, w);
      if (shootersLeft > 0 && mags1 >= 1) attack(memberShoot, k1, w, (k2, w2) => member(i + 1, shootersLeft - 1, k2, mags1 - 1, w2));
      else attack(memberMelee, k1, w, (k2, w2) => member(i + 1, shootersLeft - 1, k2, mags1, w2));
    };
    const members = (k1: number, mags1: number, w: number): void => {
      if (m === 0 || mags1 === 0) return member(0, 0, k1, mags1, w);
      if (e.policy === 'default') return member(0, Math.min(m, mags1), k1, mags1, w);
      for (let n = 0; n <= m; n++) member(0, n, k1, mags1, w / (m + 1));
    };
    const doShoot = (w: number) => attack(shoot, k, w, (k1, w1) => members(k1, mags - 1, w1));
    const doMelee = (w: number) => attack(leaderMelee, k, w, (k1, w1) => members(k1, mags, w1));
    if (e.policy === 'default') {
      if (mags > 0) doShoot(1);
      else doMelee(1);
    } else {
      const n = mags > 0 ? 3 : 2;
      members(k, mags, 1 / n); // pass
      doMelee(1 / n);
      if (mags > 0) doShoot(1 / n);
    }
    turnMemo.set(key, out);
    return out;
  };

  const binom = (n: number, j: number, p: number): number => {
    let c = 1;
    for (let i = 0; i < j; i++) c = (c * (n - i)) / (i + 1);
    return c * p ** j * (1 - p) ** (n - j);
  };

  type Next = (life: number, m: number, k: number, mags: number) => number;

  /** The enemy's turn: one attack per soldier, split between the leader and the members (§36). */
  const enemyTurn = (life: number, m: number, k: number, mags: number, next: Next): number => {
    const split = (toLeader: number): number => {
      let toMembers = k - toLeader;
      if (toMembers > m) {
        toLeader += toMembers - m;
        toMembers = m;
      }
      let v = 0;
      for (let a = 0; a <= toLeader && a < life; a++) {
        const pa = binom(toLeader, a, q);
        for (let b = 0; b <= toMembers; b++) v += pa * binom(toMembers, b, q) * next(life - a, m - b, k, mags);
      }
      return v; // a ≥ life: the leader is down
    };
    const half = Math.floor(k / 2);
    if (k % 2 === 0 || m === 0) return split(half);
    if (e.policy === 'default') return m >= 2 ? split(half) : split(half + 1);
    return (split(half) + split(half + 1)) / 2;
  };

  // Win probability at a phase boundary: phase 0 = the first side's turn of round r, 1 = the second's, 2 = round over.
  const memo = new Map<string, number>();
  const atPhase = (sf: boolean, r: number, phase: number, life: number, m: number, k: number, mags: number): number => {
    if (phase === 2) return r >= e.maxRounds ? 0 : atPhase(sf, r + 1, 0, life, m, k, mags);
    const key = `${sf ? 1 : 0},${r},${phase},${life},${m},${k},${mags}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const next: Next = (life2, m2, k2, mags2) => atPhase(sf, r, phase + 1, life2, m2, k2, mags2);
    let v: number;
    if ((phase === 0) === sf) {
      const t = squadTurn(m, k, mags);
      v = t.win;
      for (const [at, w] of t.rest) v += w * next(life, m, Math.floor(at / 1000), at % 1000);
    } else v = enemyTurn(life, m, k, mags, next);
    memo.set(key, v);
    return v;
  };

  const run = (sf: boolean) => atPhase(sf, 1, 0, e.life, e.members, e.soldiers, e.magazines);
  if (e.first === 'squad') return run(true);
  if (e.first === 'enemy') return run(false);
  // Opening choice: the default policy strikes first; the random one reads half the time (then the enemy acts first).
  return e.policy === 'default' ? run(true) : (run(true) + run(false)) / 2;
}
