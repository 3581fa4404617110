/**
 * Validate and compile the URBAN ASSAULT part of an experiment file into plain
 * JSON ({@link GauntletDef} + one {@link SquadDef} per variant). Every check
 * names the file, line and path through {@link Cursor.fail}.
 */
import { Cursor, Source } from '../../sim/input/schema.js';
import { InputError } from '../../sim/input/input-error.js';
import type { CompiledGame, CompiledVariant, CompileNotice, RulingChoice } from '../../sim/core/types.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../sim/input/experiment-keys.js';
import {
  COMMAND_SKILLS, EXPENDABLES, EXPENDABLE_ALIASES, GROWTH, ROLES,
  SHOOTING_SKILLS, STARTING_KIT, SUB_ABILITIES, skillFlag, type Catalogue, type CommandSkill, type ShootingSkill, N_ROLES,
  MAX_MEMBER_TYPES,
} from './catalogue/catalogue.js';
import { type GauntletDef, type SquadDef, type UaVariant, type OperationDef, type ReorgEffects, type CampaignDef, type SecondLeaderDef } from './config.js';
import { UA_RULINGS, defaultRulings, type RulingSettings } from './catalogue/rulings.js';
import { compileScenarioChecked } from './scenario/compile.js';
import { noticeOf, type CompileWarning } from './scenario/compile-shared.js';
import type { ScenarioDef } from './scenario/scenario.js';
import { unsupportedFeatures } from './scenario/support.js';
import { SPECIALS, SPECIAL_DEFS, SP_DRONE, SP_SCANNER, type SpecialId } from './catalogue/special.js';
import { readBoundedFile, resolveScenarioPath } from '../../sim/input/scenario-path.js';
import { isMarkdownFile, parseMarkdownScenario } from './scenario/markdown.js';
import { splitTargets, type RawTarget } from '../../sim/input/targets-spec.js';
import { MAX_INPUT_FILE_BYTES } from '../../sim/input/limits.js';
import { patchScenario } from './scenario/patch.js';
import { layOut } from './operation/report-layout.js';
import { roleCarry } from './catalogue/catalogue.js';
import type { UaPolicyInfo } from './decisions.js';
import { overrideRules, readRulesRef } from './catalogue/ruleset-read.js';
import type { UaRules } from './catalogue/ruleset.js';
import { t } from '../../i18n/t.js';

const V101 = 'v1.01-2026-10';

const ENGINE_KEYS = ['gauntlet', 'engagement', 'operation', 'squad', 'catalogue', 'rules'];
const SQUAD_KEYS = ['leader', 'members', 'buy', 'weapon', 'attachment', 'armour', 'shield', 'magazines', 'policy', 'policy_params', 'supply_request', 'special_equipment', 'buy_between', 'players', 'second_leader'];
/** What `buy:` may name under a ruleset's catalogue (its own and added entries included). */
function buyIds(cat: Catalogue): string[] {
  return [...Object.keys(cat.weapons), ...Object.keys(cat.armours), ...Object.keys(cat.shields), ...cat.expendableList.map((e) => e.id), ...Object.keys(EXPENDABLE_ALIASES), ...Object.keys(cat.equipment)];
}

import { readEngagement } from './combat/engagement-compile.js';

function readRulings(c: Cursor, base: RulingSettings = defaultRulings()): RulingSettings {
  const r = { ...base } as Record<string, string>;
  if (c.missing) return r as RulingSettings;
  c.object(UA_RULINGS.map((d) => d.key));
  for (const d of UA_RULINGS) if (!c.key(d.key).missing) r[d.key] = c.key(d.key).str({ oneOf: d.options });
  return r as RulingSettings;
}

/** The first `unmanned` mark (where it was written) anywhere in a compiled scenario or list of engagements. */
function findUnmanned(x: unknown, seen = new Set<object>()): { file: string; line?: number; path: string } | null {
  if (x === null || typeof x !== 'object' || seen.has(x)) return null;
  seen.add(x);
  const u = (x as { unmanned?: { file: string; line?: number; path: string } }).unmanned;
  if (u && typeof u === 'object') return u;
  for (const v of Array.isArray(x) ? x : Object.values(x)) {
    const f = findUnmanned(v, seen);
    if (f) return f;
  }
  return null;
}

/** The default rulings under a rule version: the first options, then the version's own defaults (its ruleset's `rulings:`). */
function versionRulings(rules: UaRules): RulingSettings {
  return { ...defaultRulings(), ...(rules.rulingDefaults ?? {}) } as RulingSettings;
}

/** The rulings an experiment's `rulings:` sets itself (key → option). */
function explicitRulings(c: Cursor, settings: RulingSettings): Partial<RulingSettings> {
  const r: Record<string, string> = {};
  if (!c.missing) for (const d of UA_RULINGS) if (!c.key(d.key).missing) r[d.key] = settings[d.key as keyof RulingSettings];
  return r as Partial<RulingSettings>;
}

