/**
 * Engine metadata in the reader's language (issue 26): the title, policy summaries and parameter meanings that
 * `balance-lab list` and the API show. The engines write them in English beside their definitions; the catalogue
 * holds both languages under `meta.<engine>.title`, `meta.<engine>.policy.<policy>` and
 * `meta.<engine>.param.<param>` (areas meta-*.ts). A text the catalogue lacks is shown as the engine wrote it
 * (tests/engine-meta-lang.test.ts keeps the catalogue complete).
 */
import { catalogue } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import type { EngineModule, PolicyInfo } from './types.js';

/** The catalogue id of an engine's title. */
export const titleId = (engine: string): string => `meta.${engine}.title`;
/** The catalogue id of a policy's summary. */
export const policyId = (engine: string, policy: string): string => `meta.${engine}.policy.${policy}`;
/** The catalogue id of a policy parameter's meaning (shared by the engine's policies). */
export const paramId = (engine: string, param: string): string => `meta.${engine}.param.${param}`;

function lookup(id: string, written: string, lang: Lang): string {
  return (catalogue(lang) as Readonly<Record<string, string>>)[id] ?? written;
}

/** The engine's title in `lang`. */
export function engineTitle(e: Pick<EngineModule, 'id' | 'title'>, lang: Lang = getLang()): string {
  return lookup(titleId(e.id), e.title, lang);
}

/** The policy as `list` shows it, in `lang`: its summary, and each parameter as "default (min..max) meaning". */
export function policyInLang(engine: string, p: PolicyInfo, lang: Lang = getLang()): PolicyInfo {
  const en = catalogue('en') as Readonly<Record<string, string>>;
  const params = Object.fromEntries(Object.entries(p.params).map(([k, v]) => {
    const written = en[paramId(engine, k)];
    // The engine's line ends with its English meaning; swap that ending for the chosen language's.
    return [k, written !== undefined && v.endsWith(written) ? v.slice(0, v.length - written.length) + lookup(paramId(engine, k), written, lang) : v];
  }));
  return { id: p.id, summary: lookup(policyId(engine, p.id), p.summary, lang), params };
}
