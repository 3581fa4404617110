/**
 * The experiment key `control_variates: true|false` (issue 27; default false): narrow every rate's and paired
 * difference's interval with the engine's zero-mean luck terms (control-variates.ts). Refused, exit code 2, where it
 * would validate but not be played: an engine that declares no controls, and the `solve:`, `search:` and `tune:`
 * races (they compare raw intervals of their own).
 */
import type { Cursor } from '../input/schema.js';
import type { MetricSpec } from '../core/types.js';
import { engines } from '../../registry.js';

/** Engines whose standard benchmark case declares controls (for the refusal message). */
function enginesWithControls(): string[] {
  return engines.filter((e) => (e.metrics(e.benchCase().game).controls?.length ?? 0) > 0).map((e) => e.id);
}

/** Read `control_variates` from the experiment's root; throws an InputError where it cannot be played. */
export function readControlVariates(root: Cursor, engine: string, metrics: MetricSpec): boolean {
  const c = root.key('control_variates');
  if (!c.bool({ default: false })) return false;
  if ((metrics.controls?.length ?? 0) === 0) {
    const ids = enginesWithControls();
    c.fail({ id: 'cv.noControls', params: { engine } }, ids.length > 0 ? { id: 'cv.enginesWith', params: { engines: ids.join(', ') } } : { id: 'cv.noEngineYet' });
  }
  for (const section of ['solve', 'search', 'tune']) {
    if (!root.key(section).missing) c.fail({ id: 'cv.notPlayedBy', params: { section } }, { id: 'cv.removeKeyOr', params: { section } });
  }
  return true;
}
