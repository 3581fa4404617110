/**
 * `paired_with:` — the variant a variant's paired difference is taken against (its reference). By default every
 * non-baseline variant is compared with the baseline; an experiment that holds groups of fights (each with its own
 * reference) names the reference per variant, so its "vs" column, the `target_error` stop rule, bench and `check`
 * compare what belongs together:
 *
 * ```yaml
 * variants:
 *   - { name: mirror-tt, baseline: true }
 *   - { name: bench-tt, paired_with: none }       # its own fight: no paired difference at all
 *   - { name: bench-dt, paired_with: bench-tt }   # vs bench-tt on the same games
 * ```
 *
 * Rules (each refused at its line, exit 2): the name must be another variant of the file; the baseline has no
 * `paired_with`; no chains — the reference is the baseline or a variant that is itself compared with the baseline or
 * with nothing (`paired_with` absent or `none`), so every difference is one step from what it names. `none` is a
 * reserved word here (a variant named `none` cannot be a reference). A file without the key compiles exactly as
 * before (no field added), so its hash, results and outputs do not move.
 */
import type { Cursor } from '../input/schema.js';
import type { CompiledVariant } from '../core/types.js';

/** The word for "no paired difference". */
export const PAIRED_NONE = 'none';

/**
 * Read every variant's `paired_with:` (variants in `compiled` order = the file's `variants:` list) and return the
 * variants with `pairedWith` set where the key is given (the same array when no variant uses it).
 */
export function readPairedWith(root: Cursor, variants: readonly CompiledVariant[]): readonly CompiledVariant[] {
  const list = root.key('variants').list();
  const at = (i: number): Cursor => list[i].key('paired_with');
  if (!variants.some((_, i) => !at(i).missing)) return variants;
  const names = variants.map((v) => v.name);
  const refs = variants.map((v, i): string | null | undefined => {
    const c = at(i);
    if (c.missing) return undefined;
    const ref = c.str();
    if (v.baseline) c.fail({ id: 'pairref.onBaseline' }, { id: 'pairref.allowedOther' });
    if (ref === PAIRED_NONE) return null;
    if (ref === v.name) c.fail({ id: 'pairref.itself', params: { name: ref } }, names.filter((n) => n !== v.name).join(', ') + `, ${PAIRED_NONE}`);
    if (!names.includes(ref)) c.fail({ id: 'pairref.unknown', params: { name: ref } }, names.filter((n) => n !== v.name).join(', ') + `, ${PAIRED_NONE}`);
    return ref;
  });
  refs.forEach((ref, i) => {
    if (typeof ref !== 'string') return;
    const j = names.indexOf(ref);
    const next = refs[j];
    if (typeof next === 'string') at(i).fail({ id: 'pairref.chain', params: { name: ref, next } }, { id: 'pairref.allowedNoChain' });
  });
  return variants.map((v, i) => (refs[i] === undefined ? v : { ...v, pairedWith: refs[i] }));
}

/**
 * For each variant (in `variants` order) the index of the variant its paired difference is taken against: the
 * baseline, or its `paired_with` variant; −1 for the baseline itself and for `paired_with: none`.
 */
export function referenceIndices(variants: readonly CompiledVariant[]): Int32Array {
  const base = variants.findIndex((v) => v.baseline);
  return Int32Array.from(variants, (v) => {
    if (v.baseline || v.pairedWith === null) return -1;
    return v.pairedWith === undefined ? base : variants.findIndex((o) => o.name === v.pairedWith);
  });
}

/** True when some variant names its own reference (`paired_with`, including `none`). */
export function usesPairedWith(variants: readonly { readonly pairedWith?: string | null }[]): boolean {
  return variants.some((v) => v.pairedWith !== undefined);
}

/** The names of the variants that have a paired difference (neither the baseline nor `paired_with: none`), in file order. */
export function pairedVariants(variants: readonly CompiledVariant[]): string[] {
  return variants.filter((v) => !v.baseline && v.pairedWith !== null).map((v) => v.name);
}
