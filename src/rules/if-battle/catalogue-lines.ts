/**
 * The IF battle catalogue as `balance-lab list` prints it (seed 001: skills, bugs and their recovery skills, the
 * field table, the sample memories), in the chosen language (area ifCat). English shows the ids, Japanese the
 * Japanese names (each with the other beside it).
 */
import { BUGS, BUG_JA, BUG_RECOVERY_SKILL, FIELDS, FIELD_JA, MEMORY_TYPES, M_AUTO, N_BUGS, SKILLS, SKILL_JA, STAT_NAMES, isAttack, sampleMemories, type MemoryDef } from './catalogue.js';
import { MAX_SLOTS } from './state.js';
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';

/** One line describing a memory, in `lang`. */
export function describeMemory(m: MemoryDef, lang: Lang = getLang()): string {
  const word = (ids: readonly string[], ja: readonly string[], i: number) => (lang === 'ja' ? ja[i] : ids[i]);
  const parts: string[] = [t(`ifCat.type.${MEMORY_TYPES[m.type]}`, undefined, lang)];
  if (m.type !== M_AUTO) parts.push(t('ifCat.cost', { n: m.cost }, lang));
  if (isAttack(m)) {
    parts.push(t('ifCat.attack', { skill: word(SKILLS, SKILL_JA, m.skill), min: m.rangeMin, max: m.rangeMax, damage: m.damage, stat: t(`ifCat.stat.${STAT_NAMES[m.stat]}`, undefined, lang) }, lang));
    if (m.bug >= 0) parts.push(t('ifCat.inflicts', { bug: word(BUGS, BUG_JA, m.bug), points: m.bugPoints }, lang));
  }
  if (m.move) parts.push(t('ifCat.move', { n: m.move }, lang));
  if (m.guard) parts.push(t('ifCat.guard', { n: m.guard }, lang));
  if (m.field >= 0) parts.push(t('ifCat.fieldChange', { field: word(FIELDS, FIELD_JA, m.field) }, lang));
  if (m.boost) parts.push(t('ifCat.boost', { n: m.boost }, lang));
  if (m.reduce) parts.push(t('ifCat.reduce', { n: m.reduce }, lang));
  return t('ifCat.memory', { name: t('ifCat.named', { id: m.id, ja: m.ja }, lang), parts: parts.join(t('ifCat.sep', undefined, lang)) }, lang);
}

/** One line per catalogue entry, in `lang`. */
export function ifCatalogueLines(lang: Lang = getLang()): string[] {
  const named = (id: string, ja: string) => t('ifCat.named', { id, ja }, lang);
  const sep = t('ifCat.sep', undefined, lang);
  const lines = [t('ifCat.skills', { list: SKILLS.map((s, i) => named(s, SKILL_JA[i])).join(sep) }, lang)];
  for (let b = 0; b < N_BUGS; b++) {
    const r = BUG_RECOVERY_SKILL[b];
    lines.push(t('ifCat.bug', { n: b, name: named(BUGS[b], BUG_JA[b]), skill: lang === 'ja' ? SKILL_JA[r] : SKILLS[r] }, lang));
  }
  lines.push(t('ifCat.fields', { list: FIELDS.map((f, i) => `${i + 1} ${named(f, FIELD_JA[i])}`).join(sep) }, lang));
  for (const m of sampleMemories()) lines.push(describeMemory(m, lang));
  lines.push(t('ifCat.maxSlots', { n: MAX_SLOTS }, lang));
  return lines;
}
