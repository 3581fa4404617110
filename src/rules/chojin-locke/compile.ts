/**
 * Validate and compile the chojin-locke part of an experiment file into plain
 * JSON ({@link LkGameDef} + one {@link LkVariant} per variant). Every check
 * names the file, line and path through {@link Cursor.fail}.
 */
import type { Cursor } from '../../sim/input/schema.js';
import type { CompiledGame, CompiledVariant, RulingChoice } from '../../sim/core/types.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../sim/input/experiment-keys.js';
import { CARD_KIND_IDS, CHARACTERS, DEFAULT_DECK } from './cards.js';
import { DEFAULT_CHARTS, type Charts, type CombatResultTable } from './charts.js';
import { START_BYSTANDER, START_DEAD, START_IN, type CardDef, type EsperDef, type LkGameDef, type LkVariant, type SpecialDef } from './config.js';
import { LK_RULINGS, defaultLkRulings, type LkRulings } from './rulings.js';
import { MAX_ESPERS, MAX_HAND, MAX_SPECIALS } from './state.js';
import type { LkPolicyInfo } from './decisions.js';
import { rulingChoices } from '../../sim/core/ruling-def.js';
import { t } from '../../i18n/t.js';

const ENGINE_KEYS = ['hand_size', 'max_rounds', 'deck', 'charts', 'party', 'enemies', 'party_policy', 'party_params'];
const ESPER_KEYS = ['character', 'name', 'ja', 'level', 'power', 'durability', 'willpower', 'minions', 'disintegrate', 'jammer', 'field', 'mirror', 'psychopod', 'ball', 'suit', 'nike', 'nike_power', 'subspace', 'specials', 'start', 'policy', 'policy_params'];

/** Default special weapons (ruling LK-F08). */
export const SPECIAL_DEFAULTS: Readonly<Record<string, SpecialDef>> = {
  cruiser: { kind: 'cruiser', level: 4, powers: [10], uses: 0, dudOn: [] },
  geoid: { kind: 'geoid', level: 7, powers: [100], uses: 1, dudOn: [2, 3] },
  beam: { kind: 'beam', level: 4, powers: [12, 14, 16, 18, 20], uses: 0, dudOn: [] },
};

function defaultDeck(): CardDef[] {
  const out: CardDef[] = [];
  for (const t of DEFAULT_DECK) for (const p of t.powers) out.push({ kind: t.kind, name: t.name, level: t.level, power: p });
  return out;
}

function readDeck(c: Cursor): CardDef[] {
  if (c.missing) return defaultDeck();
  const out: CardDef[] = [];
  for (const e of c.list({ min: 1 })) {
    e.object(['kind', 'name', 'level', 'power', 'count'], ['kind', 'level']);
    const kind = CARD_KIND_IDS.indexOf(e.key('kind').str({ oneOf: CARD_KIND_IDS }) as (typeof CARD_KIND_IDS)[number]);
    const level = e.key('level').num({ min: kind === 5 ? 0 : 1, max: 7, int: true });
    const isAttack = kind <= 1;
    if (isAttack && e.key('power').missing) e.fail({ id: 'lockeCompile.attackCardNeedsPower' }, 'power: 1..999');
    const power = isAttack ? e.key('power').num({ min: 1, max: 999, int: true }) : 0;
    const count = e.key('count').num({ default: 1, min: 1, max: 50, int: true });
    const name = e.key('name').str({ default: `${CARD_KIND_IDS[kind]} Lv${level}` });
    for (let i = 0; i < count; i++) out.push({ kind, name, level, power });
  }
  if (out.length > 2000) c.fail({ id: 'lockeCompile.cardsMost2000', params: { outCount: out.length } });
  return out;
}

function readTable2d6(c: Cursor, def: readonly number[], min: number, max: number, what: string): number[] {
  if (c.missing) return [...def];
  const l = c.list();
  if (l.length !== 11) c.fail({ id: 'lockeCompile.expected11Entries2D6', params: { what, lCount: l.length } }, { id: 'lockeCompile.elevenIntegers', params: { min, max } });
  return l.map((x) => x.num({ min, max, int: true }));
}

