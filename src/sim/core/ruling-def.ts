/** A ruling in effect for a run, as recorded in run.json and reports. */
export interface RulingChoice {
  readonly id: string;
  readonly choice: string;
  readonly summary: string;
  /**
   * The summary as a catalogue message (id and parameters), so a report or the web app can show it in the reader's
   * language; `summary` is its English text (run.json stays language-neutral). Absent: show `summary`.
   */
  readonly msg?: { readonly id: string; readonly params?: Readonly<Record<string, string | number>> };
}

/**
 * A switchable ruling as every engine declares it: an id explained in
 * docs/rules/<game>.md, the experiment key, the clause it reads, its options
 * (default first) and a one-line summary per option.
 */
export interface RulingDef {
  readonly id: string;
  /** Experiment key under `rulings:`. */
  readonly key: string;
  readonly clause: string;
  /** Options, default first. */
  readonly options: readonly string[];
  readonly summary: Readonly<Record<string, string>>;
}

/** The settings type of a `const` ruling list: key → chosen option. */
export type RulingSettingsOf<T extends readonly RulingDef[]> = { -readonly [K in T[number] as K['key']]: K['options'][number] };

/** Default settings of a ruling list: the first option of each ruling. */
export function defaultSettings<T extends readonly RulingDef[]>(defs: T): RulingSettingsOf<T> {
  const r: Record<string, string> = {};
  for (const d of defs) r[d.key] = d.options[0];
  return r as RulingSettingsOf<T>;
}

/** The catalogue ids of a ruling list's summaries: `<area>.<ruling id>.<option>` for every option of every ruling. */
export type RulingMsgIds<A extends string, T extends readonly RulingDef[]> =
  T[number] extends infer D ? (D extends RulingDef ? `${A}.${D['id']}.${D['options'][number]}` : never) : never;

/** The English catalogue entries of a ruling list: each option's summary as written with the ruling (one source). */
export function rulingMessages<A extends string, T extends readonly RulingDef[]>(area: A, defs: T): Record<RulingMsgIds<A, T>, string> {
  return Object.fromEntries(defs.flatMap((d) => d.options.map((o) => [`${area}.${d.id}.${o}`, d.summary[o]]))) as Record<RulingMsgIds<A, T>, string>;
}

/**
 * The rulings in effect as run.json records them: each ruling's chosen option, its English summary and the same
 * summary as catalogue message `<area>.<ruling id>.<option>`, which reports render in the reader's language
 * (RulingChoice.msg, docs/i18n.md).
 */
export function rulingChoices(area: string, defs: readonly RulingDef[], settings: Readonly<Record<string, string>>): RulingChoice[] {
  return defs.map((d) => {
    const choice = settings[d.key];
    return { id: d.id, choice, summary: d.summary[choice], msg: { id: `${area}.${d.id}.${choice}` } };
  });
}
