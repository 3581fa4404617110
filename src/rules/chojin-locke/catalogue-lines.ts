/**
 * The 超人ロック catalogue as `balance-lab list` prints it (seed 003: the characters, the deck's combat cards, the
 * special attacks), one line per entry, in the chosen language (area lkCat).
 */
import { CARD_KIND_IDS, CHARACTERS, DEFAULT_DECK } from './cards.js';
import { SPECIAL_DEFAULTS } from './compile.js';
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';

/** One line per catalogue entry, in `lang`. */
export function lkCatalogueLines(lang: Lang = getLang()): string[] {
  const lines: string[] = [];
  for (const c of CHARACTERS) {
    const extras = (c.minions ? t('lkCat.minions', { n: c.minions }, lang) : '') + (c.mirror ? t('lkCat.mirror', { level: c.mirror }, lang) : '') +
      (c.psychopod ? t('lkCat.psychopod', { level: c.psychopod }, lang) : '') + (c.disintegrate ? t('lkCat.disintegration', undefined, lang) : '');
    lines.push(t('lkCat.character', { id: c.id, ja: c.ja, level: c.level, power: c.power, durability: c.durability, willpower: c.willpower, extras }, lang));
  }
  for (const d of DEFAULT_DECK) {
    const copies = d.powers.length === 1 ? t('lkCat.oneCopy', undefined, lang) : t('lkCat.copies', { n: d.powers.length }, lang);
    lines.push(t('lkCat.card', { kind: CARD_KIND_IDS[d.kind], name: d.name, level: d.level, copies, powers: d.kind <= 1 ? t('lkCat.powers', { powers: d.powers.join(', ') }, lang) : '' }, lang));
  }
  for (const sp of Object.values(SPECIAL_DEFAULTS)) {
    const uses = sp.uses ? t('lkCat.uses', { n: sp.uses }, lang) : t('lkCat.everyRound', undefined, lang);
    lines.push(t('lkCat.special', { kind: sp.kind, level: sp.level, powers: sp.powers.join('/'), uses, dud: sp.dudOn.length ? t('lkCat.dud', { rolls: sp.dudOn.join('/') }, lang) : '' }, lang));
  }
  return lines;
}
