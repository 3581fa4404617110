// Strictness of the URBAN ASSAULT scenario format (issue 14 item 9): a key that validates but that the engine does not
// play is a defect (the old `info`). This test walks the schema as the compiler sees it — every mapping a Cursor.object
// call validates is a kind, every key it allows is a key of that kind, and every effect is a key of the effect kind —
// and proves each key changes play or output: where a base scenario (the shipped ones, and a fixture of keys no shipped
// scenario uses) has the key, the key's value is changed (a number ±1/±2, a flag flipped, another allowed word, the key
// removed, a list shortened) and the base and the changed scenario are played on the same dice; the sums of every
// rate, value and attrition point over the games, and the replay of the first games, must differ. Keys that are only
// names or notes are listed as record-only with the reason; keys whose play needs a situation the walk does not reach
// cite the scripted-dice test that proves them (checked to exist). A key in neither list that the walk cannot prove
// fails the test — a new key needs a proof.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { fingerprint, kindsOf, mutations, occurrences, type BaseSpec, type Doc } from './helpers/ua-schema-walk.js';

const load = (f: string): Doc => parse(readFileSync(f, 'utf8')) as Doc;
const SQUADS: Doc[] = [
  { leader: { sub_ability: 'shooting', xp: { skill: 4, life: 4, sub: 2 }, skills: ['rapid_fire'] }, members: { assault: 3, engineer: 1, scout: 1 }, buy: ['rope'], policy_params: { read_threshold: 0 } },
  { leader: { sub_ability: 'command', xp: { skill: 4, life: 4, sub: 2 }, skills: ['negotiation'] }, members: { assault: 2, engineer: 1, scout: 1 }, policy: 'random' },
];
const BASES: BaseSpec[] = [];
for (const [file, campaign, games] of [
  ['scenarios/urban-assault/tutorial-01-port.yaml', 1, 200], ['scenarios/urban-assault/relay-station.yaml', 3, 150],
  ['scenarios/urban-assault/blacksun-01.yaml', 3, 100], ['tests/fixtures/ua-kitchen-sink.yaml', 3, 200],
] as const) {
  SQUADS.forEach((sq, i) => BASES.push({
    name: `${file}#${i}`, doc: load(file), campaign, games, narrated: 10,
    squad: file.includes('blacksun') && i === 0 ? { ...sq, members: { assault: 3, delta: 1 } }
      : file.includes('kitchen') ? (i === 0 ? { leader: { sub_ability: 'dexterity', xp: { skill: 4, life: 4, sub: 2 } }, members: { assault: 3, engineer: 1 }, buy: ['rope'], policy_params: { read_threshold: 0 } }
        : { ...sq, members: { assault: 2, engineer: 1, runner: 1 }, buy: ['tie_wraps'] })
      : sq,
  }));
}

/** Keys that name or describe and play nothing (any kind). */
const RECORD_ONLY: Record<string, string> = {
  scenario: 'the scenario id: in run.json and the report',
  source: 'where the facts come from: in run.json',
  recommended_level: 'the designer\'s advice to players; squads are set by the experiment',
  mode: 'one value allowed (one-way); the progression keys say the rest',
  nothing: 'a tile with no event: nothing happens by definition',
  note: 'a lap\'s note for readers',
  core_version: 'the rule version the scenario was written for: a one-line notice under another version (tests/ua-version-v101.test.ts)',
  event_id: 'the designer\'s v1.01 template: the event\'s anchor in his prose (issue 42)',
  rule_id: 'the designer\'s v1.01 template: the scenario rule an entry encodes (issue 42)',
  logic_authority: 'the designer\'s v1.01 template: which text is authoritative (ledger, prose, mixed) (issue 42)',
  map: 'd33 or d66: changing it needs a different tile table (every code must have a tile), so no single change validates; tests/ua-scenario-schema.test.ts checks both tables',
};

/**
 * Keys that cannot be changed alone into another valid scenario (a unit's kind needs other keys with it; an `absent`
 * unit needs the variation that adds it; …) or whose play needs a situation the walk reaches too rarely: the
 * scripted-dice test that proves each. The file must exist and mention the key.
 */
