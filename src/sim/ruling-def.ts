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
