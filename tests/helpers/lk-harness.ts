// Test helper for the chojin-locke rules tests: compile a tiny experiment,
// start a combat with scripted dice, hand each esper exactly the cards a test
// names (so preparation draws nothing), answer decisions per esper from a
// script, then play single rounds and inspect the state and the narration.
import { Source } from '../../src/sim/input/schema.js';
import { compileChojinLocke } from '../../src/rules/chojin-locke/compile.js';
import { LkGame } from '../../src/rules/chojin-locke/game.js';
import * as D from '../../src/rules/chojin-locke/decisions.js';
import { LOC_DECK, MAX_HAND, type LkView } from '../../src/rules/chojin-locke/state.js';
import type { LkPolicy } from '../../src/rules/chojin-locke/decisions.js';
import { LK_POLICIES } from '../../src/policies/chojin-locke/index.js';
import { ScriptedDice } from './scripted-dice.js';

export type DecisionName = 'jammer' | 'special' | 'normal' | 'sync' | 'minion-sync' | 'response' | 'block' | 'block-sync' | 'residual-sync' | 'continue' | 'order' | 'there';
/** An answer: picks from the legal actions (return one of them), given the view. */
export type Answer = (legal: readonly number[], v: LkView) => number;

export interface Asked {
  readonly esper: number;
  readonly name: DecisionName;
  readonly legal: readonly number[];
  readonly answer: number;
}

/** Pass (or the first legal action). */
export const pass: Answer = (legal) => legal.find((a) => D.aKind(a) === D.K_PASS) ?? legal[0];

/** Yes (a bystander declares 実はそこにいた unless a test says otherwise). */
export const yes: Answer = (legal) => legal.find((a) => D.aKind(a) === D.K_YES) ?? legal[0];

/** The legal action of `kind` whose card is named `card` (and level / used if given); throws if none. */
export function play(kind: number, card?: string, opts: { level?: number; used?: number; target?: number } = {}): Answer {
  return (legal, v) => {
    const a = legal.find((x) => {
      if (D.aKind(x) !== kind) return false;
      const c = D.aCard(x);
      if (card !== undefined && (c === D.NO_CARD || !v.cardName(c).startsWith(card))) return false;
      if (opts.level !== undefined && v.cardLevel(c) !== opts.level) return false;
      if (opts.used !== undefined && D.aUsed(x) !== opts.used) return false;
      if (opts.target !== undefined && D.aTarget(x) !== opts.target) return false;
      return true;
    });
    if (a === undefined) throw new Error(`no legal ${D.KIND_NAMES[kind]} ${card ?? ''} ${JSON.stringify(opts)} among ${legal.length} actions`);
    return a;
  };
}

export interface Harness {
  readonly game: LkGame;
  readonly dice: ScriptedDice;
  readonly lines: string[];
  readonly asked: Asked[];
  /** Queue answers for esper e's decisions of `name` (used in order; then `pass`). */
  answer(e: number, name: DecisionName, ...answers: Answer[]): void;
  /** Give esper e the cards (deck indices of `deck:` entries, in order); removes them from the deck. */
  give(e: number, ...cards: number[]): void;
  round(): void;
}

/**
 * Build a combat from YAML lines for `party:` / `enemies:` / `deck:` etc. (a
 * whole experiment body without variants) and begin it with `faces`;
 * `before` answers decisions asked while it begins (esper, decision, answer).
 */
export function harness(yaml: string, faces: number[], before: ReadonlyArray<readonly [number, DecisionName, Answer]> = []): Harness {
  const text = `game: chojin-locke\n${yaml}\nvariants:\n  - { name: t, baseline: true }\n`;
  const compiled = compileChojinLocke(Source.parse('<lk test>', text).root(), LK_POLICIES);
  const v = compiled.variants[0].params;
  const n = v.party.length + v.enemies.length;
  const queues: Map<string, Answer[]> = new Map();
  // Answers needed while the combat begins (10.2.1's `there`), before `answer` can be called.
  for (const [e, name, a] of before) queues.set(`${e}:${name}`, [...(queues.get(`${e}:${name}`) ?? []), a]);
  const asked: Asked[] = [];
  const policies: LkPolicy[] = [];
  for (let e = 0; e < n; e++) {
    policies.push({
      decide(d, view, legalArr, k) {
        const name = D.DECISION_NAMES[d] as DecisionName;
        const legal = Array.from(legalArr.subarray(0, k));
        const q = queues.get(`${e}:${name}`);
        const f = q && q.length > 0 ? q.shift()! : name === 'there' ? yes : pass;
        const a = f(legal, view);
        if (!legal.includes(a)) throw new Error(`answer ${a} is not legal`);
        asked.push({ esper: e, name, legal, answer: a });
        return a;
      },
    });
  }
  const game = new LkGame(compiled.game, v, policies);
  const dice = new ScriptedDice(faces, 'lk');
  const lines: string[] = [];
  const noPolicyDice = new ScriptedDice([], 'policy');
  game.begin(dice, noPolicyDice, { line: (t) => void lines.push(t) });
  return {
    game,
    dice,
    lines,
    asked,
    answer(e, name, ...answers) {
      const key = `${e}:${name}`;
      queues.set(key, [...(queues.get(key) ?? []), ...answers]);
    },
    give(e, ...cards) {
      const s = game.s;
      for (const c of cards) {
        let i = -1;
        for (let k = 0; k < s.deckN; k++) if (s.deck[k] === c) i = k;
        if (i < 0 || s.cardLoc[c] !== LOC_DECK) throw new Error(`card ${c} is not in the deck`);
        s.deck[i] = s.deck[s.deckN - 1];
        s.deckN--;
        s.hand[e * MAX_HAND + s.handN[e]++] = c;
        s.cardLoc[c] = e;
      }
    },
    round() {
      game.playRound();
    },
  };
}
