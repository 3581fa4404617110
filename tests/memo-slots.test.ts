// The slots of the engines' tables of remembered play (src/sim/core/memo-slots.ts) and the gate of which classes are
// looked up (src/sim/core/memo-gate.ts).
import { describe, expect, it } from 'vitest';
import { MemoSlots } from '../src/sim/core/memo-slots.js';
import { MemoGate } from '../src/sim/core/memo-gate.js';

/** Store hash h in its bucket if the slots let it; true when stored. */
function store(sl: MemoSlots, h: number): boolean {
  if (sl.select(h)) return false;
  if (!sl.miss()) return false;
  sl.take();
  return true;
}

describe('MemoSlots', () => {
  it('holds two entries per bucket, and of two the one met again outlasts a run of misses', () => {
    const sl = new MemoSlots(16, 2);
    // Hashes 0x100, 0x200, 0x300 … all select bucket 0 (slots 0 and 1).
    expect(store(sl, 0x100)).toBe(true);
    expect(store(sl, 0x200)).toBe(true);
    expect(sl.select(0x100)).toBe(true);
    expect(sl.select(0x200)).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect(sl.select(0x100)).toBe(true);
      sl.hit();
    }
    // New hashes miss: the weaker entry (0x200, no hits) pays, and gives way after patience + 1 misses.
    let stored = 0;
    for (let k = 3; k < 20 && stored === 0; k++) if (store(sl, k << 8)) stored = k;
    expect(stored).toBe(5); // misses 0x300, 0x400, 0x500: hits 0 → −1, −2, −3 < −2 gives way at the third
    expect(sl.select(0x200)).toBe(false);
    expect(sl.select(0x100)).toBe(true);
    expect(sl.select(0x500)).toBe(true);
    // Another bucket is untouched.
    expect(sl.select(0x102)).toBe(false);
    expect(store(sl, 0x102)).toBe(true);
  });
});

describe('MemoGate', () => {
  it('keeps a class whose lookups find their entries, and samples one whose lookups never do', () => {
    const g = new MemoGate(2);
    let open0 = 0, open1 = 0;
    for (let i = 0; i < 20_000; i++) {
      if (g.open(0)) {
        open0++;
        g.count(0, i % 10 === 0); // one hit in ten: worth it
      }
      if (g.open(1)) {
        open1++;
        g.count(1, false); // never met again
      }
    }
    expect(open0).toBe(20_000);
    // Warm-up (2,048 lookups) in full, then one chance in 16.
    expect(open1).toBe(2048 + Math.ceil((20_000 - 2048) / 16));
  });
});