function readGauntlet(root: Cursor, rulings: RulingSettings, catalogue: Catalogue, rules: UaRules, warn: CompileNotice[]): GauntletDef {
  const g = root.key('gauntlet'), one = root.key('engagement'), op = root.key('operation');
  const given = [g, one, op].filter((c) => !c.missing).length;
  if (given !== 1) root.fail({ id: 'uaCompile.giveExactlyOneGauntlet' }, 'gauntlet, engagement, operation');
  if (!op.missing) {
    const operation = readOperation(op, null, warn);
    return {
      engagements: [], difficulty: operation.difficulty, startingMagazines: operation.scenario.startingMagazines[operation.difficulty],
      attackersCap: operation.scenario.attackersCap, retreatMode: 're-enter', maxRetreats: operation.maxFlees,
      maxRounds: op.key('max_rounds').num({ default: 40, min: 1, max: 200, int: true }), rulings, catalogue, rules, operation,
    };
  }
  if (!one.missing) {
    return { engagements: [readEngagement(one, 0)], difficulty: 'custom', startingMagazines: -1, attackersCap: 0, retreatMode: 'abort', maxRetreats: 1, maxRounds: 40, rulings, catalogue, rules };
  }
  g.object(['difficulty', 'starting_magazines', 'attackers_per_round', 'retreat', 'max_retreats', 'max_rounds', 'engagements'], ['engagements']);
  const sm = g.key('starting_magazines');
  let difficulty = 'custom', startingMagazines = -1;
  if (typeof sm.value === 'number') startingMagazines = sm.num({ min: 0, max: 999, int: true });
  else if (!sm.missing) {
    // Every difficulty's value is checked, also those this experiment does not play (issue 39: `EASY: -0.5`).
    const levels = sm.entries().map(([k, c]) => { c.num({ min: 0, max: 999, int: true }); return k; });
    difficulty = g.key('difficulty').str({ oneOf: levels });
    startingMagazines = sm.key(difficulty).num({ min: 0, max: 999, int: true });
  }
  return {
    engagements: g.key('engagements').list({ min: 1 }).map((e, i) => readEngagement(e, i)),
    difficulty,
    startingMagazines,
    attackersCap: g.key('attackers_per_round').num({ default: 0, min: 0, max: 20, int: true }),
    retreatMode: g.key('retreat').str({ default: 're-enter', oneOf: ['re-enter', 'abort'] }) as 're-enter' | 'abort',
    maxRetreats: g.key('max_retreats').num({ default: 2, min: 0, max: 10, int: true }),
    maxRounds: g.key('max_rounds').num({ default: 40, min: 1, max: 200, int: true }),
    rulings,
    catalogue,
    rules,
  };
}

const OPERATION_KEYS = ['after', 'scenario', 'scenario_patch', 'difficulty', 'lap', 'max_flees', 'max_rounds', 'reorg_stage', 'reorg', 'campaign', 'loot_mod', 'audit'];
const VARIANT_OPERATION_KEYS = ['scenario', 'scenario_patch', 'difficulty', 'lap', 'reorg_stage', 'reorg', 'loot_mod', 'campaign'];

/**
 * `operation:` — a scenario file (path relative to the experiment file), the
 * difficulty, the lap, the 逃走 bound, the 部隊再編 settings and a modifier on
 * every loot-table roll (`loot_mod`, UA-R77), and `scenario_patch` (values changed in the scenario). With `base`
 * (a variant's override) the difficulty, lap, reorganization, `loot_mod`, another scenario file (same map and
 * counters) or a patch of the experiment's scenario may change. The scenario's compile warnings (the patched
 * scenario's for a patch) are added to `warn`, each once.
 */
/** Open the scenario file `c` names (relative to the experiment), or the already resolved `file`: a .yaml or the .md's block. */
function openScenarioFile(c: Cursor, file: string | null): { src: Source; root: Cursor; file: string } {
  const at = { file: c.source.file, line: c.source.lineOf(c.parts), path: c.path };
  const path = file ?? resolveScenarioPath(c.str(), { ...c.source.access, ...at, game: 'urban-assault' });
  const text = readBoundedFile(path, MAX_INPUT_FILE_BYTES, at);
  if (isMarkdownFile(path)) {
    // A scenario inside the designer's Markdown: its ```yaml balance-lab block, at the .md's lines.
    const md = parseMarkdownScenario(path, text, c.source.access);
    return { src: md.source, root: md.root, file: path };
  }
  const src = Source.parse(path, text, c.source.access);
  return { src, root: src.root(), file: path };
}

/**
 * `operation.after:` — the scenarios the squad plays before this one (a chain, UA-R134), each compiled as a scenario
 * file and checked for the operation's difficulty; refused with a campaign.
 */
function readAfter(c: Cursor, difficulty: string, campaign: boolean, warn: CompileNotice[]): { scenario: ScenarioDef; file: string }[] {
  if (c.missing) return [];
  if (campaign) c.fail({ id: 'uaState.afterCampaign' }, { id: 'uaState.afterNoCampaign' });
  return c.list({ min: 1 }).map((e) => {
    if (typeof e.value !== 'string') e.fail({ id: 'uaState.afterNotFile' }, 'after: [../scenarios/urban-assault/part-2.yaml]');
    const { root, file } = openScenarioFile(e, null);
    const scenario = addWarnings(compileScenarioChecked(splitTargets(root).root), warn);
    const missing = unsupportedFeatures(scenario);
    if (missing.length > 0) e.fail({ id: 'uaCompile.scenarioUsesFeaturesOperation', params: { id: scenario.id, missing: missing.join('; ') } }, { id: 'uaCompile.scenarioWithinImplementedVocabulary' });
    if (scenario.startingMagazines[difficulty] === undefined) {
      e.fail({ id: 'uaState.afterDifficulty', params: { file: file.split('/').pop()!, difficulty } }, { id: 'uaState.afterDifficultyAllowed', params: { levels: Object.keys(scenario.startingMagazines).join(', ') } });
    }
    return { scenario, file };
  });
}

