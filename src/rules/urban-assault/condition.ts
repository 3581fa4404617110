/**
 * Scenario conditions (UA-R95), one evaluator shared by the operation engine and the scripted policies' option
 * values: a counter's value, the lap, the difficulty, an expendable held, a member role with the squad, a skill known.
 */
import { C_COUNTER, C_DIFFICULTY, C_ITEM, C_LAP, C_MEMBER, type ConditionDef } from './scenario.js';
import type { UaObservation } from './state.js';

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
    case C_MEMBER: return o.members[c.counter] > 0;
    default: return (o.skills & (1 << c.counter)) !== 0;
  }
}
