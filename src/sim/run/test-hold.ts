/**
 * A pause point for tests that must interrupt the tool at an exact instant (issue 29): with
 * `BALANCE_LAB_TEST_HOLD=<point>:<file>` in the environment, reaching `<point>` creates `<file>` (holding the pid) and
 * waits until the test deletes it; the test acts meanwhile (kills Redis, sends SIGINT or SIGKILL). Without that
 * variable, or at another point, it returns at once. It changes no result: it only waits. The core reaches it through
 * the platform's `hold` (sim/core/platform.ts); Node-only modules call it directly.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { HoldPoint } from '../core/platform.js';

export type { HoldPoint } from '../core/platform.js';

/** Wait at `point` while the test's hold file exists (see the module comment). */
export async function testHold(point: HoldPoint): Promise<void> {
  const spec = process.env.BALANCE_LAB_TEST_HOLD;
  if (!spec || !spec.startsWith(`${point}:`)) return;
  const file = spec.slice(point.length + 1);
  writeFileSync(file, String(process.pid));
  while (existsSync(file)) await new Promise((r) => setTimeout(r, 20));
}