function readOperation(c: Cursor, base: OperationDef | null, warn: CompileNotice[]): OperationDef {
  let scenarioFile = base ? base.scenarioFile : '';
  let patchChanges: readonly string[] = base ? base.scenarioChanges : [];
  c.object(base ? VARIANT_OPERATION_KEYS : OPERATION_KEYS, base ? [] : ['scenario', 'difficulty']);
  // A variant keeps the experiment's scenario unless it names another file or patches values (issue 14 item 8).
  let scenario = base !== null && c.key('scenario').missing && c.key('scenario_patch').missing ? base.scenario : undefined;
  let scenarioTargets: RawTarget[] = base?.targets ? [...base.targets] : [];
  const patch = c.key('scenario_patch');
  if (!scenario) {
    const sc = c.key('scenario');
    let src: Source;
    let root: Cursor;
    if (!sc.missing && sc.value !== null && typeof sc.value === 'object' && !Array.isArray(sc.value)) {
      if (base) sc.fail({ id: 'uaCompile.variantNamesScenarioFile' }, { id: 'uaCompile.scenarioPathScenarioPatch' });
      src = c.source;
      root = sc;
    } else if (sc.missing && base!.scenarioFile === '') {
      // A patch of the experiment's inline scenario.
      src = c.source;
      root = c.source.root().key('operation').key('scenario');
    } else {
      ({ src, root, file: scenarioFile } = openScenarioFile(sc, sc.missing ? base!.scenarioFile : null));
    }
    ({ root, targets: scenarioTargets } = splitTargets(root));
    if (patch.missing) scenario = addWarnings(compileScenarioChecked(root), warn);
    else {
      const { doc, changes } = patchScenario(root.value, patch);
      try {
        scenario = addWarnings(compileScenarioChecked(new Cursor(src, root.parts, doc)), warn);
      } catch (e) {
        if (e instanceof InputError) patch.fail({ id: 'uaCompile.patchedScenarioNotValid', params: { message: e.message } }, { id: 'uaCompile.valuesScenarioFormatAllows' });
        throw e;
      }
      patchChanges = changes;
    }
  }
  const sc = scenario!;
  if (base && sc !== base.scenario) {
    // Every variant shares the experiment's outputs: the same map (places by code). Counters may differ: each
    // scenario's are reported, laid out once for all (report-layout.ts, issue 28 item 9).
    const where = c.key('scenario').missing ? patch : c.key('scenario');
    if (sc.map !== base.scenario.map) where.fail({ id: 'uaCompile.scenarioSMapBut', params: { map: sc.map, map2: base.scenario.map } }, { id: 'uaCompile.scenarioSameMapSo' });
    if (sc.laps.length < base.scenario.laps.length) where.fail({ id: 'uaCompile.scenarioLapSExperiment', params: { lapsCount: sc.laps.length, lapsCount2: base.scenario.laps.length } }, { id: 'uaCompile.leastManyLaps' });
  }
  if (!base || sc !== base.scenario) {
    const missing = unsupportedFeatures(sc);
    if (missing.length > 0) c.key('scenario').fail({ id: 'uaCompile.scenarioUsesFeaturesOperation', params: { id: sc.id, missing: missing.join('; ') } }, { id: 'uaCompile.scenarioWithinImplementedVocabulary' });
  }
  const levels = Object.keys(sc.startingMagazines);
  const difficulty = c.key('difficulty').missing && base ? base.difficulty : c.key('difficulty').str({ oneOf: levels });
  const lapC = c.key('lap');
  const lap = lapC.missing ? (base ? base.lap : 0) : lapC.num({ min: 1, max: sc.laps.length, int: true }) - 1;
  const rc = c.key('reorg');
  rc.missing || rc.object(['magazines', 'hit_table_uses', 'level']);
  const r0 = base?.reorg ?? { magazines: 3, hitTableUses: 1, levelMod: -1 };
  const reorg: ReorgEffects = {
    magazines: rc.key('magazines').num({ default: r0.magazines, min: 0, max: 99, int: true }),
    hitTableUses: rc.key('hit_table_uses').num({ default: r0.hitTableUses, min: 0, max: 9, int: true }),
    levelMod: rc.key('level').num({ default: r0.levelMod, min: -5, max: 0, int: true }),
  };
  let campaign: CampaignDef | null = base?.campaign ?? null;
  const cc = c.key('campaign');
  // A variant may change the campaign (max_attempts: 1 is the single operation on the same dice, issue 28 item 9),
  // when the experiment plays one: the outputs are a campaign's.
  if (base && !cc.missing && !base.campaign) cc.fail({ id: 'uaState.variantCampaignNeedsCampaign' }, { id: 'uaState.variantCampaignAllowed' });
  if (!cc.missing) {
    cc.object(['max_attempts', 'successor_level'], ['max_attempts']);
    campaign = {
      maxAttempts: cc.key('max_attempts').num({ min: 1, max: 100, int: true }),
      successorLevel: cc.key('successor_level').str({ default: 'same', oneOf: ['same', 'minimum'] }) as 'same' | 'minimum',
    };
  }
  if (campaign) campaign = cappedCampaign(campaign, sc);
  const after = base ? base.after ?? [] : readAfter(c.key('after'), difficulty, campaign !== null, warn);
  for (const a of base ? after : []) {
    if (a.scenario.startingMagazines[difficulty] === undefined) c.key('difficulty').fail({ id: 'uaState.afterDifficulty', params: { file: a.file.split('/').pop()!, difficulty } }, { id: 'uaState.afterDifficultyAllowed', params: { levels: Object.keys(a.scenario.startingMagazines).join(', ') } });
  }
  return {
    scenario: sc,
    scenarioFile,
    scenarioChanges: patchChanges,
    difficulty,
    lap,
    maxFlees: base ? base.maxFlees : c.key('max_flees').num({ default: 3, min: 0, max: 20, int: true }),
    reorgStage: c.key('reorg_stage').num({ default: base ? base.reorgStage : 0, min: 0, max: 3, int: true }),
    reorg,
    campaign,
    maxTiles: 60,
    lootMod: c.key('loot_mod').num({ default: base ? base.lootMod : 0, min: -6, max: 6, int: true }),
    ...(after.length > 0 ? { after } : {}),
    ...((base ? base.audit : c.key('audit').bool({ default: false })) ? { audit: true } : {}),
    targets: scenarioTargets,
  };
}


/**
 * The attempts a campaign really plays: the experiment's `max_attempts`, capped by the scenario's `operations.max`
 * (issue 28 item 7). When the cap cuts it, `asked` keeps the experiment's number so the outputs' labels say what is
 * measured instead of "within {max_attempts} attempts".
 */
function cappedCampaign(c: CampaignDef, sc: ScenarioDef): CampaignDef {
  const asked = c.asked ?? c.maxAttempts;
  if (sc.maxOperations <= 0 || sc.maxOperations >= asked) return c.asked === undefined ? c : { maxAttempts: asked, successorLevel: c.successorLevel };
  return { maxAttempts: sc.maxOperations, asked, successorLevel: c.successorLevel };
}

/** Add a compiled scenario's warnings to `warn` as file/line notices (a warning already there is not repeated); the scenario. */
function addWarnings(r: { scenario: ScenarioDef; warnings: readonly CompileWarning[] }, warn: CompileNotice[]): ScenarioDef {
  for (const w of r.warnings) {
    const n = noticeOf(w);
    if (!warn.some((x) => x.file === n.file && x.line === n.line && x.path === n.path && x.msg.id === n.msg.id)) warn.push(n);
  }
  return r.scenario;
}

/** The variant's value for `key`, else the shared `squad:` default. */
function pick(v: Cursor, squad: Cursor, key: string): Cursor {
  return v.key(key).missing ? squad.key(key) : v.key(key);
}

