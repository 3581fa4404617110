/**
 * Switchable readings as the ruling-impact report (issue 43) enumerates them: for one compiled variant, every switch
 * an engine offers — its experiment rulings (`rulings:`), and for URBAN ASSAULT also the ruleset procedures that are
 * readings and the scenario's own switches — with the option the variant plays and, for each other option, the
 * change to the variant's entry that selects it. Engines build the ruling part from their RulingDef list
 * ({@link rulingSwitches}), so a ruling added to that list is measured without touching the report.
 */
import type { RulingDef } from './ruling-def.js';

/** A catalogue message: id and parameters (the report renders it in the reader's language). */
export interface SwitchMsg {
  readonly id: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** One other option of a switch. */
export interface SwitchAlternative {
  readonly option: string;
  /** What the option means, in English (CSV, run records) … */
  readonly summary: string;
  /** … and as a catalogue message (reports in the reader's language). */
  readonly msg: SwitchMsg;
  /** Merged into the variant's entry of the experiment file (deep merge of mappings) to play this option. */
  readonly patch: Readonly<Record<string, unknown>>;
}

/** A switch and what the variant plays. */
export interface SwitchDef {
  /** The ruling id in docs/rules/<game>.md (UA-R02, UA-V10, UA-R121 …). */
  readonly id: string;
  /** Where it is set: an experiment ruling, a ruleset procedure or a scenario key. */
  readonly kind: 'ruling' | 'procedure' | 'scenario';
  /** The key as written (`lmg_ammo`, `procedures.odd_attack`, `rules.night_attack_scope`). */
  readonly key: string;
  /** The clause it reads, as short as the ruling row quotes it. */
  readonly clause: string;
  /** The option the variant plays, its summary and message. */
  readonly current: string;
  readonly currentSummary: string;
  readonly currentMsg: SwitchMsg;
  readonly alternatives: readonly SwitchAlternative[];
}

/**
 * The switches of a RulingDef list for a variant whose settings are `settings` (key → option): every option but the
 * one played is an alternative set by `{ rulings: { key: option } }`. `area` is the catalogue area of the summaries
 * (`uaRuling`, `rsRuling` …: `<area>.<id>.<option>`).
 */
export function rulingSwitches(area: string, defs: readonly RulingDef[], settings: Readonly<Record<string, string>>): SwitchDef[] {
  return defs.map((d) => {
    const current = settings[d.key] ?? d.options[0];
    return {
      id: d.id, kind: 'ruling', key: d.key, clause: d.clause, current,
      currentSummary: d.summary[current], currentMsg: { id: `${area}.${d.id}.${current}` },
      alternatives: d.options.filter((o) => o !== current).map((o) => ({
        option: o, summary: d.summary[o], msg: { id: `${area}.${d.id}.${o}` }, patch: { rulings: { [d.key]: o } },
      })),
    };
  });
}
