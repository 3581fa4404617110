/**
 * `scenario_patch:` (an experiment's or a variant's `operation:`): values changed in a scenario document before it
 * is compiled. Conditions merge bound by bound (issue 28 item 8).
 */
import type { Cursor } from '../../../sim/input/schema.js';
import { getOwn, setOwn } from '../../../sim/input/yaml-data.js';

const BOUNDS = ['at_least', 'at_most', 'equals'];

/** Whether `v` is a mapping with a condition bound. */
function hasBound(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && BOUNDS.some((k) => Object.prototype.hasOwnProperty.call(v, k));
}

/** A condition's bounds with `equals` (or a bare number) written as its two bounds, so a patch can replace one. */
function splitBounds(cur: unknown): Record<string, unknown> {
  if (typeof cur === 'number') return { at_least: cur, at_most: cur };
  const out = cur as Record<string, unknown>;
  const eq = getOwn(out, 'equals');
  if (eq !== undefined) {
    delete out.equals;
    if (getOwn(out, 'at_least') === undefined) setOwn(out, 'at_least', eq);
    if (getOwn(out, 'at_most') === undefined) setOwn(out, 'at_most', eq);
  }
  return out;
}

/**
 * `scenario_patch:` — values changed in the scenario document before it is compiled (a variant's, or the
 * experiment's): a mapping merged key by key into the scenario; a list in the scenario is addressed by its index
 * (`enemies: { 0: { count: 3 } }`). Every path must already exist in the scenario except a new key under an existing
 * mapping. A condition's bounds merge bound by bound: `at_least` replaces the lower bound only, even over an
 * `equals` (which is both) or a bare number (`lap: 2`); `equals` replaces both. Returns the patched copy and the
 * `path=value` changes for the record.
 */
export function patchScenario(doc: unknown, patch: Cursor): { doc: unknown; changes: string[] } {
  const out = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  const changes: string[] = [];
  const walk = (target: Record<string, unknown> | unknown[], p: Cursor, at: string) => {
    // `equals` in the patch replaces both bounds of the condition it lands in.
    if (hasBound(target) && getOwn(p.value as object, 'equals') !== undefined) {
      delete (target as Record<string, unknown>).at_least;
      delete (target as Record<string, unknown>).at_most;
    }
    for (const [k, v] of p.entries()) {
      const path = at ? `${at}.${k}` : k;
      let key: string | number = k;
      if (Array.isArray(target)) {
        if (!/^\d+$/.test(k) || Number(k) >= target.length) v.fail({ id: 'uaCompile.scenarioSList', params: { value: at || 'document', targetCount: target.length } }, { id: 'uaCompile.index0', params: { value: target.length - 1 } });
        key = Number(k);
      }
      let cur = getOwn(target, key);
      const isMap = v.value !== null && typeof v.value === 'object' && !Array.isArray(v.value);
      // A condition's bounds merge bound by bound (issue 28 item 8): `lap: 2` or `equals: 2` is both bounds.
      if (isMap && hasBound(v.value) && (typeof cur === 'number' || hasBound(cur))) {
        cur = splitBounds(cur);
        setOwn(target, key, cur);
      }
      if (isMap && cur !== null && typeof cur === 'object') walk(cur as Record<string, unknown>, v, path);
      else {
        setOwn(target, key, JSON.parse(JSON.stringify(v.value)));
        changes.push(`${path}=${JSON.stringify(v.value)}`);
      }
    }
  };
  if (patch.entries().length === 0) patch.fail({ id: 'uaCompile.emptyPatch' }, { id: 'uaCompile.scenarioValuesChangeE' });
  walk(out, patch, '');
  return { doc: out, changes };
}