const PROVEN_ELSEWHERE: readonly { key: string; kindHas: string; file: string }[] = [
  { key: 'kind', kindHas: 'screened_by', file: 'tests/ua-rules-combat.test.ts' },
  { key: 'fumble_wound', kindHas: 'faces', file: 'tests/ua-blacksun-v101-decisions.test.ts' },
  { key: 'attack_mod_kind', kindHas: 'screened_by', file: 'tests/ua-special-equipment.test.ts' },
  { key: 'immune', kindHas: 'screened_by', file: 'tests/ua-special-equipment.test.ts' },
  { key: 'location', kindHas: 'screened_by', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'absent', kindHas: 'screened_by', file: 'tests/ua-scenario-state.test.ts' },
  { key: 'retreat_allowed', kindHas: 'enemies', file: 'tests/ua-rules-combat.test.ts' },
  { key: 'market', kindHas: 'pass', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'target', kindHas: 'requires_member', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'with', kindHas: 'with', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'equipment', kindHas: 'equipment', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'effects', kindHas: 'equipment', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'when_exhausted', kindHas: 'tiles_persist', file: 'tests/ua-operation-blacksun.test.ts' },
  { key: 'xp', kindHas: 'tiles_persist', file: 'tests/ua-format-character.test.ts' },
  { key: 'carry_over', kindHas: 'starting_magazines', file: 'tests/ua-format-chain.test.ts' },
  { key: 'difference_table', kindHas: 'goto_final', file: 'tests/ua-format-dice.test.ts' },
  { key: 'precise_shots', kindHas: 'odd', file: 'tests/ua-format-parity.test.ts' },
  { key: 'detect_options', kindHas: 'starting_magazines', file: 'tests/ua-format-detect.test.ts' },
  { key: 'between_attacks', kindHas: 'returned', file: 'tests/ua-format-between.test.ts' },
  // Issue 38: the kitchen sink's games that proved `returned` retreat at a fixed event, which now re-enters it (UA-R120).
  { key: 'returned', kindHas: 'between_attacks', file: 'tests/ua-operation-blacksun.test.ts' },
  // Issue 40 (core v1.01): keys no shipped base scenario uses; each played by a scripted-dice test.
  { key: 'hit_target', kindHas: 'screened_by', file: 'tests/ua-version-v101.test.ts' },
  { key: 'unmanned', kindHas: 'screened_by', file: 'tests/ua-version-v101.test.ts' },
  { key: 'raises_start', kindHas: 'if_standing_at_least', file: 'tests/ua-version-v101.test.ts' },
  { key: 'carried_initiative', kindHas: 'starting_magazines', file: 'tests/ua-version-v101.test.ts' },
  // Black Sun's later decisions (UA-V51 … UA-V54): the fingerprint's games do not reach the tile or squad that shows them.
  { key: 'members_attacking_base', kindHas: 'members_attacking_mod', file: 'tests/ua-blacksun-v101-decisions.test.ts' },
  { key: 'members_defence_count', kindHas: 'members_defence_mod', file: 'tests/ua-blacksun-v101-decisions.test.ts' },
  { key: 'hold', kindHas: 'round', file: 'tests/ua-blacksun-v101-decisions.test.ts' },
  { key: 'sniper_outside_cap', kindHas: 'attackers_per_round', file: 'tests/ua-blacksun-v101-decisions.test.ts' },
  // Issue 38 (UA-R156): C4 on a booby trap; the fingerprint's squads carry no C4 to the trap tiles.
  { key: 'disarm', kindHas: 'requires_member', file: 'tests/ua-c4-trap.test.ts' },
];
const elsewhere = (kind: string, key: string): boolean => PROVEN_ELSEWHERE.some((p) => p.key === key && kind.split(',').includes(p.kindHas));

describe('every key of the scenario format changes play or output', () => {
  it('each key proven elsewhere names a test file that exists and plays it', () => {
    for (const { key, file } of PROVEN_ELSEWHERE) expect(readFileSync(file, 'utf8'), `${key} in ${file}`).toContain(`${key}:`);
  });
  it('walks the schema over the bases', () => {
    const schema = new Map<string, Set<string>>();
    const covered = new Set<string>();
    for (const b of BASES) {
      const kinds = kindsOf(b.doc);
      for (const k of new Set(kinds.values())) if (!schema.has(k)) schema.set(k, new Set(k.split(',')));
      const base = fingerprint(b, b.doc);
      expect(base, b.name).not.toBeNull();
      const occ = occurrences(b.doc, kinds);
      const idAt = new Map(occ.map((o) => [o.path.join('.'), `${o.kind}::${o.key}`]));
      const tried = new Map<string, number>();
      for (const o of occ) {
        const id = `${o.kind}::${o.key}`;
        if (covered.has(id) || RECORD_ONLY[o.key] || elsewhere(o.kind, o.key) || (tried.get(id) ?? 0) >= 2) continue;
        tried.set(id, (tried.get(id) ?? 0) + 1);
        for (const m of mutations(b.doc, o.path)) {
          const f = fingerprint(b, m);
          if (f === null || f === base) continue;
          // The key, and every key it sits under, changes play.
          for (let n = o.path.length; n > 0; n--) { const a = idAt.get(o.path.slice(0, n).join('.')); if (a) covered.add(a); }
          break;
        }
      }
    }
    const unproven: string[] = [];
    for (const [kind, keys] of schema) for (const k of keys) if (!covered.has(`${kind}::${k}`) && !RECORD_ONLY[k] && !elsewhere(kind, k)) unproven.push(`${k} (in {${kind}})`);
    if (unproven.length) console.log(unproven.join("\n"));
    expect(unproven).toEqual([]);
  }, 120_000);
});
