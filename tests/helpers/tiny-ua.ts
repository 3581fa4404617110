// A tiny URBAN ASSAULT experiment (one fight) for command tests of solve and search: `tail` adds the question.
export function tinyUa(name: string, question: string, startingMagazines: number, enemies: string, tail: string): string {
  return `name: ${name}
question: ${question}
game: urban-assault
seed: 5
stop: { games: 1000, chunk: 500 }
gauntlet:
  starting_magazines: ${startingMagazines}
  engagements:
    - name: guards
      location: indoor
      enemies: [ { name: guards, count: ${enemies}, level: 4 } ]
      reaction: hostile
squad:
  leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }
  members: { assault: 1 }
variants:
  - { name: baseline, baseline: true }
${tail}`;
}
