// chojin-locke: hidden information (a policy sees only its own hand), the deck
// never hands out a card twice, willpower supplementation against exact
// enumeration (and the engine's frequency against it), the combat result
// table, and experiment validation errors (file, line, path, allowed).
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { InputError } from '../src/sim/input/input-error.js';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import { compileChojinLocke } from '../src/rules/chojin-locke/compile.js';
import { DEFAULT_CRT, crtDamage, pCheck, pSupplement } from '../src/rules/chojin-locke/charts.js';
import { lkMetrics } from '../src/rules/chojin-locke/engine.js';
import { chojinLocke } from '../src/registry.js';
import { LK_POLICIES } from '../src/policies/chojin-locke/index.js';
import { LkGame } from '../src/rules/chojin-locke/game.js';
import * as D from '../src/rules/chojin-locke/decisions.js';
import { LkView, MAX_HAND } from '../src/rules/chojin-locke/state.js';
import type { LkPolicy } from '../src/rules/chojin-locke/decisions.js';

const compile = (text: string) => compileChojinLocke(Source.parse('exp.yaml', text).root(), LK_POLICIES);
const BASE = 'game: chojin-locke\nparty:\n  - { character: nagato }\n  - { character: rag }\nenemies:\n  - { character: locke }\nvariants:\n  - { name: v }\n';

describe('hidden information', () => {
  it('a policy sees only its own hand: swapping an opponent\'s hand leaves every view answer unchanged', () => {
    const { game, variants } = compile(BASE);
    const snapshots: string[] = [];
    let mutate: (() => void) | null = null;
    const probe = (v: LkView): string => {
      const out: unknown[] = [v.me, v.n, v.deckCount, v.myHandCount, v.myJamKnown, v.amJammed];
      for (let k = 0; k < v.myHandCount; k++) out.push(v.myCard(k));
      for (let e = 0; e < v.n; e++) out.push(v.side(e), v.level(e), v.power(e), v.dur(e), v.status(e), v.handCount(e), v.hasJammer(e), v.hasField(e));
      return JSON.stringify(out);
    };
    const spy: LkPolicy = {
      decide(_d, v, legal) {
        snapshots.push(probe(v));
        if (mutate) {
          mutate();
          snapshots.push(probe(v));
          mutate = null;
        }
        return legal[0];
      },
    };
    const g = new LkGame(game, variants[0].params, [spy, spy, spy]);
    const dice = new RngDice(gameStream(7, 0, STREAM_DICE)), pd = new RngDice(gameStream(7, 0, STREAM_POLICY));
    g.begin(dice, pd, null);
    // Before the first decision of round 1, arrange to exchange the enemy's first card with a deck card.
    mutate = () => {
      const s = g.s;
      const enemy = 2;
      const c = s.hand[enemy * MAX_HAND];
      const d = s.deck[0];
      s.hand[enemy * MAX_HAND] = d;
      s.deck[0] = c;
    };
    g.playRound();
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    expect(snapshots[1]).toBe(snapshots[0]);
    // The view exposes no accessor for another esper's cards or the deck order.
    const names = Object.getOwnPropertyNames(LkView.prototype);
    expect(names.filter((n) => /hand|deck/i.test(n)).sort()).toEqual(['deckCount', 'handCount', 'myHandCount']);
  });
});

