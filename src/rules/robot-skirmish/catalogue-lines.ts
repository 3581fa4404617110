/**
 * The robot-skirmish catalogue as `balance-lab list` prints it (seed 000 construction rules: the base rule, sizes,
 * weapons, equipment), one line per entry, in the chosen language (area rsCat).
 */
import { MELEE, baseCatalogue, formatDamage } from './catalogue.js';
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';

/** One line per catalogue entry, in `lang`. */
export function rsCatalogueLines(lang: Lang = getLang()): string[] {
  const c = baseCatalogue();
  const b = c.base;
  const lines = [t('rsCat.base', {
    move: b.move, movePerPoint: b.movePerPoint, minMove: b.minMove, attack: b.attack, attackPerPoint: b.attackPerPoint, defence: b.defence,
    defencePerPoint: b.defencePerPoint, hands: b.hands, unitCost: b.unitCost, bonusMax: b.bonusMax, statMax: b.statMax, throwRange: b.throwRangePerAttack,
  }, lang)];
  const move = (n: number) => (n ? t('rsCat.move', { n }, lang) : '');
  for (const s of c.sizes) lines.push(t('rsCat.size', { id: s.id, ja: s.ja, points: s.points, radius: s.radius, hp: s.hp, slots: s.slots }, lang));
  for (const w of c.weapons) {
    lines.push(t('rsCat.weapon', {
      id: w.id, ja: w.ja, kind: w.kind === MELEE ? t('rsCat.melee', undefined, lang) : t('rsCat.ranged', { range: w.range }, lang), damage: formatDamage(w.damage, lang),
      hands: w.hands, slots: w.slots, barrels: w.barrels > 1 ? t('rsCat.barrels', { n: w.barrels }, lang) : '', en: w.en ? t('rsCat.en', undefined, lang) : '', move: move(w.moveMod),
    }, lang));
  }
  for (const q of c.equipment) lines.push(t('rsCat.equipment', { id: q.id, ja: q.ja, slots: q.slots, move: move(q.moveMod) }, lang));
  return lines;
}
