/**
 * The Axis & Allies Miniatures catalogue as `balance-lab list` prints it (the stat cards of unit-data.ts), one line
 * per unit, in the chosen language (area aamCat).
 */
import { UNIT_DATA } from './unit-data.js';
import { t } from '../../i18n/t.js';
import { getLang, type Lang } from '../../i18n/lang.js';

const KIND_WORD = { soldier: 'aamReplay.kindSoldier', vehicle: 'aamReplay.kindVehicle', aircraft: 'aamReplay.kindAircraft' } as const;

/** One line per unit, in `lang`. */
export function aamCatalogueLines(lang: Lang = getLang()): string[] {
  const r = (a: readonly number[]) => a.map((x) => (x === 0 ? '–' : String(x))).join('/');
  return UNIT_DATA.map((u) => t('aamCat.unit', {
    name: u.name, nation: u.nation, kind: lang === 'en' ? u.kind : t(KIND_WORD[u.kind], undefined, lang), cost: u.cost, front: u.defence[0], rear: u.defence[1],
    speed: u.kind === 'aircraft' ? 'A' : u.speed, vsSoldier: r(u.vsSoldier), vsVehicle: r(u.vsVehicle),
    abilities: u.abilities.length ? t('aamCat.abilities', { list: u.abilities.join(', ') }, lang) : '', assumed: u.assumed ? t('aamCat.assumed', undefined, lang) : '',
  }, lang));
}
