// bench --reference (issue 16 item 3): the C reference (compiled with the system's cc) and the plain-Python script of
// ../shared/perf-reference, run from that folder in the same invocation as balance-lab; every rate is positive and
// finite and the ratios are the quotients. System programs (cc, python3) and ../shared: the e2e tier.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runReference } from '../../src/bench/reference.js';

const REF = fileURLToPath(new URL('../../../shared/perf-reference', import.meta.url));

describe('bench --reference', () => {
  it('runs C, Python and balance-lab on the three engagements and gives their ratios', async () => {
    const rows = await runReference(REF, { scale: 0.02 });
    expect(rows.map((r) => r.engagement)).toEqual(['a', 'c', 'd']);
    for (const r of rows) {
      for (const x of [r.c, r.python, r.balanceLab]) expect(Number.isFinite(x) && x > 0).toBe(true);
      expect(r.vsC).toBeCloseTo(r.balanceLab / r.c, 12);
      expect(r.vsPython).toBeCloseTo(r.balanceLab / r.python, 12);
      expect(r.c).toBeGreaterThan(r.balanceLab); // the C program is the faster one on these small engagements
    }
  }, 240_000);
});
