/**
 * Scenario conditions (UA-R95), one evaluator shared by the operation engine and the scripted policies' option
 * values: a counter's value, the lap, the difficulty, an expendable or scenario item held, a member role with the squad,
 * a skill known, an enemy standing, the combat round.
 */
import { C_COUNTER, C_DIFFICULTY, C_ENEMY, C_ITEM, C_LAP, C_MEMBER, C_ROUND, C_SC_ITEM, type ConditionDef } from '../scenario/scenario.js';
import type { UaObservation } from '../combat/state.js';

/** Whether `c` holds in the state `o`. */
export function conditionHolds(c: ConditionDef, o: UaObservation): boolean {
  switch (c.kind) {
    case C_COUNTER: {
      const v = o.counters[c.counter];
      return v >= c.lo && v <= c.hi;
    }
    case C_LAP: return o.lap + 1 >= c.lo && o.lap + 1 <= c.hi;
    case C_DIFFICULTY: return o.difficulty === c.name;
    case C_ITEM: return o.expendables[c.counter] > 0;
    case C_SC_ITEM: return o.scItems[c.counter] > 0;
    case C_ROUND: return o.inCombat && o.round >= c.lo && o.round <= c.hi;
    case C_MEMBER: return o.members[c.counter] > 0;
    case C_ENEMY: {
      // An enemy of the current (or just ended) combat still stands.
      for (let u = 0; u < o.nUnits; u++) {
        if (o.unitLeft[u] <= 0) continue;
        const unit = o.eng.units[u];
        if (c.name === 'high_threat' ? unit.htt : c.name === 'group' ? !unit.htt : unit.name === c.name) return true;
      }
      return false;
    }
    default: return (o.skills & (1 << c.counter)) !== 0;
  }
}
