/**
 * The experiment keys every engine shares, and the generic part of a variant.
 * Kept apart from sim/experiment/load.ts so engines can import it without an import
 * cycle through the engine registry.
 */
import type { Cursor } from './schema.js';
import { readLocalText, type LocalText } from './local-text.js';

/** Top-level keys every experiment may have; engines add their own. */
export const GENERIC_KEYS = ['name', 'question', 'game', 'seed', 'stop', 'rulings', 'checks', 'sweep', 'solve', 'search', 'tune', 'targets', 'variants', 'control_variates', 'ruling_impact'] as const;

/** Keys every variant may have; engines add their own. */
export const VARIANT_KEYS = ['name', 'label', 'baseline', 'paired_with'] as const;

/**
 * Read the generic part of a variant entry. `label` is the stable text (English, else the only language given);
 * `labelText` the `{ ja, en }` mapping when the file wrote one (local-text.ts).
 */
export function readVariantHeader(c: Cursor, _index: number): { name: string; label: string; labelText?: LocalText; baseline: boolean } {
  const name = c.key('name').str();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) c.key('name').fail({ id: 'exp.notValidVariantName', params: { name } }, { id: 'input.nameCharsDot' });
  const label = readLocalText(c.key('label'), name);
  return { name, label: label.text, ...(label.local ? { labelText: label.local } : {}), baseline: c.key('baseline').bool({ default: false }) };
}
