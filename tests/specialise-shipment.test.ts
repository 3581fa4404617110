// Issue 44: a run's main thread specialises an experiment's runners once and hands the generated classes to its worker
// threads (src/sim/core/pe-shipment.ts), which evaluate them instead of specialising again (0.2–0.6 CPU-s a thread).
// A shipped class is taken only from the same build (its fingerprint), with checked names; the runners it builds play
// the general engine's games.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { specialiseClass } from '../src/sim/core/partial-eval.js';
import { buildFingerprint, shipClass, unshipClass } from '../src/sim/core/pe-shipment.js';

const K = { STEP: 3 };
class Toy {
  constructor(readonly a: number, readonly b: number) {}
  sum(x: number): number {
    return (this.a > 0 ? x + this.a : x - 1) + this.b * K.STEP;
  }
}
class ToyAgain {
  constructor(readonly a: number, readonly b: number) {}
  sum(x: number): number {
    return (this.a > 0 ? x + this.a : x - 2) + this.b * K.STEP;
  }
}
const scopeOf = (step: number) => new Map<string, unknown>([['K', { STEP: step }]]);
const facts = (scope: ReadonlyMap<string, unknown>) => ({ nullFields: [], configFields: [], scope });

function shipped(scope: ReadonlyMap<string, unknown>) {
  const pe = specialiseClass([new Toy(1, 2), new Toy(1, 5)], facts(scope));
  return { pe, sent: structuredClone(shipClass(pe, buildFingerprint(Toy, scope))) };
}

describe('a specialised class shipped to another thread', () => {
  it('is evaluated from its source and plays as the generated one', () => {
    const scope = scopeOf(3);
    const { pe, sent } = shipped(scope);
    const got = unshipClass(sent, Toy, buildFingerprint(Toy, scope), scope);
    expect(got).not.toBeNull();
    expect(got!.source).toBe(pe.source);
    expect(got!.names).toEqual(['K']);
    expect(got!.cls).not.toBe(pe.cls); // built here, from the source
    const built = new got!.cls(...([1, 5] as never[])) as Toy;
    expect(built.sum(10)).toBe(new Toy(1, 5).sum(10));
  });

  it('is refused when it came from another build: a class or a module value of its own differs', () => {
    const scope = scopeOf(3);
    const { sent } = shipped(scope);
    expect(buildFingerprint(ToyAgain, scope)).not.toBe(buildFingerprint(Toy, scope));
    expect(unshipClass(sent, Toy, buildFingerprint(ToyAgain, scope), scope)).toBeNull();
    const other = scopeOf(4);
    expect(buildFingerprint(Toy, other)).not.toBe(buildFingerprint(Toy, scope));
    expect(unshipClass(sent, Toy, buildFingerprint(Toy, other), other)).toBeNull();
  });

  it('is refused when malformed or when it names what is not a checked module-level name', () => {
    const scope = scopeOf(3);
    const { sent } = shipped(scope);
    const fp = buildFingerprint(Toy, scope);
    expect(unshipClass(null, Toy, fp, scope)).toBeNull();
    expect(unshipClass({ ...sent, source: 42 }, Toy, fp, scope)).toBeNull();
    expect(unshipClass({ ...sent, names: ['process'] }, Toy, fp, scope)).toBeNull();
    expect(unshipClass({ ...sent, names: ['K', 'constructor'] }, Toy, fp, new Map([...scope, ['constructor', 1]]))).toBeNull();
  });

  it('a fresh worker thread takes the classes the main thread generated (the same build), and plays the general games', () => {
    // On the built engine, where the rule modules' names are intact (scripts/specialise-ship.mjs): a gauntlet and a campaign.
    const files = ['experiments/lmg-worth-8-magazines.yaml', 'experiments/lmg-worth-gunpyo-campaign.yaml'];
    const r = spawnSync(process.execPath, ['scripts/specialise-ship.mjs', '--games', '20', ...files], { encoding: 'utf8', maxBuffer: 16 << 20 });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; case: string; evaluated: number; classes: number; sameSource: boolean; difference: string | null });
    expect(lines.length).toBe(4);
    for (const l of lines) {
      expect(l.difference, `${l.file} ${l.case}`).toBeNull();
      expect(l.sameSource, `${l.file} ${l.case}`).toBe(true);
      // As sent: every class evaluated, none generated again; from another build: every class generated in the thread.
      expect(l.evaluated, `${l.file} ${l.case}`).toBe(l.case === 'as sent' ? l.classes : 0);
    }
  }, 120_000);
});