/** A leader's spec and personal gear (§26, §27): {@link readSquad}'s leader, or §45's second leader (UA-V57). */
interface LeaderKit {
  readonly sub: number; readonly skill: number; readonly lifeBase: number; readonly lifeMax: number; readonly subMax: number;
  readonly squadSize: number; readonly skills: number; readonly weapon: string; readonly attachment: string | null;
  readonly armour: string | null; readonly shield: string | null; readonly expendables: number[]; readonly nvg: boolean;
  readonly rope: boolean; readonly purchaseCost: number; readonly gearCost: number; readonly gearSlots: number;
  /** Items carried toward the carry limit (guns, shield, equipment, expendables). */
  readonly carried: number;
  /** Where the purchases are written (for the errors that follow). */
  readonly buy: Cursor;
}

/**
 * A leader's 能力値, skills and kit from `leader` (sub_ability, xp, xp_budget, skills, and `extraKeys`), and his
 * purchases from the gear keys `at` finds (buy, weapon, attachment, armour, shield).
 */
function readLeaderKit(leader: Cursor, at: (key: string) => Cursor, cat: Catalogue, extraKeys: readonly string[] = []): LeaderKit {
  leader.object(['sub_ability', 'xp', 'xp_budget', 'skills', ...extraKeys], ['sub_ability']);
  const subName = leader.key('sub_ability').str({ oneOf: SUB_ABILITIES });
  const sub = SUB_ABILITIES.indexOf(subName as (typeof SUB_ABILITIES)[number]);
  const budget = leader.key('xp_budget').num({ default: 10, min: 0, max: 99, int: true });
  const xp = leader.key('xp');
  xp.missing || xp.object(Object.keys(GROWTH));
  let spent = 0;
  const grown: Record<string, number> = {};
  for (const [k, gdef] of Object.entries(GROWTH)) {
    const c = xp.key(k);
    const pts = c.num({ default: 0, min: 0, max: gdef.costPerPoint * gdef.maxBonus, int: true });
    if (pts % gdef.costPerPoint !== 0) c.fail({ id: 'uaCompile.xPDoesNotBuy', params: { pts, costPerPoint: gdef.costPerPoint } }, { id: 'uaCompile.multiplesUp', params: { costPerPoint: gdef.costPerPoint, value: gdef.costPerPoint * gdef.maxBonus } });
    spent += pts;
    grown[k] = gdef.base + pts / gdef.costPerPoint;
  }
  if (spent > budget) xp.fail({ id: 'uaCompile.allocatesXPButLeader', params: { spent, budget } }, { id: 'uaCompile.total15', params: { budget } });
  const subMax = grown.sub;
  const known = Math.floor(subMax / 2);
  let skills = 0;
  const skillList = leader.key('skills').list();
  if (subName === 'shooting' || subName === 'command') {
    const pool: readonly string[] = subName === 'shooting' ? SHOOTING_SKILLS : COMMAND_SKILLS;
    if (skillList.length > known) leader.key('skills').fail({ id: 'uaCompile.skillsChosenButKnows', params: { skillListCount: skillList.length, SUB_ABILITIES: SUB_ABILITIES[sub], subMax, known } }, { id: 'uaCompile.most', params: { known } });
    for (const s of skillList) {
      const id = s.str({ oneOf: pool });
      const f = skillFlag(id as ShootingSkill | CommandSkill);
      if (skills & f) s.fail({ id: 'uaCompile.skillListedTwice', params: { id } });
      skills |= f;
    }
  } else if (skillList.length > 0) {
    leader.key('skills').fail({ id: 'uaCompile.leaderFixedSkillsList', params: { subName } }, { id: 'uaCompile.omitSkills' });
  }

  // Kit, purchases, carry limit.
  const kit = STARTING_KIT[subName as keyof typeof STARTING_KIT];
  const expendables = cat.expendableList.map((e) => kit.expendables[e.id as (typeof EXPENDABLES)[number]] ?? 0);
  const owned = new Set<string>([kit.weapon, kit.armour, ...kit.equipment]);
  const guns = [kit.weapon];
  let nvg = false, rope = false, purchaseCost = 0, gearCost = 0, gearSlots = 0, armour: string | null = kit.armour, shield: string | null = null;
  let attachmentsBought: string[] = kit.attachment ? [kit.attachment] : [];
  // A gun takes its 持ち物枠 (§27; the AMR 2).
  let carried = cat.weapons[kit.weapon].slots + kit.equipment.length + expendables.reduce((a, b) => a + b, 0);
  const buy = at('buy');
  const ids = buyIds(cat);
  for (const b of buy.list()) {
    const idRaw = b.str({ oneOf: ids });
    const id: string = EXPENDABLE_ALIASES[idRaw] ?? idRaw;
    if (cat.weapons[id]) { purchaseCost += cat.weapons[id].cost; gearCost += cat.weapons[id].cost; guns.push(id); carried += cat.weapons[id].slots; gearSlots += cat.weapons[id].slots; }
    else if (cat.armours[id]) { purchaseCost += cat.armours[id].cost; gearCost += cat.armours[id].cost; armour = id; }
    else if (cat.shields[id]) {
      if (shield) b.fail({ id: 'uaCompile.secondShieldLeaderOne' }, { id: 'uaCompile.oneShield' });
      purchaseCost += cat.shields[id].cost; gearCost += cat.shields[id].cost; shield = id; carried++; gearSlots++;
    } else if (cat.equipment[id]) {
      purchaseCost += cat.equipmentCosts[id];
      if (cat.equipment[id].attachment) { attachmentsBought.push(id); gearCost += cat.equipmentCosts[id]; }
      else { carried++; owned.add(id); if (id === 'nvg') nvg = true; if (id === 'rope') rope = true; }
    } else {
      const ei = cat.expendableList.findIndex((e) => e.id === id);
      purchaseCost += cat.expendableCosts[id];
      expendables[ei]++;
      carried++;
      if (expendables[ei] > cat.expendableMax[id]) b.fail({ id: 'uaCompile.mostMayCarried28', params: { maxCarried: cat.expendableMax[id], id } });
    }
  }
  const weaponC = at('weapon');
  const weapon = weaponC.missing ? guns[guns.length - 1] : weaponC.str({ oneOf: guns });
  const attC = at('attachment');
  const attachment = attC.missing ? (attachmentsBought[attachmentsBought.length - 1] ?? null) : attC.str({ oneOf: ['none', ...attachmentsBought] });
  if (attachmentsBought.length > guns.length) buy.fail({ id: 'uaCompile.attachmentsGunSOne', params: { attachmentsBoughtCount: attachmentsBought.length, gunsCount: guns.length } });
  if (cat.weapons[weapon].twoHanded && shield) (weaponC.missing ? buy : weaponC).fail({ id: 'uaver.twoHanded', params: { weapon } }, { id: 'uaCompile.anotherGunNoShield' });
  const armC = at('armour');
  if (!armC.missing) armour = armC.str({ oneOf: ['none', ...(armour ? [armour] : [])] }) === 'none' ? null : armour;

  const lifeBase = grown.life;
  const lifeMax = lifeBase + (armour ? cat.armours[armour].life : 0) + (shield ? cat.shields[shield].life : 0);
  return {
    sub, skill: grown.skill, lifeBase, lifeMax, subMax, squadSize: grown.squad_size, skills, weapon,
    attachment: attachment === 'none' ? null : attachment, armour, shield, expendables, nvg, rope, purchaseCost, gearCost, gearSlots, carried, buy,
  };
}