function readCharts(c: Cursor): { charts: Charts; changed: string[] } {
  const changed: string[] = [];
  if (c.missing) return { charts: DEFAULT_CHARTS, changed };
  c.object(['crt', 'there', 'alive', 'alive_durability', 'residual', 'nike']);
  let crt: CombatResultTable = DEFAULT_CHARTS.crt;
  const cc = c.key('crt');
  if (!cc.missing) {
    cc.object(['ratios', 'damage'], ['ratios', 'damage']);
    const ratios = cc.key('ratios').list({ min: 1 }).map((x) => x.num({ min: 0, max: 1000 }));
    if (ratios[0] !== 0) cc.key('ratios').fail({ id: 'lockeCompile.firstRatioMust0' }, { id: 'lockeCompile.ascendingRatiosStarting0' });
    for (let i = 1; i < ratios.length; i++) if (!(ratios[i] > ratios[i - 1])) cc.key('ratios').fail({ id: 'lockeCompile.ratiosMustAscendEntry', params: { i } }, { id: 'lockeCompile.ascendingRatiosStarting0' });
    const dl = cc.key('damage').list();
    if (dl.length !== ratios.length) cc.key('damage').fail({ id: 'lockeCompile.columnsRatios', params: { dlCount: dl.length, ratiosCount: ratios.length } }, { id: 'lockeCompile.oneDamageColumnPer' });
    crt = { ratios, damage: dl.map((x, i) => readTable2d6(x, [], 0, 99, `column ${i}`)) };
    changed.push('crt');
  }
  for (const k of ['there', 'alive', 'residual', 'alive_durability', 'nike']) if (!c.key(k).missing) changed.push(k);
  return {
    charts: {
      crt,
      there: readTable2d6(c.key('there'), DEFAULT_CHARTS.there, 0, 1, 'there'),
      alive: readTable2d6(c.key('alive'), DEFAULT_CHARTS.alive, 0, 2, 'alive'),
      aliveDurability: c.key('alive_durability').num({ default: DEFAULT_CHARTS.aliveDurability, min: 1, max: 20, int: true }),
      residual: readTable2d6(c.key('residual'), DEFAULT_CHARTS.residual, 0, 999, 'residual'),
      nike: readTable2d6(c.key('nike'), DEFAULT_CHARTS.nike, 0, 1, 'nike'),
    },
    changed,
  };
}

function readSpecial(c: Cursor): SpecialDef {
  c.object(['kind', 'level', 'powers', 'uses', 'dud_on'], ['kind']);
  const kind = c.key('kind').str({ oneOf: Object.keys(SPECIAL_DEFAULTS) });
  const d = SPECIAL_DEFAULTS[kind];
  return {
    kind,
    level: c.key('level').num({ default: d.level, min: 1, max: 7, int: true }),
    powers: c.key('powers').missing ? d.powers : c.key('powers').list({ min: 1 }).map((x) => x.num({ min: 1, max: 999, int: true })),
    uses: c.key('uses').num({ default: d.uses, min: 0, max: 20, int: true }),
    dudOn: c.key('dud_on').missing ? d.dudOn : c.key('dud_on').list().map((x) => x.num({ min: 2, max: 12, int: true })),
  };
}

function readPolicy(c: Cursor, params: Cursor, fallback: string, policies: readonly LkPolicyInfo[]): { policy: string; policyParams: Record<string, number> } {
  const policy = c.str({ default: fallback, oneOf: policies.map((p) => p.id) });
  const info = policies.find((p) => p.id === policy)!;
  const out: Record<string, number> = {};
  params.missing || params.object(Object.keys(info.defaults));
  for (const [k, d] of Object.entries(info.defaults)) out[k] = params.key(k).num({ default: d.default, min: d.min, max: d.max });
  return { policy, policyParams: out };
}

function readEsper(c: Cursor, index: number, handSize: number, polC: Cursor | null, parC: Cursor | null, fallbackPolicy: string, policies: readonly LkPolicyInfo[]): EsperDef {
  c.object(ESPER_KEYS);
  let base: (typeof CHARACTERS)[number] | undefined;
  if (!c.key('character').missing) base = CHARACTERS.find((x) => x.id === c.key('character').str({ oneOf: CHARACTERS.map((x) => x.id) }));
  else for (const k of ['level', 'power', 'durability', 'willpower']) if (c.key(k).missing) c.fail({ id: 'lockeCompile.esperWithoutCharacterNeeds', params: { k } }, { id: 'lockeCompile.characterOneLevelPower', params: { CHARACTERS: CHARACTERS.map((x) => x.id).join(', ') } });
  const num = (k: string, def: number, min: number, max: number): number => c.key(k).num({ default: def, min, max, int: true });
  const name = c.key('name').str({ default: base ? base.id : `esper${index + 1}` });
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) c.key('name').fail({ id: 'lockeCompile.notValidEsperName', params: { name } }, { id: 'input.nameChars' });
  const minions = num('minions', base?.minions ?? 0, 0, 4);
  if (handSize + minions > MAX_HAND) c.key('minions').fail({ id: 'lockeCompile.handCardsMoreThan', params: { handSize, minions, MAX_HAND } });
  const specials = c.key('specials').list().map(readSpecial);
  if (specials.length > MAX_SPECIALS) c.key('specials').fail({ id: 'lockeCompile.specialWeaponsMost', params: { specialsCount: specials.length, MAX_SPECIALS } });
  const start = c.key('start').str({ default: 'in', oneOf: ['in', 'bystander', 'dead'] });
  const pol = !c.key('policy').missing ? readPolicy(c.key('policy'), c.key('policy_params'), fallbackPolicy, policies)
    : polC && !polC.missing ? readPolicy(polC, parC!, fallbackPolicy, policies) : readPolicy(c.key('policy'), c.key('policy_params'), fallbackPolicy, policies);
  return {
    name,
    ja: c.key('ja').str({ default: base?.ja ?? name }),
    level: num('level', base?.level ?? 0, 0, 7),
    power: num('power', base?.power ?? 0, 0, 999),
    durability: num('durability', base?.durability ?? 1, 1, 99),
    willpower: num('willpower', base?.willpower ?? 0, 0, 12),
    minions,
    disintegrate: c.key('disintegrate').bool({ default: base?.disintegrate ?? false }),
    jammer: num('jammer', 0, 0, 7),
    field: num('field', 0, 0, 7),
    mirror: num('mirror', base?.mirror ?? 0, 0, 7),
    psychopod: num('psychopod', base?.psychopod ?? 0, 0, 7),
    ball: num('ball', 0, 0, 7),
    suit: num('suit', 0, 0, 99),
    nike: num('nike', 0, 0, 99),
    nikePower: num('nike_power', 20, 1, 999),
    subspace: num('subspace', 0, 0, 9),
    specials,
    start: start === 'in' ? START_IN : start === 'bystander' ? START_BYSTANDER : START_DEAD,
    ...pol,
  };
}

