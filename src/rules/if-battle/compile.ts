/**
 * Validate and compile the if-battle part of an experiment file into plain
 * JSON ({@link IfGameDef} + one {@link IfVariant} per variant). Every check
 * names the file, line and path through {@link Cursor.fail}.
 */
import type { Cursor } from '../../sim/input/schema.js';
import type { CompiledGame, CompiledVariant, RulingChoice } from '../../sim/core/types.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../sim/input/experiment-keys.js';
import type { IfPolicyInfo } from './decisions.js';
import { BUGS, FIELDS, MEMORY_TYPES, M_ADDITIONAL, M_MAIN, N_SKILLS, SKILLS, STAT_NAMES, isAttack, sampleMemories, type MemoryDef } from './catalogue.js';
import { defaultCheckTable, type CheckTable } from './checks.js';
import { FIELD_ROLL, PROCESS_NAMES, type CharacterDef, type IfGameDef, type IfVariant, type SideDef } from './config.js';
import { IF_RULINGS, defaultIfRulings, type IfRulings } from './rulings.js';
import { MAX_CHARS, MAX_SLOTS } from './state.js';
import { t } from '../../i18n/t.js';
import { rulingChoices } from '../../sim/core/ruling-def.js';

const ENGINE_KEYS = ['process', 'field', 'recovery_check', 'turn_limit', 'engage_skill', 'damage_min', 'check', 'memories', 'characters', 'subject', 'reference'];
const SIDE_KEYS = ['characters', 'policy', 'policy_params'];
const VARIANT_EXTRA = ['field', 'process', 'recovery_check', 'inflict', 'rulings'];
const CHAR_KEYS = ['speed', 'life', 'cost', 'battery', 'power', 'guard', 'force', 'resist', 'skills', 'memories', 'joins', 'contact'];
const MEMORY_KEYS = ['ja', 'type', 'cost', 'skill', 'range', 'damage', 'stat', 'bug', 'bug_points', 'move', 'guard', 'field', 'boost', 'reduce'];
const ID = /^[a-z][a-z0-9_]*$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const FIELD_SETTINGS = [...FIELDS, 'roll'];

function readCheck(c: Cursor): { table: CheckTable; changed: boolean } {
  const d = defaultCheckTable();
  if (c.missing) return { table: d, changed: false };
  c.object(['dice', 'sides', 'rank_base', 'targets']);
  const dice = c.key('dice').num({ default: d.dice, min: 1, max: 5, int: true });
  const sides = c.key('sides').num({ default: d.sides, min: 2, max: 20, int: true });
  const rankBase = c.key('rank_base').num({ default: d.rankBase, min: 0, max: 20, int: true });
  let targets = d.targets;
  if (!c.key('targets').missing) {
    const list = c.key('targets').list({ min: 1 });
    targets = list.map((x) => x.num({ min: 0, max: dice * sides + 1, int: true }));
    for (let i = 1; i < targets.length; i++) if (targets[i] < targets[i - 1]) list[i].fail({ id: 'ifCompile.targetBelowPreviousRank', params: { target: targets[i], target2: targets[i - 1] } }, { id: 'ifCompile.nonDecreasingListTotals', params: { value: dice * sides + 1 } });
  }
  return { table: { dice, sides, rankBase, targets }, changed: true };
}

