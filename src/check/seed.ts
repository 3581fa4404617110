/**
 * The default seed of a check: deterministic (so CI is reproducible) but never
 * the baseline's own seed, so a pass cannot come from replaying the baseline's
 * dice. Game i of the check and game i of the baseline use unrelated streams.
 */
import { createHash } from 'node:crypto';

/**
 * Derive a check seed from the baseline's seed: the first 48 bits of
 * sha256("balance-lab check seed " + seed), bumped by one in the (2⁻⁴⁸-rare)
 * case that it equals the baseline seed. Always a safe integer.
 */
export function checkSeed(baselineSeed: number): number {
  const h = createHash('sha256').update(`balance-lab check seed ${baselineSeed}`).digest();
  const s = h.readUIntBE(0, 6);
  return s === baselineSeed ? s + 1 : s;
}
