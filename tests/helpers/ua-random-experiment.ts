// Randomised URBAN ASSAULT engagement experiments (issue 44's differential test; usable by any test that wants varied
// valid gauntlets): enemies (groups and high-threat targets, screens, parity targeting), reactions, locations,
// leaders (sub-ability, XP, skills), members, purchases, policies, rulings and retreat modes, drawn from a seeded
// pure-rand stream. Some draws are refused by the compiler (too many purchases for the magazines, a skill the
// sub-ability cannot take): the caller skips those.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { UA_RULINGS } from '../../src/rules/urban-assault/catalogue/rulings.js';
import { COMMAND_SKILLS, SHOOTING_SKILLS } from '../../src/rules/urban-assault/catalogue/catalogue.js';

export type Rng = ReturnType<typeof xoroshiro128plus>;
export const randomStream = (seed: number): Rng => xoroshiro128plus(seed);

const REACTIONS = ['fight_to_the_end', 'hostile', 'withdraw_if_outnumbered', 'extortion'];
const POLICIES = ['default', 'aggressive', 'conservative', 'random'];
const ROLES = ['medic', 'scout', 'engineer', 'marksman', 'assault', 'gunner', 'sniper'];
const BUYS = ['LMG', 'DMR', 'SMG', 'frag_grenade', 'at4', 'flashbang', 'c4', 'medkit', 'nvg', 'flashlight', 'plate_carrier'];

/**
 * One random experiment's YAML text. `name` prefixes the engagements' and units' names and `label` is every variant's
 * label, written as given (the hostile-name test passes its own); the experiment itself is named `rand`.
 */
export function randomUaExperiment(rng: Rng, name = 'rand', label = 'variant'): string {
  const int = (a: number, b: number) => uniformInt(rng, a, b);
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const q = (s: string) => JSON.stringify(s);
  const engagements: string[] = [];
  const nEng = int(1, 3);
  for (let e = 0; e < nEng; e++) {
    const enemies: string[] = [];
    const nUnits = int(1, 2);
    for (let u = 0; u < nUnits; u++) {
      if (int(0, 3) === 0) enemies.push(`{ name: ${q(`${name}-htt${u}`)}, kind: high_threat, level: ${int(3, 6)}, life: ${int(1, 6)}, attacks: ${int(1, 4)}${int(0, 2) === 0 ? ', armoured: true' : ''} }`);
      else enemies.push(`{ name: ${q(`${name}-g${u}`)}, count: ${pick(['1', '2', '3', '4', '1d3+1', '1d6'])}, level: ${int(2, 6)} }`);
    }
    const reaction = int(0, 2) === 0
      ? `{ "1-2": ${pick(REACTIONS)}, "3-4": hostile, "5-6": fight_to_the_end }`
      : pick(REACTIONS);
    engagements.push([
      `    - name: ${q(`${name} e${e}`)}`,
      `      location: ${pick(['indoor', 'outdoor'])}`,
      `      enemies:`,
      ...enemies.map((x) => `        - ${x}`),
      `      reaction: ${reaction}`,
      ...(reaction.includes('extortion') ? [`      extortion: ${int(1, 3)}`] : []),
      `      retreat_allowed: ${int(0, 1) === 0 ? 'false' : 'true'}`,
      `      loot: ${int(0, 1) === 0 ? 'table' : `{ magazines: ${int(0, 2)} }`}`,
    ].join('\n'));
  }
  const sub = pick(['shooting', 'command', 'melee', 'dexterity']);
  const skillPool: readonly string[] = sub === 'shooting' ? SHOOTING_SKILLS : sub === 'command' ? COMMAND_SKILLS : [];
  const skills = skillPool.filter(() => int(0, 3) === 0).slice(0, 1);
  const members = ROLES.filter(() => int(0, 2) === 0).map((r) => `${r}: ${int(1, 2)}`);
  const rulings = UA_RULINGS.filter(() => int(0, 2) === 0).map((r) => `${r.key}: ${pick(r.options)}`);
  const variant = (i: number) => {
    const lines = [`  - name: v${i}`, `    label: ${q(label)}`, ...(i === 0 ? ['    baseline: true'] : [])];
    if (i > 0) {
      const buys = BUYS.filter(() => int(0, 4) === 0).slice(0, 1);
      if (buys.length) lines.push(`    buy: [${buys.join(', ')}]`);
      if (buys.includes('LMG') && int(0, 1)) lines.push('    weapon: LMG');
      else if (buys.includes('DMR') && int(0, 1)) lines.push('    weapon: DMR');
      if (int(0, 2) === 0) lines.push(`    policy: ${pick(POLICIES)}`);
      if (int(0, 2) === 0) lines.push(`    members: { ${pick(ROLES)}: ${int(1, 3)} }`);
    }
    return lines.join('\n');
  };
  return [
    'name: rand',
    'game: urban-assault',
    `seed: ${int(1, 1_000_000)}`,
    'stop: { games: 100 }',
    `rulings: { ${rulings.join(', ')} }`,
    'gauntlet:',
    `  difficulty: ${pick(['EASY', 'NORMAL', 'HARD'])}`,
    `  starting_magazines: { EASY: ${int(10, 20)}, NORMAL: ${int(8, 17)}, HARD: ${int(6, 15)} }`,
    `  attackers_per_round: ${int(0, 4)}`,
    `  retreat: ${pick(['abort', 're-enter'])}`,
    `  max_retreats: ${int(0, 2)}`,
    '  engagements:',
    ...engagements,
    'squad:',
    '  leader:',
    `    sub_ability: ${sub}`,
    `    xp: { skill: ${4 * int(0, 1)}, life: ${int(0, 3)}, sub: ${int(0, 3)} }`,
    `    skills: [${skills.join(', ')}]`,
    `  members: { ${members.join(', ')} }`,
    `  policy: ${pick(POLICIES)}`,
    'variants:',
    ...Array.from({ length: int(1, 3) }, (_, i) => variant(i)),
    '',
  ].join('\n');
}
