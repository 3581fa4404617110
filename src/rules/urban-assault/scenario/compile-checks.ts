/**
 * Scenario format: checks that need the whole scenario read (issue 28 item 8). A counter condition no value of
 * the counter can meet is an error at the condition's line; format combinations that validate but can never act
 * are warnings (the scenario still runs). Ruling UA-R95 (counters).
 */
import type { CounterDef } from './scenario.js';
import type { Book } from './compile-shared.js';

/** The values a counter can take: its whole range when an effect moves it (or it is `info`), else its start values. */
export function reachableValues(c: CounterDef, moved: boolean): number[] {
  if (moved || c.id === 'info') {
    const out: number[] = [];
    for (let v = c.min; v <= c.max; v++) out.push(v);
    return out;
  }
  return [...new Set([c.start, ...c.startByLap])].sort((a, b) => a - b);
}

/** Shown as `0–4` (a run) or `0, 2` (a few values). */
function shown(vs: readonly number[]): string {
  if (vs.length > 2 && vs[vs.length - 1] - vs[0] === vs.length - 1) return `${vs[0]}–${vs[vs.length - 1]}`;
  return vs.join(', ');
}

/** A condition's bounds as the designer wrote them. */
function boundsText(lo: number, hi: number): string {
  if (lo === hi) return `equals ${lo}`;
  if (lo <= -999) return `at_most ${hi}`;
  if (hi >= 999) return `at_least ${lo}`;
  return `at_least ${lo}, at_most ${hi}`;
}

/** Refuse (file:line) every counter condition that no reachable value of its counter meets. */
export function checkCounterConditions(counters: readonly CounterDef[], book: Book): void {
  for (const c of book.conds) {
    const k = counters[c.counter];
    const vs = reachableValues(k, book.moved.has(c.counter));
    if (vs.some((v) => v >= c.lo && v <= c.hi)) continue;
    const range = shown(vs);
    c.at.key('counter').fail({ id: 'uaFormat.counterNeverReaches', params: { name: k.id, bounds: boundsText(c.lo, c.hi), range } }, { id: 'uaFormat.counterReachable', params: { range } });
  }
}
