/**
 * Scenario format: a tile's `encounter:` — the keys shared with experiment files go to engagement-compile.ts, the
 * scenario-only ones (units' extras, reactions, reinforcements, while_alive, markets, variations, withdraw,
 * retreat checks) become an EncounterExtra.
 */
import { Cursor } from '../../../sim/input/schema.js';
import { EQUIPMENT, EXPENDABLES, EXPENDABLE_ALIASES } from '../catalogue/catalogue.js';
import { readCount, readEngagement } from '../combat/engagement-compile.js';
import { REACTIONS, RX_FRIENDLY, RX_NEUTRAL, RX_SUPPORTIVE, type EngagementDef } from '../config.js';
import {
  CHECK_ABILITIES, type EncounterExtra, type MarketOffer, type ReactionExtra, type ReinforcementDef, type RoundMods, type UnitExtra,
  type WhileAliveDef, type VariationDef, type WithdrawDef, type RetreatCheckDef,
} from './scenario.js';
import {
  CORE_ENCOUNTER_KEYS, EXTRA_ENCOUNTER_KEYS, VARIATION_KEYS, CORE_UNIT_KEYS, EXTRA_UNIT_KEYS, REACTION_ENTRY_KEYS, ROUND_MOD_KEYS,
  MARKET_IDS, ITEM_IDS, FIXED, type Ctx, readSignedCount, without,
} from './compile-shared.js';
import { readCondition, readEffects } from './compile-effects.js';

function readRoundMods(c: Cursor, keys: readonly string[]): RoundMods {
  const mod = (k: string, lo: number, hi: number) => (keys.includes(k) ? c.key(k).num({ default: 0, min: lo, max: hi, int: true }) : 0);
  return {
    attackMod: mod('attack_mod', -3, 3),
    firstRoundAttackMod: mod('first_round_attack_mod', -3, 3),
    defenceMod: mod('defence_mod', -3, 3),
    firstRoundDefenceMod: mod('first_round_defence_mod', -3, 3),
    firstRoundEnemyAttacks: mod('first_round_enemy_attacks', -5, 5),
  };
}

const NO_UNIT_EXTRA: UnitExtra = { roundAttacks: null, wounded: null, ledBy: -1, leaderlessLevel: 0, indoor: null, hitByParity: false, fumbleDamage: 0, splash: false, absent: false };
const NO_REACTION_EXTRA: ReactionExtra = { effects: [], pass: [], market: false };

/**
 * A tile's `encounter`: the shared keys go to engagement-compile.ts readEngagement (unchanged for experiment files),
 * the scenario-only keys (EXTRA_ENCOUNTER_KEYS, EXTRA_UNIT_KEYS, reaction-entry effects/pass/market,
 * extortion and loot mappings) become an {@link EncounterExtra}. All keys are checked here first, so an
 * unknown key names every allowed one.
 */