function readSide(c: Cursor, label: string, handSize: number, polC: Cursor | null, parC: Cursor | null, fallback: string, policies: readonly LkPolicyInfo[]): EsperDef[] {
  if (c.missing) c.fail({ id: 'lockeCompile.no', params: { label } }, { id: 'lockeCompile.listEspers' });
  const list = c.list({ min: 1 });
  const out = list.map((e, i) => readEsper(e, i, handSize, polC, parC, fallback, policies));
  const seen = new Set<string>();
  out.forEach((e, i) => {
    if (seen.has(e.name)) list[i].fail({ id: 'lockeCompile.esperNameUsedTwice', params: { name: e.name, label } }, { id: 'lockeCompile.giveDistinctName' });
    seen.add(e.name);
  });
  return out;
}

function readRulings(c: Cursor, base: LkRulings = defaultLkRulings()): LkRulings {
  const r = { ...base } as Record<string, string>;
  if (c.missing) return r as LkRulings;
  c.object(LK_RULINGS.map((d) => d.key));
  for (const d of LK_RULINGS) if (!c.key(d.key).missing) r[d.key] = c.key(d.key).str({ oneOf: d.options });
  return r as LkRulings;
}

/** The engine's `compile`, for these policies (their ids and parameters are accepted). */
export function compileChojinLocke(root: Cursor, policies: readonly LkPolicyInfo[]): CompiledGame<LkGameDef, LkVariant> {
  root.object([...GENERIC_KEYS, ...ENGINE_KEYS]);
  const rulings = readRulings(root.key('rulings'));
  const handSize = root.key('hand_size').num({ default: 7, min: 1, max: 12, int: true });
  const deck = readDeck(root.key('deck'));
  const { charts, changed } = readCharts(root.key('charts'));
  const game: LkGameDef = { deck, charts, handSize, maxRounds: root.key('max_rounds').num({ default: 20, min: 1, max: 200, int: true }), rulings };
  const partyDefault = root.key('party');
  const enemiesDefault = root.key('enemies');
  const variants: CompiledVariant<LkVariant>[] = root.key('variants').list({ min: 1 }).map((v, i) => {
    v.object([...VARIANT_KEYS, 'party', 'enemies', 'party_policy', 'party_params', 'rulings']);
    const h = readVariantHeader(v, i);
    const vr = readRulings(v.key('rulings'), rulings);
    const polC = !v.key('party_policy').missing ? v.key('party_policy') : root.key('party_policy');
    const parC = !v.key('party_policy').missing || !v.key('party_params').missing ? v.key('party_params') : root.key('party_params');
    const party = readSide(v.key('party').missing ? partyDefault : v.key('party'), 'party', handSize, polC.missing ? null : polC, parC, 'solo', policies);
    const enemies = readSide(v.key('enemies').missing ? enemiesDefault : v.key('enemies'), 'enemies', handSize, null, null, 'auto-enemy', policies);
    if (party.length + enemies.length > MAX_ESPERS) v.fail({ id: 'lockeCompile.espersEngineHoldsMost', params: { value: party.length + enemies.length, MAX_ESPERS } }, `party + enemies ≤ ${MAX_ESPERS}`);
    return { ...h, cost: party.length, params: { party, enemies, rulings: vr } };
  });
  const choices: RulingChoice[] = rulingChoices('lkRuling', LK_RULINGS, rulings);
  if (!root.key('deck').missing) {
    const params = { n: deck.length };
    choices.push({ id: 'LK-F02', choice: `deck (${deck.length})`, summary: t('lkRuling.deck', params, 'en'), msg: { id: 'lkRuling.deck', params } });
  }
  if (changed.length > 0) choices.push({ id: 'LK-F03', choice: `charts: ${changed.join(', ')}`, summary: t('lkRuling.charts', {}, 'en'), msg: { id: 'lkRuling.charts' } });
  return { game, variants, rulings: choices, costUnit: 'espers' };
}
