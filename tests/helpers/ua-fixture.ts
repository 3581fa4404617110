// Test fixture: a small URBAN ASSAULT experiment (one engagement, three variants,
// the baseline in the middle) used by the simulation-core and CLI tests.

/** YAML lines of the fixture; `stopYaml` lines go under `stop:`. */
export function uaFixtureYaml(stopYaml: string, extraVariants = ''): string {
  return [
    'name: stub-test',
    'question: does a frag grenade help?',
    'game: urban-assault',
    'seed: 12345',
    'stop:',
    ...stopYaml.split('\n').map((l) => `  ${l}`),
    'engagement:',
    '  name: street corner',
    '  location: indoor',
    '  enemies:',
    '    - { name: hostiles, count: 2d3+3, level: 5 }',
    '  reaction: { "1-2": withdraw, "3-4": hostile, "5-6": fight_to_the_end }',
    'squad:',
    '  leader: { sub_ability: shooting, xp: { life: 2 }, skills: [rapid_fire] }',
    '  members: { assault: 2 }',
    '  magazines: 8',
    'variants:',
    '  - { name: plus1, label: Frag grenade, buy: [frag_grenade] }',
    '  - { name: base, baseline: true }',
    '  - { name: minus1, magazines: 4 }',
    extraVariants,
    '',
  ].join('\n');
}
