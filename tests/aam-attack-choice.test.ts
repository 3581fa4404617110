// Axis & Allies Miniatures (issue 27): the scripted policies' rules "finish off" and "best attack" share one pass over
// the legal attacks per decision. At every assault decision of real games, each rule must pick what the plain
// definition gives: the first legal attack at the best attackScore (0.5 for an aircraft), among all targets or only
// those already hit, if its score reaches the rule's threshold. A pass kept from an earlier decision would fail this.
import { describe, expect, it } from 'vitest';
import { KIND_AIRCRAFT } from '../src/rules/axis-allies-miniatures/config.js';
import type { AamObservation } from '../src/rules/axis-allies-miniatures/state.js';
import { BEST_ATTACK, FINISH_OFF, attackScore, type Params } from '../src/policies/axis-allies-miniatures/scripted.js';
import * as D from '../src/rules/axis-allies-miniatures/decisions.js';
import { playShipped, watchedPolicies } from './helpers/aam-play.js';

const GAMES = 8;

/** The first legal attack at the best score (only on units already hit when `onlyHit`), or −1 below `threshold`. */
function reference(o: AamObservation, legal: Int32Array, n: number, p: Params, onlyHit: boolean, threshold: number): number {
  let best = -1, bestScore = -1;
  for (let i = 0; i < n; i++) {
    if (D.kindOf(legal[i]) !== D.K_ATTACK) continue;
    const t = D.argOf(legal[i]);
    if (onlyHit && o.counters[t] === 0) continue;
    const sc = o.kind[t] === KIND_AIRCRAFT ? 0.5 : attackScore(o, o.actor, t, o.pos[o.actor], p.focus);
    if (sc > bestScore) {
      bestScore = sc;
      best = legal[i];
    }
  }
  return best >= 0 && bestScore >= threshold ? best : -1;
}

describe('A&A attack choice', () => {
  it('finish off and best attack pick the plain definition at every assault decision (one shared pass per decision)', () => {
    let compared = 0, hits = 0;
    const differ: string[] = [];
    const policies = watchedPolicies((id, p, d, o, legal, n) => {
      if (d !== D.D_ASSAULT || (id !== 'default' && id !== 'cautious')) return;
      const fin = FINISH_OFF.pick(o, legal, n, p), all = BEST_ATTACK.pick(o, legal, n, p);
      const rf = reference(o, legal, n, p, true, p.finish_threshold), ra = reference(o, legal, n, p, false, p.attack_threshold);
      compared++;
      if (rf >= 0) hits++;
      if (fin !== rf || all !== ra) differ.push(`turn ${o.turn} unit ${o.actor}: ${fin}/${rf} ${all}/${ra}`);
    }, true);
    playShipped('aam-initiative-choice', policies, GAMES);
    expect(compared).toBeGreaterThan(500);
    expect(hits).toBeGreaterThan(20);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