function readMemories(c: Cursor): { list: MemoryDef[]; changes: string[] } {
  const list = sampleMemories();
  const changes: string[] = [];
  for (const [id, e] of c.entries()) {
    if (!ID.test(id)) e.fail({ id: 'ifCompile.notValidMemoryId', params: { id } }, { id: 'ifCompile.lowerCaseLettersDigits' });
    e.object(MEMORY_KEYS);
    let i = list.findIndex((m) => m.id === id);
    if (i < 0) {
      if (e.key('type').missing) e.fail({ id: 'ifCompile.newMemoryNeedsType', params: { id } }, MEMORY_TYPES.join(', '));
      list.push({ id, ja: id, type: M_MAIN, cost: 0, skill: -1, rangeMin: 0, rangeMax: 0, damage: -1, stat: 0, bug: -1, bugPoints: 0, move: 0, guard: 0, field: -1, boost: 0, reduce: 0 });
      i = list.length - 1;
    }
    const m = { ...list[i] } as { -readonly [K in keyof MemoryDef]: MemoryDef[K] };
    if (!e.key('ja').missing) m.ja = e.key('ja').str();
    if (!e.key('type').missing) m.type = MEMORY_TYPES.indexOf(e.key('type').str({ oneOf: MEMORY_TYPES }) as (typeof MEMORY_TYPES)[number]);
    if (!e.key('cost').missing) m.cost = e.key('cost').num({ min: 0, max: 20, int: true });
    if (!e.key('skill').missing) m.skill = SKILLS.indexOf(e.key('skill').str({ oneOf: SKILLS }) as (typeof SKILLS)[number]);
    if (!e.key('range').missing) {
      const r = e.key('range').list();
      if (r.length !== 2) e.key('range').fail({ id: 'ifCompile.expectedMinMax' }, { id: 'ifCompile.minMaxAreas0' });
      m.rangeMin = r[0].num({ min: 0, max: 40, int: true });
      m.rangeMax = r[1].num({ min: m.rangeMin, max: 40, int: true });
    }
    if (!e.key('damage').missing) m.damage = e.key('damage').num({ min: 0, max: 99, int: true });
    if (!e.key('stat').missing) m.stat = STAT_NAMES.indexOf(e.key('stat').str({ oneOf: STAT_NAMES }) as (typeof STAT_NAMES)[number]);
    if (!e.key('bug').missing) {
      const b = e.key('bug').str({ oneOf: [...BUGS, 'none'] });
      m.bug = b === 'none' ? -1 : BUGS.indexOf(b as (typeof BUGS)[number]);
      if (m.bug >= 0 && e.key('bug_points').missing && m.bugPoints === 0) m.bugPoints = 1;
    }
    if (!e.key('bug_points').missing) m.bugPoints = e.key('bug_points').num({ min: 0, max: 20, int: true });
    if (!e.key('move').missing) m.move = e.key('move').num({ min: 0, max: 40, int: true });
    if (!e.key('guard').missing) m.guard = e.key('guard').num({ min: 0, max: 20, int: true });
    if (!e.key('field').missing) {
      const f = e.key('field').str({ oneOf: [...FIELDS, 'none'] });
      m.field = f === 'none' ? -1 : FIELDS.indexOf(f as (typeof FIELDS)[number]);
    }
    if (!e.key('boost').missing) m.boost = e.key('boost').num({ min: 0, max: 20, int: true });
    if (!e.key('reduce').missing) m.reduce = e.key('reduce').num({ min: 0, max: 20, int: true });
    // Shape checks: what each class of memory can do.
    if (m.type === M_MAIN) {
      const effects = (m.damage >= 0 ? 1 : 0) + (m.move > 0 ? 1 : 0) + (m.guard > 0 ? 1 : 0) + (m.field >= 0 ? 1 : 0);
      if (effects === 0) e.fail({ id: 'ifCompile.mainMemoryNoEffect', params: { id } }, { id: 'ifCompile.damageAttackSkillRange' });
      if (m.damage >= 0 && m.skill < 0) e.fail({ id: 'ifCompile.attackMemoryNeedsSkill', params: { id } }, SKILLS.join(', '));
      if (m.boost || m.reduce) e.fail({ id: 'ifCompile.mainMemoryCannotBoost', params: { id } }, { id: 'ifCompile.boostBelongsAdditionalMemories' });
    } else if (m.type === M_ADDITIONAL) {
      if (m.boost <= 0) e.fail({ id: 'ifCompile.additionalMemoryNeedsBoost', params: { id } }, { id: 'ifCompile.boostDamageAddedTurn' });
      if (m.damage >= 0 || m.move || m.guard || m.field >= 0 || m.reduce) e.fail({ id: 'ifCompile.additionalMemoryCanOnly', params: { id } }, 'cost, boost');
    } else {
      if (m.reduce <= 0) e.fail({ id: 'ifCompile.autoMemoryNeedsReduce', params: { id } }, { id: 'ifCompile.reduceMemoryDamageTaken' });
      if (m.damage >= 0 || m.move || m.guard || m.field >= 0 || m.boost || m.cost) e.fail({ id: 'ifCompile.autoMemoryCanOnly', params: { id } }, { id: 'ifCompile.reduce' });
    }
    if (m.bug >= 0 && m.damage < 0) e.fail({ id: 'ifCompile.memoryInflictsBugBut', params: { id } }, { id: 'ifCompile.damage0MoreSkill' });
    list[i] = m;
    changes.push(`memories.${id}`);
  }
  return { list, changes };
}

