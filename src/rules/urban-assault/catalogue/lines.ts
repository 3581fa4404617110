/**
 * The URBAN ASSAULT catalogue as `balance-lab list` prints it (seed §§ equipment and squad tables: weapons, armour,
 * shields, expendables, equipment, members), one line per item, in the chosen language (area uaCat).
 */
import { ARMOURS, EQUIPMENT, EXPENDABLES, EXPENDABLE_DEFS, ROLE_DEFS, SHIELDS, WEAPONS } from './catalogue.js';
import { t } from '../../../i18n/t.js';
import { getLang, type Lang } from '../../../i18n/lang.js';

/** One line per catalogue item, in `lang`. */
export function uaCatalogueLines(lang: Lang = getLang()): string[] {
  const lines: string[] = [];
  for (const w of Object.values(WEAPONS)) lines.push(t('uaCat.weapon', { id: w.id, ja: w.ja, cost: w.cost, shots: w.shots, mod: `${w.attackMod >= 0 ? '+' : ''}${w.attackMod}` }, lang));
  for (const a of Object.values(ARMOURS)) lines.push(t('uaCat.armour', { id: a.id, ja: a.ja, cost: a.cost, life: a.life, defence: a.defence }, lang));
  for (const s of Object.values(SHIELDS)) lines.push(t('uaCat.shield', { id: s.id, ja: s.ja, cost: s.cost, life: s.life, defence: s.defenceVsShooting }, lang));
  for (const e of EXPENDABLES) lines.push(t('uaCat.expendable', { id: e, ja: EXPENDABLE_DEFS[e].ja, cost: EXPENDABLE_DEFS[e].cost }, lang));
  for (const [id, e] of Object.entries(EQUIPMENT)) lines.push(t('uaCat.equipment', { id, ja: e.ja, cost: e.cost, attachment: e.attachment ? t('uaCat.attachment', undefined, lang) : '' }, lang));
  for (const r of ROLE_DEFS) {
    lines.push(t('uaCat.member', {
      id: r.id, ja: r.ja, cost: r.cost, skill: r.skill, shots: r.shots,
      nonCombatant: r.combatant ? '' : t('uaCat.nonCombatant', undefined, lang), sniperPoint: r.sniperPoint ? t('uaCat.sniperPoint', undefined, lang) : '',
    }, lang));
  }
  return lines;
}