function readSquad(v: Cursor, squad: Cursor, gauntlet: GauntletDef, rulings: RulingSettings, rules: UaRules, policies: readonly UaPolicyInfo[]): SquadDef {
  const cat = rules.catalogue;
  const leader = pick(v, squad, 'leader');
  if (leader.missing) v.fail({ id: 'uaCompile.noLeaderGiveLeader' }, 'leader: { sub_ability, xp, skills }');
  const k = readLeaderKit(leader, (key) => pick(v, squad, key), cat);
  const { lifeMax, expendables, buy, squadSize } = k;
  let { purchaseCost, carried } = k;

  // Members.
  // Catalogue roles, then the scenario's own member types (operations only) and the ruleset's added roles, at N_ROLES + i.
  const op = gauntlet.operation ?? null;
  const scMembers = [...(op ? op.scenario.members : []), ...cat.extraRoles];
  const mc = pick(v, squad, 'members');
  if (scMembers.length > MAX_MEMBER_TYPES) mc.fail({ id: 'uaadd.tooManyMemberTypes', params: { n: scMembers.length, names: scMembers.map((m) => m.id).join(', '), max: MAX_MEMBER_TYPES } });
  const dup = scMembers.find((m, i) => scMembers.findIndex((x) => x.id === m.id) !== i);
  if (dup) mc.fail({ id: 'uaadd.idTaken', params: { id: dup.id, other: 'scenario members' } });
  const members = new Array<number>(N_ROLES + scMembers.length).fill(0);
  let headcount = 0, sniperPoint = 0;
  for (const [role, cnt] of mc.entries()) {
    let r = ROLES.indexOf(role as (typeof ROLES)[number]);
    const j = scMembers.findIndex((m) => m.id === role);
    if (r < 0 && j < 0) cnt.fail({ id: 'uaCompile.unknownMemberType', params: { role } }, [...ROLES, ...scMembers.map((m) => m.id)].join(', '));
    const n = cnt.num({ min: 0, max: 20, int: true });
    if (r < 0) {
      r = N_ROLES + j;
      const m = scMembers[j];
      // A single operation fields them only from their lap on; a campaign recruits them when that lap comes (UA-R75).
      if (n > 0 && op && !op.campaign && op.lap + 1 < m.fromLap) cnt.fail({ id: 'uaCompile.mayRecruitedFromLap', params: { name: m.name, fromLap: m.fromLap, value: op.lap + 1 } }, { id: 'uaCompile.operationLapNo', params: { fromLap: m.fromLap, id: m.id } });
      purchaseCost += n * m.cost;
    } else {
      purchaseCost += n * cat.roles[r].cost;
      if (cat.roles[r].sniperPoint) sniperPoint += n;
    }
    members[r] = n;
    headcount += n;
  }
  const players = readPlayers(pick(v, squad, 'players'), rules);
  const second = readSecondLeader(pick(v, squad, 'second_leader'), players, op, members, headcount, squadSize, rules, mc);
  // §45: each leader's 分隊規模 is half (rounded down); the members given are dealt between the two squads (UA-V60).
  if (players === 2 && !second && headcount > 2 * (squadSize >> 1)) mc.fail({ id: 'uatwo.halfSize', params: { headcount, squadSize, half: squadSize >> 1 } }, { id: 'uatwo.halfSizeFix', params: { most: 2 * (squadSize >> 1) } });
  if (headcount > squadSize) mc.fail({ id: 'uaCompile.membersExceedSquadSize', params: { headcount, squadSize } }, { id: 'uaCompile.mostMembersTotal', params: { squadSize } });
  if (sniperPoint > 2) mc.fail({ id: 'uaCompile.membersSniperPointMax', params: { sniperPoint } }, 'sniper + spotter ≤ 2');
  // 持ち物上限 (§27) + each member's carry (§28: ポーター +2; v1.01 ポーター +3, K9 +1).
  const carryLimit = lifeMax + cat.roles.reduce((n, r, i) => n + roleCarry(r) * members[i], 0);
  // What-if special equipment held from the start (UA-R87): `[combat_drone, { id: tactical_scanner, uses: 3 }]`.
  const special: { kind: number; uses: number; total: number }[] = [];
  const spC = pick(v, squad, 'special_equipment');
  for (const e of spC.list()) {
    const idC = typeof e.value === 'string' ? e : (e.object(['id', 'uses'], ['id']), e.key('id'));
    const kind = SPECIALS.indexOf(idC.str({ oneOf: SPECIALS }) as SpecialId);
    const usesC = typeof e.value === 'string' ? null : e.key('uses');
    let uses = SPECIAL_DEFS[kind].uses;
    if (usesC && !usesC.missing) {
      if (kind === SP_DRONE) usesC.fail({ id: 'uaCompile.combatDroneNoUses' }, { id: 'uaCompile.omitUses' });
      uses = usesC.num({ min: 1, max: kind === SP_SCANNER ? 6 : SPECIAL_DEFS[kind].uses, int: true });
    } else if (kind === SP_SCANNER) idC.fail({ id: 'uaCompile.tacticalScannerSUses' }, '{ id: tactical_scanner, uses: 1…6 }');
    // `uses` are the uses left; a piece was found with the table's number (the scanner: its uses as given).
    special.push({ kind, uses, total: kind === SP_SCANNER ? uses : SPECIAL_DEFS[kind].uses });
    carried++;
  }
  if (carried > carryLimit) (special.length > 0 && carried - special.length <= carryLimit ? spC : buy).fail({ id: 'uaCompile.carriesItemsButCarry', params: { carried, carryLimit, value: members[ROLES.indexOf('porter')] ? ' + porters' : '' } }, { id: 'uaCompile.mostItems', params: { carryLimit } });

  // Magazines (作戦投入上限, ruling UA-R03).
  const magC = pick(v, squad, 'magazines');
  const cap = magC.missing ? gauntlet.startingMagazines : magC.num({ min: 0, max: 999, int: true });
  if (cap < 0) (magC.missing ? v : magC).fail({ id: 'uaCompile.noStartingMagazinesSet' });
  let magazines: number;
  let scripStart = 0;
  // Under a magazine economy the second leader's purchases are paid as the first's (UA-V57).
  if (second && rules.economy.currency !== 'gunpyo') purchaseCost += second.purchaseCost;
  if (rules.economy.currency === 'gunpyo') {
    // 2026-03 on: purchases are paid in 軍票 from the leader's starting 軍票 (§26); the operation issues its
    // 弾倉支給数 in full (§27), so the cap is the squad's magazines and the rest of the 軍票 is kept.
    const have = rules.economy.startingGunpyo;
    if (purchaseCost > have) buy.fail({ id: 'uaver.overBudget', params: { cost: purchaseCost, have } }, `a total cost ≤ ${have}`);
    magazines = cap;
    scripStart = have - purchaseCost + (second ? have - second.purchaseCost : 0);
  } else if (rulings.purchase_timing === 'after-cap') {
    magazines = cap - purchaseCost;
    if (magazines < 0) buy.fail({ id: 'uaCompile.purchasesCostMagazinesBut', params: { purchaseCost, cap } }, { id: 'uaCompile.totalCost', params: { cap } });
  } else {
    if (purchaseCost > 10) buy.fail({ id: 'uaCompile.purchasesCostMagazinesBut2', params: { purchaseCost } }, { id: 'uaCompile.totalCost10' });
    // The cap then sets the operation's magazines: a shortfall is issued, an excess becomes 軍票 (§27).
    magazines = cap;
  }

  // Policy.
  const policy = pick(v, squad, 'policy').str({ default: 'default', oneOf: policies.map((p) => p.id) });
  const pinfo = policies.find((p) => p.id === policy)!;
  const pp = pick(v, squad, 'policy_params');
  const policyParams: Record<string, number> = {};
  for (const [k, d] of Object.entries(pinfo.defaults)) policyParams[k] = d.default;
  for (const [k, c] of pp.entries()) {
    // Own keys only: `valueOf`, `__proto__` or `constructor` would otherwise find the object's prototype (issue 39).
    const d = Object.hasOwn(pinfo.defaults, k) ? pinfo.defaults[k] : undefined;
    if (!d) c.fail({ id: 'uaCompile.unknownParameterPolicy', params: { k, policy } }, Object.keys(pinfo.defaults).join(', ') || 'none');
    policyParams[k] = c.num({ min: d!.min, max: d!.max });
  }
  const sr = pick(v, squad, 'supply_request');
  const supplyRequest = sr.missing ? null : sr.str({ oneOf: [...Object.keys(cat.weapons), ...Object.keys(cat.armours)] });
  const buyBetween = readBuyBetween(pick(v, squad, 'buy_between'), cat, !!op?.campaign);

  return {
    sub: k.sub, skill: k.skill, lifeBase: k.lifeBase, lifeMax, subMax: k.subMax, squadSize, skills: k.skills, weapon: k.weapon,
    attachment: k.attachment, armour: k.armour, shield: k.shield, expendables, nvg: k.nvg, rope: k.rope, members,
    magazines, mre: 2, purchaseCost, policy, policyParams, supplyRequest,
    carriedFixed: carried - special.length - expendables.reduce((a, b) => a + b, 0), carryLimit, gearCost: k.gearCost, gearSlots: k.gearSlots,
    ...(special.length > 0 ? { special } : {}),
    rules, scripStart,
    ...(buyBetween.length > 0 ? { buyBetween } : {}),
    ...(players === 2 ? { players } : {}),
    ...(second ? { second } : {}),
  };
}