describe('the deck', () => {
  it('never hands out a card twice (every card in exactly one place at every decision, 2,000 combats)', () => {
    const { game, variants } = compile(BASE);
    const problems: string[] = [];
    const runner = chojinLocke.testing!.checkedRunner(game, variants[0].params, (p) => problems.push(p));
    const rec = new GameRecord(lkMetrics(game));
    const dice = new RngDice(gameStream(1, 0, STREAM_DICE)), pd = new RngDice(gameStream(1, 0, STREAM_POLICY));
    for (let i = 0; i < 2000; i++) {
      dice.reset(gameStream(11, i, STREAM_DICE));
      pd.reset(gameStream(11, i, STREAM_POLICY));
      rec.clear();
      runner.play(dice, pd, rec, null);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });
});

describe('10.5.1 willpower supplementation probabilities', () => {
  it('pSupplement equals exact enumeration of every 2D6 sequence (n = 1, 2, 3 checks; values 2..12)', () => {
    for (let v = 2; v <= 12; v++) {
      for (let n = 1; n <= 3; n++) {
        let ok = 0, all = 0;
        const rec = (k: number, good: boolean): void => {
          if (k === n) {
            all++;
            if (good) ok++;
            return;
          }
          for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) rec(k + 1, good && a + b <= v);
        };
        rec(0, true);
        expect(pSupplement(v, n)).toBeCloseTo(ok / all, 12);
      }
    }
    expect(pCheck(6)).toBeCloseTo(15 / 36, 12);
  });

  it('the engine\'s success frequency for "6以下2回" matches (15/36)² within 4 standard errors', () => {
    const { game, variants } = compile(`game: chojin-locke
deck:
  - { kind: attack, name: G弾, level: 5, power: 25 }
  - { kind: contact, level: 0, count: 30 }
hand_size: 1
party:
  - { name: A, level: 3, power: 50, durability: 6, willpower: 6 }
enemies:
  - { name: B, level: 1, power: 10, durability: 50, willpower: 2 }
variants:
  - { name: v }
`);
    let reached = 0, tried = 0;
    const attacker: LkPolicy = {
      decide(d, v, legal, n) {
        for (let i = 0; i < n; i++) if (d === D.D_NORMAL && D.aKind(legal[i]) === D.K_ATTACK && D.aUsed(legal[i]) === 3) {
          tried++;
          return legal[i];
        }
        return legal[0];
      },
    };
    const target: LkPolicy = {
      decide(d, _v, legal) {
        if (d === D.D_RESPONSE) reached++;
        return legal[0];
      },
    };
    const g = new LkGame(game, variants[0].params, [attacker, target]);
    const dice = new RngDice(gameStream(3, 0, STREAM_DICE)), pd = new RngDice(gameStream(3, 0, STREAM_POLICY));
    const N = 6000;
    for (let i = 0; i < N; i++) {
      dice.reset(gameStream(3, i, STREAM_DICE));
      g.begin(dice, pd, null);
      // Give A the G弾 (card 0) whatever it drew: the rest of round 1 is the test.
      const s = g.s;
      if (s.cardLoc[0] !== 0) {
        for (let k = 0; k < s.deckN; k++) if (s.deck[k] === 0) s.deck[k] = s.hand[0];
        s.cardLoc[s.hand[0]] = -1;
        s.hand[0] = 0;
        s.handN[0] = 1;
        s.cardLoc[0] = 0;
      }
      g.playRound();
    }
    expect(tried).toBe(N);
    const p = pSupplement(6, 2);
    const se = Math.sqrt((p * (1 - p)) / N);
    expect(Math.abs(reached / N - p)).toBeLessThan(4 * se);
  });
});

describe('combat result table (LK-F03 default)', () => {
  it('reads the column by power ÷ durability and the row by 2D6', () => {
    expect(crtDamage(DEFAULT_CRT, 40, 6, 7)).toBe(3); // ratio 6.7
    expect(crtDamage(DEFAULT_CRT, 21, 6, 12)).toBe(4); // ratio 3.5
    expect(crtDamage(DEFAULT_CRT, 1, 6, 12)).toBe(2); // ratio 0.17
    expect(crtDamage(DEFAULT_CRT, 100, 6, 7)).toBe(99); // ratio 16.7: kill
    expect(crtDamage(DEFAULT_CRT, 7, 6, 2)).toBe(0); // ratio 1.17
  });
});

function err(text: string): InputError {
  try {
    compile(text);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('compiled without error');
}

describe('chojin-locke experiment validation', () => {
  it('a valid file compiles with the public stat lines', () => {
    const c = compile(BASE);
    expect(c.variants[0].params.party[0]).toMatchObject({ level: 5, power: 40, durability: 6, willpower: 6 });
    expect(c.game.deck.length).toBe(57);
  });
  it('an unknown character names the line, path and the allowed ids', () => {
    const e = err(BASE.replace('character: rag', 'character: raggu'));
    expect(e.message).toMatch(/^exp\.yaml:4: party\[1\]\.character: .*"raggu".*allowed: .*locke/);
  });
  it('an esper without a character needs its stats', () => {
    expect(err(BASE.replace('{ character: rag }', '{ name: x, level: 3 }')).message).toMatch(/exp\.yaml:4: party\[1\]: an esper without "character" needs power/);
  });
  it('a policy parameter out of range', () => {
    expect(err(BASE.replace('{ character: rag }', '{ character: rag, policy: stretch, policy_params: { max_checks: 9 } }')).message).toMatch(/exp\.yaml:4: party\[1\]\.policy_params\.max_checks: .*9/);
  });
  it('too many espers', () => {
    const many = Array.from({ length: 8 }, (_, i) => `  - { character: rag, name: r${i} }`).join('\n');
    expect(err(BASE.replace('  - { character: nagato }\n  - { character: rag }', many)).message).toMatch(/9 espers: the engine holds at most 8/);
  });
  it('a combat result table column of the wrong length', () => {
    expect(err(`${BASE}charts:\n  crt:\n    ratios: [0]\n    damage: [[0, 1]]\n`).message).toMatch(/charts\.crt\.damage\[0\]: column 0: expected 11 entries/);
  });
  it('an unknown ruling option', () => {
    expect(err(`${BASE}rulings: { jammer_level: loud }\n`).message).toMatch(/rulings\.jammer_level: .*allowed: secret, known/);
  });
  it('an attack card without power', () => {
    expect(err(`${BASE}deck:\n  - { kind: attack, level: 3 }\n`).message).toMatch(/deck\[0\]: an attack card needs a power/);
  });
});
