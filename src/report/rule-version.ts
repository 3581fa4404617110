/**
 * The rule version a run played, named in every output (issue 42): the CLI's table, the job summary, report.html and
 * the web app. It is URBAN ASSAULT's ruling `rules` in the run's record — the experiment's version first, then any
 * variant's own. Engines with one rule text have no such entry.
 */
import type { RulingChoice } from '../sim/core/ruling-def.js';
import { t } from '../i18n/t.js';

/** The versions played, in words (`dev-2026-05-09`, `dev-2026-05-09, seed-2026-02-28 (variant seed)`); null: none. */
export function rulesPlayed(rulings: readonly RulingChoice[]): string | null {
  const entries = rulings.filter((r) => r.id === 'rules');
  if (entries.length === 0) return null;
  return entries.map((r, i) => {
    const p = r.msg?.params;
    return i > 0 && p && p.variant !== undefined ? t('uaver.playedVariant', { version: String(p.version), variant: String(p.variant) }) : String(p?.version ?? r.choice);
  }).join(', ');
}

/** The line naming them (`ルール: dev-2026-05-09`), or null for an engine without versions. */
export function rulesLine(rulings: readonly RulingChoice[]): string | null {
  const rules = rulesPlayed(rulings);
  return rules === null ? null : t('uaver.played', { rules });
}