/**
 * `second_leader:` (§45 two players, UA-V57): the second leader's own 能力値, skills and XP as `leader:` gives them, and
 * his personal gear (`buy`, `weapon`, `attachment`, `armour`, `shield` inside it; none given: his sub-ability's starting
 * kit, §26). Played with `players: 2`, in a single operation or a gauntlet only. His purchases are paid from his own starting 軍票 (§26 「全員共通 軍票
 * 10枚」); he carries at most his life maximum and his squad's carry (the members dealt to him, UA-V60); each squad gets
 * half its own leader's 分隊規模.
 */
function readSecondLeader(c: Cursor, players: 1 | 2, op: OperationDef | null, members: readonly number[], headcount: number, squadSize: number, rules: UaRules, mc: Cursor): SecondLeaderDef | undefined {
  if (c.missing) return undefined;
  if (players !== 2) c.fail({ id: 'uatwo.secondOnlyTwo' }, { id: 'uatwo.secondOnlyTwoFix' });
  // A campaign's growth, recovery, restock and successor, and a chain's next squad, are built on the copy (UA-V66, UA-V68).
  if (op?.campaign || op?.after) c.fail({ id: op.campaign ? 'uatwo.secondCampaign' : 'uatwo.secondChain' }, { id: 'uatwo.secondOnlyOneFix' });
  const cat = rules.catalogue;
  const k = readLeaderKit(c, (key) => c.key(key), cat, ['buy', 'weapon', 'attachment', 'armour', 'shield']);
  // The members dealt one by one, the first squad first (game.ts dealMembers): the first gets ⌈n/2⌉, the second ⌊n/2⌋.
  const ha = squadSize >> 1, hb = k.squadSize >> 1;
  if (headcount - (headcount >> 1) > ha || headcount >> 1 > hb) {
    mc.fail({ id: 'uatwo.halfSizeTwo', params: { headcount, a: headcount - (headcount >> 1), b: headcount >> 1, ha, hb } }, { id: 'uatwo.halfSizeFix', params: { most: Math.min(2 * ha, 2 * hb + 1) } });
  }
  let carryLimit = k.lifeMax, dealt = 0;
  for (let r = 0; r < members.length; r++) {
    const mine = (members[r] + (dealt & 1)) >> 1;
    dealt += members[r];
    if (r < cat.roles.length) carryLimit += roleCarry(cat.roles[r]) * mine;
  }
  if (k.carried > carryLimit) k.buy.fail({ id: 'uaCompile.carriesItemsButCarry', params: { carried: k.carried, carryLimit, value: '' } }, { id: 'uaCompile.mostItems', params: { carryLimit } });
  const have = rules.economy.startingGunpyo;
  if (rules.economy.currency === 'gunpyo' && k.purchaseCost > have) k.buy.fail({ id: 'uaver.overBudget', params: { cost: k.purchaseCost, have } }, `a total cost ≤ ${have}`);
  return {
    sub: k.sub, skill: k.skill, lifeBase: k.lifeBase, lifeMax: k.lifeMax, subMax: k.subMax, squadSize: k.squadSize, skills: k.skills,
    weapon: k.weapon, attachment: k.attachment, armour: k.armour, shield: k.shield, expendables: k.expendables, nvg: k.nvg, rope: k.rope,
    purchaseCost: k.purchaseCost, carriedFixed: k.carried - k.expendables.reduce((a, b) => a + b, 0), gearCost: k.gearCost, gearSlots: k.gearSlots,
  };
}

