/**
 * URBAN ASSAULT's benchmark case (issue 16): the flagship gauntlet's baseline variant — a 10-XP 射撃 leader with
 * the starting kit and seven assault members through the five engagements of experiments/lmg-worth-8-magazines.yaml
 * (tutorial 01 at NORMAL) — so `bench` measures a whole game of what users run (~100 dice), not a 4-dice
 * engagement. A copy of that file's gauntlet as of 2026-11-24, kept here so the benchmark does not move when the
 * experiment is edited.
 */
export const UA_BENCH_YAML = `name: ua-bench
game: urban-assault
seed: 1
stop: { games: 1000 }
gauntlet:
  difficulty: NORMAL
  starting_magazines: { EASY: 20, NORMAL: 17, HARD: 15 }
  attackers_per_round: 4  # 攻撃人数制限: at most 4 of the squad attack per round
  retreat: re-enter       # after a retreat the squad fights the same engagement again (fresh dice)
  max_retreats: 2
  engagements:
    - name: 搬入口の武装警戒兵 (d33 11)
      location: indoor
      enemies:
        - { name: armed guards, count: 1d3+1, level: 4 }
      reaction:
        "1-2": { reaction: withdraw_if_outnumbered, next_combat: { first_round_enemy_attacks: 1 } }
        "3-4": hostile
        "5-6": fight_to_the_end
      loot: { magazines: 1 }

    - name: コンテナヤードの迎撃 (d33 12)
      location: outdoor
      first_round_defence_mod: -1     # open yard: defence −1 in the first round
      enemies:
        - { name: yard squad, count: 1d3+1, level: 4 }
      reaction:
        "1": withdraw_if_outnumbered
        "2-5": hostile
        "6": fight_to_the_end
      loot: { magazines: 1 }

    - name: 工場棟内・歴戦の戦士 (d33 22)
      location: indoor
      enemies:
        - { name: 専任伍長, kind: high_threat, level: 4, life: 3, attacks: 2, attack_mod: -1, attack_mod_kind: cover }
      reaction:
        "1": extortion
        "2-5": hostile
        "6": fight_to_the_end
      extortion: 1
      loot: { magazines: 2 }

    - name: 港湾倉庫・混成制圧部隊 (mid event)
      location: indoor
      enemies:
        - { name: suppressors, count: 3, level: 5, screened_by: heavies }
        - { name: heavies, count: 2, level: 5 }
      parity_targeting: { even: heavies, odd: suppressors }
      reaction: fight_to_the_end
      retreat_allowed: false          # no 逃走 at the mid and final events
      loot: { magazines: 2 }

    - name: 港湾司令棟・軽装甲偵察車 (final event)
      location: outdoor
      enemies:
        - { name: armoured scout car, kind: high_threat, level: 5, life: 6, attacks: 3, armoured: true }
      reaction: fight_to_the_end
      retreat_allowed: false
      loot: table


squad:
  leader:
    sub_ability: shooting
    xp: { skill: 4, life: 4, sub: 2 }
    skills: [rapid_fire, dodge]
  members: { assault: 7 }
  policy: default
variants:
  - name: baseline
    baseline: true
`;