function readCharacter(c: Cursor, name: string, memories: readonly MemoryDef[]): CharacterDef {
  c.object(CHAR_KEYS, ['life', 'memories']);
  const skills = new Array<number>(N_SKILLS).fill(0);
  for (const [sk, e] of c.key('skills').entries()) {
    const i = SKILLS.indexOf(sk as (typeof SKILLS)[number]);
    if (i < 0) e.fail({ id: 'ifCompile.unknownSkill', params: { sk } }, SKILLS.join(', '));
    skills[i] = e.num({ min: 0, max: 10, int: true });
  }
  const ml = c.key('memories').list({ min: 1 });
  if (ml.length > MAX_SLOTS) c.key('memories').fail({ id: 'ifCompile.memoriesCharacterMost', params: { mlCount: ml.length, MAX_SLOTS } });
  const ids = memories.map((m) => m.id);
  const mems = ml.map((x) => ids.indexOf(x.str({ oneOf: ids })));
  mems.forEach((m, i) => {
    if (mems.indexOf(m) !== i) ml[i].fail({ id: 'ifCompile.memoryListedTwice', params: { id: ids[m] } });
  });
  return {
    name,
    speed: c.key('speed').num({ default: 5, min: 0, max: 99, int: true }),
    life: c.key('life').num({ min: 1, max: 999, int: true }),
    cost: c.key('cost').num({ default: 4, min: 1, max: 40, int: true }),
    battery: c.key('battery').num({ default: 3, min: 0, max: 99, int: true }),
    power: c.key('power').num({ default: 0, min: 0, max: 20, int: true }),
    guard: c.key('guard').num({ default: 0, min: 0, max: 20, int: true }),
    force: c.key('force').num({ default: 0, min: 0, max: 20, int: true }),
    resist: c.key('resist').num({ default: 0, min: 0, max: 20, int: true }),
    skills,
    memories: mems,
    joins: c.key('joins').bool({ default: false }),
    contact: c.key('contact').bool({ default: false }),
  };
}

function readRulings(c: Cursor, base: IfRulings = defaultIfRulings()): IfRulings {
  const r = { ...base } as Record<string, string>;
  if (c.missing) return r as IfRulings;
  c.object(IF_RULINGS.map((d) => d.key));
  for (const d of IF_RULINGS) if (!c.key(d.key).missing) r[d.key] = c.key(d.key).str({ oneOf: d.options });
  return r as IfRulings;
}

function readPolicy(c: Cursor, params: Cursor, policies: readonly IfPolicyInfo[]): { policy: string; policyParams: Record<string, number> } {
  const policy = c.str({ default: 'striker', oneOf: policies.map((p) => p.id) });
  const info = policies.find((p) => p.id === policy)!;
  const out: Record<string, number> = {};
  params.missing || params.object(Object.keys(info.defaults));
  for (const [k, d] of Object.entries(info.defaults)) out[k] = params.key(k).num({ default: d.default, min: d.min, max: d.max });
  return { policy, policyParams: out };
}

/** The variant's value for `key` if set, else the shared section's. */
function pick(v: Cursor, shared: Cursor, key: string): Cursor {
  return v.key(key).missing ? shared.key(key) : v.key(key);
}

function readSide(v: Cursor, shared: Cursor, named: Map<string, CharacterDef>, label: string, policies: readonly IfPolicyInfo[]): SideDef {
  const cc = pick(v, shared, 'characters');
  if (cc.missing) v.fail({ id: 'ifCompile.noCharacters', params: { label } }, named.size > 0 ? { id: 'ifCompile.charactersList', params: { value: [...named.keys()].join(', ') } } : { id: 'ifCompile.charactersNamesFromTop' });
  const list = cc.list({ min: 1 });
  if (list.length > MAX_CHARS / 2) cc.fail({ id: 'ifCompile.charactersSideMost', params: { listCount: list.length, value: MAX_CHARS / 2 } });
  const characters = list.map((x) => named.get(x.str({ oneOf: [...named.keys()] }))!);
  if (characters.every((ch) => ch.joins)) cc.fail({ id: 'ifCompile.everyCharacterJoinsLeast', params: { label } }, { id: 'ifCompile.joinsFalseOneCharacter' });
  const polC = pick(v, shared, 'policy');
  const paramsC = !v.key('policy_params').missing ? v.key('policy_params') : !v.key('policy').missing ? v.key('policy_params') : shared.key('policy_params');
  return { characters, ...readPolicy(polC, paramsC, policies) };
}