/**
 * `players` (v1.01 §45 2人の分隊長): 1 (the default) or 2. Two players are played under v1.01 only: an operation, a
 * gauntlet, a campaign (UA-V66, UA-V67) or a chain (UA-V68); a scenario's issued expendables are one pool (UA-V58).
 */
function readPlayers(c: Cursor, rules: UaRules): 1 | 2 {
  if (c.missing) return 1;
  const n = c.num({ min: 1, max: 2, int: true });
  if (n === 1) return 1;
  if (rules.version !== V101 && rules.base !== V101) c.fail({ id: 'uatwo.version', params: { played: rules.version } }, { id: 'uatwo.versionFix' });
  return 2;
}

/** What a campaign's plan may buy between operations (UA-V25): guns, armour, shields, attachments, NVG and タイラップ. */
function readBuyBetween(c: Cursor, cat: Catalogue, campaign: boolean): string[] {
  if (c.missing) return [];
  if (!campaign) c.fail({ id: 'uaadd.buyBetweenCampaign' }, 'operation: { campaign: { max_attempts: n } }');
  const attachments = Object.keys(cat.equipment).filter((k) => cat.equipment[k].attachment);
  const ids = [...Object.keys(cat.weapons), ...Object.keys(cat.armours), ...Object.keys(cat.shields), ...attachments, 'nvg', 'tie_wraps'];
  return c.list().map((x) => x.str({ oneOf: ids }));
}