export function readEncounter(c: Cursor, ctx: Ctx, retreatAllowed: boolean): { engagement: EngagementDef; extra: EncounterExtra | null } {
  c.object([...CORE_ENCOUNTER_KEYS, ...EXTRA_ENCOUNTER_KEYS], ['enemies']);
  const core = without(c.value, EXTRA_ENCOUNTER_KEYS);
  // Enemies: check every key, hand readEngagement the shared ones.
  const unitCs = c.key('enemies').list({ min: 1 });
  unitCs.forEach((u) => u.object([...CORE_UNIT_KEYS, ...EXTRA_UNIT_KEYS], ['level']));
  core.enemies = unitCs.map((u) => without(u.value, EXTRA_UNIT_KEYS));
  // Reaction entries: effects / pass / market are scenario-only.
  const rc = c.key('reaction');
  const faceExtras: [number, number, Cursor][] = [];
  if (!rc.missing && typeof rc.value === 'object' && !Array.isArray(rc.value)) {
    const table: Record<string, unknown> = {};
    for (const [k, e] of rc.entries()) {
      if (e.value !== null && typeof e.value === 'object' && !Array.isArray(e.value)) {
        e.object(REACTION_ENTRY_KEYS, ['reaction']);
        table[k] = without(e.value, ['effects', 'pass', 'market']);
        const m = /^([1-6])(?:-([1-6]))?$/.exec(k);
        if (m) faceExtras.push([Number(m[1]), m[2] ? Number(m[2]) : Number(m[1]), e]);
      } else table[k] = e.value;
    }
    core.reaction = table;
  }
  // Extortion: a number (magazines, shared) or { magazines, mre, scrip }.
  const ex = c.key('extortion');
  let extortionMre = 0, extortionScrip = 0;
  if (!ex.missing && typeof ex.value === 'object') {
    ex.object(['magazines', 'mre', 'scrip']);
    const mags = ex.key('magazines').num({ default: 0, min: 0, max: 99, int: true });
    extortionMre = ex.key('mre').num({ default: 0, min: 0, max: 9, int: true });
    extortionScrip = ex.key('scrip').num({ default: 0, min: 0, max: 999, int: true });
    if (mags + extortionMre + extortionScrip === 0) ex.fail({ id: 'uaScenario.extortionAsksNothing' }, { id: 'uaScenario.magazinesMreScripLeast' });
    core.extortion = mags;
  }
  // Loot: `table`, { magazines: n } (shared) or { magazines: dice, scrip: dice, table: rolls }.
  const lc = c.key('loot');
  let loot: EncounterExtra['loot'] = null;
  if (!lc.missing && typeof lc.value === 'object') {
    lc.object(['magazines', 'scrip', 'table', 'table_mod']);
    const simple = Object.keys(lc.value as object).every((k) => k === 'magazines') && typeof lc.key('magazines').value === 'number';
    if (!simple) {
      loot = {
        magazines: lc.key('magazines').missing ? FIXED(0) : readCount(lc.key('magazines')),
        scrip: lc.key('scrip').missing ? FIXED(0) : readCount(lc.key('scrip')),
        tableRolls: lc.key('table').num({ default: 0, min: 0, max: 5, int: true }),
        tableMod: lc.key('table_mod').num({ default: 0, min: -6, max: 6, int: true }),
      };
      if (loot.tableMod !== 0 && loot.tableRolls === 0) lc.key('table_mod').fail({ id: 'uaScenario.lootTableModifierWithout' }, { id: 'uaScenario.table1MoreBeside' });
      delete core.loot;
    }
  }
  // A retreat check implies that retreat is allowed (UA-R99).
  const rcC = c.key('retreat_check');
  if (!rcC.missing && c.key('retreat_allowed').value === false) c.key('retreat_allowed').fail({ id: 'uaScenario.retreatCheckWhereRetreat' }, { id: 'uaScenario.retreatAllowedTrueLeave' });
  const engagement = readEngagement(new Cursor(c.source, c.parts, core), 0, { name: ctx.name, indoor: ctx.indoor, alsoOutdoor: ctx.alsoOutdoor, dark: ctx.dark, retreatAllowed: retreatAllowed || !rcC.missing });
  const names = engagement.units.map((u) => u.name);
  for (const n of names) ctx.flags.units.add(n);
  for (const u of engagement.units) ctx.flags.unitAttackMods.set(u.name, Math.min(ctx.flags.unitAttackMods.get(u.name) ?? 0, u.attackMod));
  const unitOf = (x: Cursor, others?: (n: string) => boolean) => names.indexOf(x.str({ oneOf: others ? names.filter(others) : names }));
  const groupOf = (x: Cursor) => {
    const u = unitOf(x);
    if (engagement.units[u].htt) x.fail({ id: 'uaScenario.highThreatTargetNot', params: { name: names[u] } }, names.filter((_, i) => !engagement.units[i].htt).join(', '));
    return u;
  };

  const units: UnitExtra[] = unitCs.map((u, i) => {
    const htt = engagement.units[i].htt;
    const ra = u.key('round_attacks'), wd = u.key('wounded'), lb = u.key('led_by'), ll = u.key('leaderless_level');
    if (!htt) for (const k of [ra, wd]) if (!k.missing) k.fail({ id: 'uaScenario.highThreatTarget', params: { key: k.parts[k.parts.length - 1] } }, { id: 'uaScenario.kindHighThreatLeave' });
    if (lb.missing !== ll.missing) (lb.missing ? ll : lb).fail({ id: 'uaScenario.giveLedLeaderlessLevel' }, { id: 'uaScenario.ledUnitNameLeaderless' });
    if (!ra.missing) ra.object(['odd', 'even'], ['odd', 'even']);
    if (!wd.missing) wd.object(['life_at_most', 'attacks'], ['life_at_most', 'attacks']);
    const loc = u.key('location');
    return {
      roundAttacks: ra.missing ? null : { odd: ra.key('odd').num({ min: 0, max: 20, int: true }), even: ra.key('even').num({ min: 0, max: 20, int: true }) },
      wounded: wd.missing ? null : { lifeAtMost: wd.key('life_at_most').num({ min: 1, max: 99, int: true }), attacks: wd.key('attacks').num({ min: 0, max: 20, int: true }) },
      ledBy: lb.missing ? -1 : unitOf(lb, (n) => n !== names[i]),
      leaderlessLevel: ll.missing ? 0 : ll.num({ min: 1, max: 12, int: true }),
      indoor: loc.missing ? null : loc.str({ oneOf: ['indoor', 'outdoor'] }) === 'indoor',
      hitByParity: u.key('hit_by_parity').bool({ default: false }),
      fumbleDamage: u.key('fumble_damage').num({ default: 0, min: 0, max: 9, int: true }),
      splash: u.key('splash').bool({ default: false }),
      absent: u.key('absent').bool({ default: false }),
      ...(u.key('hit_target').missing ? {} : { hitTarget: u.key('hit_target').str({ oneOf: ['leader', 'roll'] }) === 'leader' ? 1 as const : 2 as const }),
    };
  });

  // Variations (UA-R98): `{ if: condition, enemies: { name: ±n }, add: [names], remove: [names], enemy_first_strike,
  // squad_first_strike, screen_off: [names], untargetable: [names], no_unit_mod: [names] }`.
  const variations: VariationDef[] = c.key('variations').list().map((v) => {
    v.object(VARIATION_KEYS, ['if']);
    const list = (k: string) => v.key(k).list().map((x) => unitOf(x));
    const add = list('add');
    add.forEach((u, i) => { if (!units[u].absent) v.key('add').list()[i].fail({ id: 'uaScenario.fightAnyway', params: { name: names[u] } }, { id: 'uaScenario.markAbsentTrueEnemies' }); });
    const screenOff = list('screen_off');
    screenOff.forEach((u, i) => { if (engagement.units[u].screenedBy < 0) v.key('screen_off').list()[i].fail({ id: 'uaScenario.noScreen', params: { name: names[u] } }, { id: 'uaScenario.unitScreened' }); });
    const nv: VariationDef = {
      cond: readCondition(v.key('if'), ctx),
      enemies: v.key('enemies').entries().map(([k, n]) => {
        const u = names.indexOf(k);
        if (u < 0) n.fail({ id: 'uaScenario.noEnemyEncounter', params: { k } }, names.join(', '));
        return { unit: u, n: readSignedCount(n) };
      }),
      add,
      remove: list('remove'),
      enemyFirstStrike: v.key('enemy_first_strike').bool({ default: false }),
      squadFirstStrike: v.key('squad_first_strike').bool({ default: false }),
      screenOff,
      untargetable: list('untargetable'),
      noUnitMod: list('no_unit_mod'),
    };
    if (nv.squadFirstStrike && engagement.enemyFirstStrike) ctx.flags.warnings.push({ at: v.key('squad_first_strike'), msg: { id: 'uaFormat.squadFirstNeverApplies' } });
    if (nv.enemyFirstStrike && nv.squadFirstStrike) v.fail({ id: 'uaScenario.bothSidesStrikeFirst' }, { id: 'uaScenario.enemyFirstStrikeSquad' });
    if (VARIATION_KEYS.every((k) => k === 'if' || v.key(k).missing)) v.fail({ id: 'uaScenario.variationChangesNothing' }, VARIATION_KEYS.filter((k) => k !== 'if').join(', '));
    return nv;
  });
  if (units.some((u) => u.absent) && variations.length === 0) c.key('variations').fail({ id: 'uaScenario.absentEnemyNoVariation' }, 'variations: [{ if: …, add: [name] }]');

  // Withdrawal rules (UA-R99): `[{ unit: name (or the whole force), after_round: n, down: n, when: either | both }]`.
  const withdraw: WithdrawDef[] = c.key('withdraw').list().map((w) => {
    w.object(['unit', 'after_round', 'down', 'when']);
    const ar = w.key('after_round').num({ default: 0, min: 1, max: 40, int: true });
    const dn = w.key('down').num({ default: 0, min: 1, max: 99, int: true });
    if (ar === 0 && dn === 0) w.fail({ id: 'uaScenario.withdrawalRuleNoCondition' }, { id: 'uaScenario.afterRoundNDown' });
    const both = w.key('when').str({ default: 'either', oneOf: ['either', 'both'] }) === 'both';
    if (both && (ar === 0 || dn === 0)) w.key('when').fail({ id: 'uaScenario.bothNeedsAfterRound' }, { id: 'uaScenario.whenEitherGiveBoth' });
    return { unit: w.key('unit').missing ? -1 : unitOf(w.key('unit')), afterRound: ar, down: dn, both };
  });
  if (withdraw.length > 0 && !c.key('withdraw_on').missing) c.key('withdraw_on').fail({ id: 'uaScenario.withdrawWithdrawTogether' }, { id: 'uaScenario.oneThemWithdrawCovers' });

  // Retreat check (UA-R99): `{ roll: command, target: 4, mod: 0, while_standing: { name: -1 } }`.
  const retreatCheck: RetreatCheckDef | null = rcC.missing ? null : (() => {
    rcC.object(['roll', 'target', 'mod', 'while_standing'], ['roll']);
    return {
      ability: CHECK_ABILITIES.indexOf(rcC.key('roll').str({ oneOf: CHECK_ABILITIES }) as (typeof CHECK_ABILITIES)[number]),
      target: rcC.key('target').num({ default: 4, min: 1, max: 12, int: true }),
      mod: rcC.key('mod').num({ default: 0, min: -3, max: 3, int: true }),
      whileStanding: rcC.key('while_standing').entries().map(([k, m]) => {
        const u = names.indexOf(k);
        if (u < 0) m.fail({ id: 'uaScenario.noEnemyEncounter', params: { k } }, names.join(', '));
        return { unit: u, mod: m.num({ min: -3, max: 3, int: true }) };
      }),
    };
  })();

  // ends_after_round: a round, or `{ round, effects, loot }` (UA-R99).
  const eaC = c.key('ends_after_round');
  const eaObj = !eaC.missing && typeof eaC.value === 'object' && eaC.value !== null;
  if (eaObj) eaC.object(['round', 'effects', 'loot', 'hold'], ['round']);
  const endsAfterRound = eaObj ? eaC.key('round').num({ min: 1, max: 40, int: true }) : eaC.num({ default: 0, min: 1, max: 40, int: true });
  // hold: the fight is not over when no enemy stands before that round (UA-V53, Black Sun lap-2 final).
  const hold = eaObj && eaC.key('hold').bool({ default: false });

  const marketC = c.key('market');
  const market: MarketOffer[] = marketC.list().map((o) => {
    o.object(['item', 'scrip', 'magazines'], ['item']);
    const raw = o.key('item').str({ oneOf: MARKET_IDS });
    const id = EXPENDABLE_ALIASES[raw] ?? raw;
    const offer = {
      id,
      expendable: EXPENDABLES.indexOf(id as (typeof EXPENDABLES)[number]),
      scrip: o.key('scrip').num({ default: 0, min: 0, max: 999, int: true }),
      magazines: o.key('magazines').num({ default: 0, min: 0, max: 99, int: true }),
    };
    if (offer.scrip === 0 && offer.magazines === 0) o.fail({ id: 'uaScenario.offerNoPrice' }, { id: 'uaScenario.scripMagazinesLeastOne' });
    return offer;
  });

  let reactions: ReactionExtra[] | null = null;
  let marketFace = false;
  if (faceExtras.some(([, , e]) => ['effects', 'pass', 'market'].some((k) => !e.key(k).missing))) {
    reactions = [NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA, NO_REACTION_EXTRA];
    for (const [lo, hi, e] of faceExtras) {
      const rx = REACTIONS.indexOf(e.key('reaction').str({ oneOf: REACTIONS }) as (typeof REACTIONS)[number]);
      const passable = rx === RX_SUPPORTIVE || rx === RX_FRIENDLY || rx === RX_NEUTRAL;
      for (const k of ['pass', 'market']) {
        if (!passable && !e.key(k).missing) e.key(k).fail({ id: 'uaScenario.needsEnemyLetsSquad', params: { k } }, { id: 'uaScenario.reactionSupportiveFriendlyNeutral' });
      }
      const isMarket = e.key('market').bool({ default: false });
      if (isMarket && market.length === 0) e.key('market').fail({ id: 'uaScenario.noMarketOffersEncounter' }, 'market: [{ item, scrip, magazines }, …]');
      marketFace ||= isMarket;
      const x: ReactionExtra = { effects: readEffects(e.key('effects'), ctx), pass: readEffects(e.key('pass'), ctx), market: isMarket };
      for (let f = lo; f <= hi; f++) reactions[f - 1] = x;
    }
  }
  if (market.length > 0 && !marketFace) marketC.fail({ id: 'uaScenario.marketOffersButNo' }, { id: 'uaScenario.addMarketTrueNeutral' });

  const whileAlive: WhileAliveDef[] = c.key('while_alive').list().map((w) => {
    w.object(['units', 'attack_mod', 'defence_mod'], ['units']);
    return {
      units: w.key('units').list({ min: 1 }).map((x) => unitOf(x)),
      attackMod: w.key('attack_mod').num({ default: 0, min: -3, max: 3, int: true }),
      defenceMod: w.key('defence_mod').num({ default: 0, min: -3, max: 3, int: true }),
    };
  });
  const reinforcements: ReinforcementDef[] = c.key('reinforcements').list().map((r) => {
    r.object(['unit', 'count', 'round', 'every', 'if_standing_at_least', 'raises_start'], ['unit', 'count', 'round']);
    return {
      unit: groupOf(r.key('unit')),
      count: readCount(r.key('count')),
      round: r.key('round').num({ min: 1, max: 40, int: true }),
      every: r.key('every').bool({ default: false }),
      ifStandingAtLeast: r.key('if_standing_at_least').num({ default: 0, min: 0, max: 99, int: true }),
      ...(r.key('raises_start').bool({ default: true }) ? {} : { keepStart: true as const }),
    };
  });
  const bc = c.key('round_zero_blast');
  bc.missing || bc.object(['faces', 'target', 'damage', 'wound', 'fumble_wound'], ['faces', 'target', 'damage']);
  const roundZeroUses = c.key('round_zero_use').list().map((r) => {
    r.object(['item', 'unit', 'kills'], ['item', 'unit', 'kills']);
    const raw = r.key('item').str({ oneOf: ITEM_IDS });
    return { expendable: EXPENDABLES.indexOf((EXPENDABLE_ALIASES[raw] ?? raw) as (typeof EXPENDABLES)[number]), unit: groupOf(r.key('unit')), kills: readCount(r.key('kills')) };
  });
  const membersDefenceMod = c.key('members_defence_mod').entries().map(([k, m]) => {
    if (!/^\d+$/.test(k) || Number(k) < 1) m.fail({ id: 'uaScenario.notMemberCount', params: { k } }, { id: 'uaScenario.n3162' });
    return { atLeast: Number(k), mod: m.num({ min: -3, max: 3, int: true }) };
  }).sort((a, b) => a.atLeast - b.atLeast);
  // members_defence_count (UA-V52): who 組織的防衛 counts — every member with the squad (UA-R67) or the combatants.
  const mdcC = c.key('members_defence_count');
  const mdCombatants = mdcC.str({ default: 'members', oneOf: ['members', 'combatants'] }) === 'combatants';
  if (!mdcC.missing && membersDefenceMod.length === 0) mdcC.fail({ id: 'uaScenario.needsKeyInEncounter', params: { k: 'members_defence_count', need: 'members_defence_mod' } }, 'members_defence_mod: { "3": 1, "6": 2 }');
  // sniper_outside_cap (UA-V54): the sniper's shots are not among attackers_per_round's capped attackers.
  const socC = c.key('sniper_outside_cap');
  const sniperOut = socC.bool({ default: false });
  if (!socC.missing && engagement.attackersCap === 0) socC.fail({ id: 'uaScenario.needsKeyInEncounter', params: { k: 'sniper_outside_cap', need: 'attackers_per_round' } }, 'attackers_per_round: 3');
  // withdraw_on: one group, or a list of groups counted together as one (UA-V55, Black Sun 53).
  const woC = c.key('withdraw_on');
  const woList = !woC.missing && Array.isArray(woC.value) ? woC.list({ min: 1 }).map((g) => groupOf(g)) : null;
  const cap = c.key('on_capture');
  let onCapture: EncounterExtra['onCapture'] = null;
  if (!cap.missing) {
    cap.object(['unit', 'effects', 'with'], ['unit']);
    const w = cap.key('with');
    w.missing || w.object(['equipment', 'effects'], ['equipment', 'effects']);
    onCapture = {
      unit: unitOf(cap.key('unit')),
      effects: readEffects(cap.key('effects'), ctx),
      withEquipment: w.missing ? '' : w.key('equipment').str({ oneOf: Object.keys(EQUIPMENT) }),
      withEffects: w.missing ? [] : readEffects(w.key('effects'), ctx),
    };
  }
  const ifFirst = c.key('if_squad_first_strike');
  if (engagement.enemyFirstStrike && c.key('squad_first_strike').value === true) ctx.flags.warnings.push({ at: c.key('squad_first_strike'), msg: { id: 'uaFormat.squadFirstNeverApplies' } });
  ifFirst.missing || ifFirst.object(ROUND_MOD_KEYS);
  const extra: EncounterExtra = {
    squadFirstStrike: c.key('squad_first_strike').bool({ default: false }),
    // first_round_defence_mod stays in EngagementDef (shared key).
    mods: readRoundMods(c, ROUND_MOD_KEYS.filter((k) => k !== 'first_round_defence_mod')),
    ifSquadFirstStrike: ifFirst.missing ? null : readRoundMods(ifFirst, ROUND_MOD_KEYS),
    whileAlive,
    reinforcements,
    units,
    reactions,
    market,
    extortionMre,
    extortionScrip,
    loot,
    ifWipedOut: readEffects(c.key('if_wiped_out'), ctx),
    roundZeroBlast: bc.missing ? null : {
      faces: bc.key('faces').num({ min: 1, max: 6, int: true }),
      target: bc.key('target').num({ min: 1, max: 12, int: true }),
      damage: bc.key('damage').num({ min: 1, max: 9, int: true }),
      wound: bc.key('wound').num({ default: 0, min: 0, max: 3, int: true }),
      // A fumbled defence's 負傷 as the scenario gives it (Black Sun 54 for core 1.01 「IED fumble → 負傷+2」, UA-R173).
      ...(bc.key('fumble_wound').missing ? {} : { fumbleWound: bc.key('fumble_wound').num({ min: 1, max: 3, int: true }) }),
    },
    roundZeroUses,
    advantageAttackMod: c.key('advantage_attack_mod').num({ default: 0, min: -3, max: 3, int: true }),
    membersDefenceMod,
    ...(mdCombatants ? { membersDefenceCombatants: true as const } : {}),
    endsAfterRound,
    ...(hold ? { holdUntilLimit: true as const } : {}),
    ...(sniperOut ? { sniperOutsideCap: true as const } : {}),
    endsWhenDown: c.key('ends_when_down').missing ? -1 : unitOf(c.key('ends_when_down')),
    withdrawOn: woC.missing ? -1 : woList !== null ? woList[0] : groupOf(woC),
    ...(woList !== null && woList.length > 1 ? { withdrawOnGroup: woList } : {}),
    onCapture,
    variations,
    withdraw,
    endsAfterEffects: eaObj ? readEffects(eaC.key('effects'), ctx) : [],
    endsAfterLoot: eaObj ? eaC.key('loot').bool({ default: false }) : false,
    retreatCheck,
    firstAttackRollMod: c.key('first_attack_roll_mod').num({ default: 0, min: -3, max: 3, int: true }),
    firstDefenceRollMod: c.key('first_defence_roll_mod').num({ default: 0, min: -3, max: 3, int: true }),
  };
  const plain = JSON.stringify({ ...extra, units: [] }) === JSON.stringify({ ...EMPTY_EXTRA, units: [] }) && units.every((u) => JSON.stringify(u) === JSON.stringify(NO_UNIT_EXTRA));
  return { engagement, extra: plain ? null : extra };
}

const NO_MODS: RoundMods = { attackMod: 0, firstRoundAttackMod: 0, defenceMod: 0, firstRoundDefenceMod: 0, firstRoundEnemyAttacks: 0 };
const EMPTY_EXTRA: EncounterExtra = {
  squadFirstStrike: false, mods: NO_MODS, ifSquadFirstStrike: null, whileAlive: [], reinforcements: [], units: [], reactions: null, market: [],
  extortionMre: 0, extortionScrip: 0, loot: null, ifWipedOut: [], roundZeroBlast: null, roundZeroUses: [], advantageAttackMod: 0,
  membersDefenceMod: [], endsAfterRound: 0, endsWhenDown: -1, withdrawOn: -1, onCapture: null,
  variations: [], withdraw: [], endsAfterEffects: [], endsAfterLoot: false, retreatCheck: null, firstAttackRollMod: 0, firstDefenceRollMod: 0,
};