/** Variant `inflict: { bug, points }`: every attack memory of the subject side inflicts that bug (copies added to the catalogue). */
function applyInflict(c: Cursor, side: SideDef, memories: MemoryDef[]): SideDef {
  if (c.missing) return side;
  c.object(['bug', 'points'], ['bug']);
  const b = BUGS.indexOf(c.key('bug').str({ oneOf: BUGS }) as (typeof BUGS)[number]);
  const points = c.key('points').num({ default: 2, min: 1, max: 20, int: true });
  const map = (mi: number): number => {
    const m = memories[mi];
    if (!isAttack(m)) return mi;
    const id = `${m.id}+${BUGS[b]}${points}`;
    let j = memories.findIndex((x) => x.id === id);
    if (j < 0) {
      memories.push({ ...m, id, bug: b, bugPoints: points });
      j = memories.length - 1;
    }
    return j;
  };
  return { ...side, characters: side.characters.map((ch) => ({ ...ch, memories: ch.memories.map(map) })) };
}

/** The engine's `compile`, for these policies (their ids and parameters are accepted). */
export function compileIfBattle(root: Cursor, policies: readonly IfPolicyInfo[]): CompiledGame<IfGameDef, IfVariant> {
  root.object([...GENERIC_KEYS, ...ENGINE_KEYS]);
  const rulings = readRulings(root.key('rulings'));
  const check = readCheck(root.key('check'));
  const { list: memories, changes } = readMemories(root.key('memories'));
  const named = new Map<string, CharacterDef>();
  for (const [name, e] of root.key('characters').entries()) {
    if (!NAME.test(name)) e.fail({ id: 'ifCompile.notValidCharacterName', params: { name } }, { id: 'input.nameChars' });
    named.set(name, readCharacter(e, name, memories));
  }
  if (named.size === 0) root.key('characters').fail({ id: 'ifCompile.noCharactersDefined' }, 'characters: { name: { life, memories, speed, cost, … } }');
  const fieldOf = (c: Cursor, d: number): number => {
    if (c.missing) return d;
    const f = c.str({ oneOf: FIELD_SETTINGS });
    return f === 'roll' ? FIELD_ROLL : FIELDS.indexOf(f as (typeof FIELDS)[number]);
  };
  const processOf = (c: Cursor, d: number): number => (c.missing ? d : PROCESS_NAMES.indexOf(c.str({ oneOf: PROCESS_NAMES }) as (typeof PROCESS_NAMES)[number]));
  const field = fieldOf(root.key('field'), FIELD_ROLL);
  const process = processOf(root.key('process'), 0);
  const recovery = root.key('recovery_check').bool({ default: true });
  const subject = root.key('subject');
  subject.missing || subject.object(SIDE_KEYS);
  const refC = root.key('reference');
  if (refC.missing) root.fail({ id: 'ifCompile.missingReferenceFixedOpponent' }, 'reference: { characters, policy, policy_params }');
  refC.object(SIDE_KEYS, ['characters']);
  const reference = readSide(refC, refC, named, t('ifCompile.referenceSide'), policies);
  const variants: CompiledVariant<IfVariant>[] = root.key('variants').list({ min: 1 }).map((v, i) => {
    v.object([...VARIANT_KEYS, ...SIDE_KEYS, ...VARIANT_EXTRA]);
    const h = readVariantHeader(v, i);
    const side = applyInflict(v.key('inflict'), readSide(v, subject, named, t('ifCompile.variantLabel', { name: h.name }), policies), memories);
    if (side.characters.length + reference.characters.length > MAX_CHARS) v.fail({ id: 'ifCompile.charactersBattleMost', params: { value: side.characters.length + reference.characters.length, MAX_CHARS } });
    return {
      ...h,
      cost: 0,
      params: {
        subject: side,
        reference,
        field: fieldOf(v.key('field'), field),
        process: processOf(v.key('process'), process),
        recovery: v.key('recovery_check').bool({ default: recovery }),
        rulings: readRulings(v.key('rulings'), rulings),
      },
    };
  });
  const game: IfGameDef = {
    check: check.table,
    memories,
    turnLimit: root.key('turn_limit').num({ default: 20, min: 1, max: 200, int: true }),
    engageSkill: SKILLS.indexOf(root.key('engage_skill').str({ default: 'running', oneOf: SKILLS }) as (typeof SKILLS)[number]),
    damageMin: root.key('damage_min').num({ default: 1, min: 0, max: 10, int: true }),
  };
  const choices: RulingChoice[] = rulingChoices('ifRuling', IF_RULINGS, rulings);
  if (check.changed) choices.push({ id: 'IF-F01', choice: JSON.stringify(check.table), summary: t('ifRuling.checkTable', {}, 'en'), msg: { id: 'ifRuling.checkTable' } });
  if (changes.length > 0) choices.push({ id: 'IF-F10', choice: changes.join(', '), summary: t('ifRuling.memories', {}, 'en'), msg: { id: 'ifRuling.memories' } });
  return { game, variants, rulings: choices, costUnit: 'characters' };
}