/** The engine's `compile`. */
export function compileUrbanAssault(root: Cursor, policies: readonly UaPolicyInfo[]): CompiledGame<GauntletDef, UaVariant> {
  root.object([...GENERIC_KEYS, ...ENGINE_KEYS]);
  const changes: string[] = [];
  const rules = overrideRules(readRulesRef(root.key('rules')), root.key('catalogue'), changes);
  // A version's own ruling defaults (v1.01: the designer's decisions, issue 40) under the experiment's settings.
  const rulings = readRulings(root.key('rulings'), versionRulings(rules));
  const explicit = explicitRulings(root.key('rulings'), rulings);
  const catalogue = rules.catalogue;
  const warnings: CompileNotice[] = [];
  const gauntlet = readGauntlet(root, rulings, catalogue, rules, warnings);
  const squad = root.key('squad');
  squad.missing || squad.object(SQUAD_KEYS);
  const variantChanges: { name: string; changes: string[] }[] = [];
  let variants: CompiledVariant<UaVariant>[] = root.key('variants').list({ min: 1 }).map((v, i) => {
    v.object([...VARIANT_KEYS, ...SQUAD_KEYS, 'rulings', 'operation', 'rules', 'catalogue']);
    const h = readVariantHeader(v, i);
    if (!gauntlet.operation && !v.key('operation').missing) v.key('operation').fail({ id: 'uaCompile.operationOverridesNeedOperation' });
    const operation = gauntlet.operation && !v.key('operation').missing ? readOperation(v.key('operation'), gauntlet.operation, warnings) : gauntlet.operation ?? null;
    const g = operation ? { ...gauntlet, operation, difficulty: operation.difficulty, startingMagazines: operation.scenario.startingMagazines[operation.difficulty] } : gauntlet;
    // A variant may play another rule version (the experiment's catalogue changes apply to it too) and change entries of its own.
    let vRules = rules;
    if (!v.key('rules').missing) vRules = overrideRules(readRulesRef(v.key('rules')), root.key('catalogue'), []);
    if (!v.key('catalogue').missing) {
      const vc: string[] = [];
      vRules = overrideRules(vRules, v.key('catalogue'), vc);
      variantChanges.push({ name: h.name, changes: vc });
    }
    // Another version's defaults for every ruling the experiment left to the version, then the variant's own.
    const vr = readRulings(v.key('rulings'), vRules === rules ? rulings : { ...versionRulings(vRules), ...explicit } as RulingSettings);
    const s = readSquad(v, squad, g, vr, vRules, policies);
    // A chain (UA-R134): the same squad compiled for each earlier scenario's own starting magazines; the measured
    // scenario's own member types are not fielded there (another scenario's member list).
    const after = operation?.after?.map((a) => {
      const q = readSquad(v, squad, { ...g, startingMagazines: a.scenario.startingMagazines[operation.difficulty] }, vr, vRules, policies);
      return { ...q, members: q.members.map((n, i) => (i < N_ROLES ? n : 0)) };
    });
    return { ...h, cost: s.purchaseCost, params: operation ? { squad: s, rulings: vr, operation, ...(after ? { after } : {}) } : { squad: s, rulings: vr } };
  });
  // Variants over different scenarios or campaigns: one layout of the outputs for all (issue 28 item 9).
  let game = gauntlet;
  if (gauntlet.operation) {
    const laid = layOut(gauntlet.operation, variants.map((v) => v.params.operation!));
    if (laid.base !== gauntlet.operation) {
      game = { ...gauntlet, operation: laid.base };
      variants = variants.map((v, i) => ({ ...v, params: { ...v.params, operation: laid.ops[i] } }));
    }
  }
  // `unmanned` is played only by v1.01's capture (UA-R73 life-1): under any other reading it is refused (issue 40).
  for (const v of variants) {
    if (v.params.rulings.capture === 'life-1') continue;
    const at = findUnmanned(v.params.operation?.scenario ?? gauntlet.engagements);
    if (at) throw new InputError(at.file, at.line, at.path, { id: 'uaver.unmannedOnly', params: { variant: v.name, played: v.params.squad.rules.version, capture: v.params.rulings.capture } }, 'rules: v1.01-2026-10, or rulings: { capture: life-1 }');
  }
  // A scenario written for another core version is played with a one-line notice (issue 40).
  for (const v of variants) {
    const o = v.params.operation, r = v.params.squad.rules;
    const written = o?.scenario.coreVersion;
    if (!o || !written || written === r.version || written === r.base) continue;
    const n: CompileNotice = { file: o.scenarioFile, path: 'core_version', msg: { id: 'uaver.coreVersionNotice', params: { scenario: o.scenario.id, written, played: r.version } } };
    if (!warnings.some((x) => x.file === n.file && x.msg.id === n.msg.id && x.msg.params?.played === r.version)) warnings.push(n);
  }
  // The rule version comes first in the record (run.json, the report's rulings table, replay's header).
  const vParams = { version: rules.version, title: rules.title };
  const choices: RulingChoice[] = [{ id: 'rules', choice: rules.version, summary: t('uaver.summary', vParams, 'en'), msg: { id: 'uaver.summary', params: vParams } }];
  variants.forEach((v) => {
    const r = v.params.squad.rules;
    if (r.version !== rules.version) {
      const params = { version: r.version, variant: v.name, title: r.title };
      choices.push({ id: 'rules', choice: `${r.version} (variant ${v.name} only)`, summary: t('uaver.summaryVariant', params, 'en'), msg: { id: 'uaver.summaryVariant', params } });
    }
  });
  choices.push(...UA_RULINGS.map((d) => ({ id: d.id, choice: rulings[d.key as keyof RulingSettings], summary: (d.summary as Record<string, string>)[rulings[d.key as keyof RulingSettings]], msg: { id: `uaRuling.${d.id}.${rulings[d.key as keyof RulingSettings]}` } })));
  // Per-variant overrides are part of the record too.
  variants.forEach((v) => {
    for (const d of UA_RULINGS) {
      const key = d.key as keyof RulingSettings;
      if (v.params.rulings[key] !== rulings[key]) {
        choices.push({ id: d.id, choice: `${v.params.rulings[key]} (variant ${v.name} only)`, summary: (d.summary as Record<string, string>)[v.params.rulings[key]], msg: { id: `uaRuling.${d.id}.${v.params.rulings[key]}` } });
      }
    }
  });
  // A variant that plays another scenario file or a patched scenario (issue 14 item 8) is part of the record.
  variants.forEach((v) => {
    const o = v.params.operation, b = game.operation;
    if (!o || !b || o.scenario === b.scenario) return;
    const what = [o.scenarioFile !== b.scenarioFile ? `scenario ${o.scenarioFile.split('/').pop()}` : '', ...o.scenarioChanges].filter((x) => x).join(', ');
    choices.push({ id: 'scenario', choice: `${what} (variant ${v.name} only)`, summary: t('uaRuling.scenarioVariant', {}, 'en'), msg: { id: 'uaRuling.scenarioVariant' } });
  });
  // A variant playing another number of attempts (a single operation beside a campaign, issue 28 item 9).
  variants.forEach((v) => {
    const o = v.params.operation?.campaign, b = game.operation?.campaign;
    if (o && b && o.maxAttempts !== b.maxAttempts) choices.push({ id: 'campaign', choice: `max_attempts ${o.maxAttempts} (variant ${v.name} only)`, summary: t('uaState.campaignVariant', {}, 'en'), msg: { id: 'uaState.campaignVariant' } });
  });
  if (game.operation && game.operation.scenarioChanges.length > 0) choices.push({ id: 'scenario', choice: game.operation.scenarioChanges.join(', '), summary: t('uaRuling.scenarioPatch', {}, 'en'), msg: { id: 'uaRuling.scenarioPatch' } });
  if (changes.length > 0) choices.push({ id: 'catalogue', choice: changes.join(', '), summary: t('uaRuling.catalogue', {}, 'en'), msg: { id: 'uaRuling.catalogue' } });
  for (const { name, changes: vc } of variantChanges) if (vc.length > 0) choices.push({ id: 'catalogue', choice: `${vc.join(', ')} (variant ${name} only)`, summary: t('uaRuling.catalogueVariant', {}, 'en'), msg: { id: 'uaRuling.catalogueVariant' } });
  const gunpyo = variants.some((v) => v.params.squad.rules.economy.currency === 'gunpyo');
  const wounds = variants.some((v) => v.params.squad.rules.procedures.wounds === 'track');
  return { game: { ...game, ...(gunpyo ? { gunpyo } : {}), ...(wounds ? { wounds } : {}) }, variants, rulings: choices, costUnit: rules.economy.currency === 'gunpyo' ? '軍票' : 'magazines', targets: gauntlet.operation?.targets ?? [],
    // Only when there are some: the compiled JSON (and a journal's identity) of every other experiment stays as it was.
    ...(warnings.length > 0 ? { warnings } : {}) };
}
