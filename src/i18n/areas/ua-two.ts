/**
 * Messages of area `uatwo.*` (URBAN ASSAULT v1.01 §45 two players, 2人の分隊長; issue 40), in English and Japanese.
 * Rule terms keep their Japanese form in both languages. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uatwo.version': '"players: 2" (§45 2人の分隊長) is played only under rule version v1.01-2026-10 or a ruleset based on it; this variant plays {played}',
  'uatwo.versionFix': 'rules: v1.01-2026-10, or leave players out (one player)',
  'uatwo.halfSize': '{headcount} members do not fit two squads of half the 分隊規模 {squadSize} (§45: each leader\'s 分隊規模 is half, rounded down: {half})',
  'uatwo.halfSizeFix': 'at most {most} members in all (dealt between the two squads)',
  'uatwo.swap': '  now {who} and his squad',
  'uatwo.first': 'the first leader',
  'uatwo.second': 'the second leader',
  'uatwo.squads': 'two players (§45): the first leader with {a} members, the second (life {life}) with {b}; 分隊規模 {size} each',
  'uatwo.secondHead': '   the second leader: life {life}, members {members}',
  'uatwo.split': '  §45: {toLeader} at the leaders ({a} / {b}), {toMembers} at the squads ({ma} / {mb})',
  'uatwo.attempt': '   the second leader: level {level}, {sub} {subCur}/{subMax}, life {life}, {gear}, members {members}',
  'uatwo.fell': '  {who} fell (deaths {deaths}); a successor takes over his side only (§45), the other leader carries on',
  'uatwo.rolls': '  {who} rolls it (the higher value, UA-R172)',
  'uatwo.squadsOwn': 'two players (§45): the first leader with {a} members (分隊規模 {size}); the second leader, life {life}, {sub} {subCur}, 技量 {skill}, {weapon}, with {b} members (分隊規模 {size2})',
  'uatwo.secondOnlyTwo': 'second_leader (§45 2人の分隊長\'s second leader) is played only with "players: 2"',
  'uatwo.secondOnlyTwoFix': 'players: 2, or leave second_leader out',
  'uatwo.secondCampaign': 'second_leader is not played in a campaign (its growth, recovery, restock and successor are built for a second leader who is a copy of the first, UA-V66)',
  'uatwo.secondChain': 'second_leader is not played in a chain of scenarios (after:; the next squad is built for a second leader who is a copy of the first, UA-V68)',
  'uatwo.secondOnlyOneFix': 'leave second_leader out (the second leader is then a copy of the first), or play one operation',
  'uatwo.halfSizeTwo': '{headcount} members are dealt {a} to the first squad and {b} to the second, but each squad is half its own leader\'s 分隊規模 (§45, rounded down): the first {ha}, the second {hb}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uatwo.version': '"players: 2"（§45 2人の分隊長）は v1.01-2026-10 またはそれを基にしたルールセットでだけ処理されます。このバリアントは {played} です',
  'uatwo.versionFix': 'rules: v1.01-2026-10 にするか、players を書かない（1人プレイ）',
  'uatwo.halfSize': '隊員 {headcount} 人は、分隊規模 {squadSize} の半分（端数切捨て {half}）の分隊2つに収まりません（§45）',
  'uatwo.halfSizeFix': '隊員は合計 {most} 人まで（2つの分隊に分けます）',
  'uatwo.swap': '  {who}と分隊の番',
  'uatwo.first': '1人目の分隊長',
  'uatwo.second': '2人目の分隊長',
  'uatwo.squads': '2人プレイ（§45）：1人目の分隊長の隊員 {a} 人、2人目（生命点 {life}）の隊員 {b} 人。分隊規模は各 {size}',
  'uatwo.secondHead': '   2人目の分隊長：生命点 {life}、隊員 {members}',
  'uatwo.split': '  §45：分隊長側 {toLeader}（{a} / {b}）、分隊員側 {toMembers}（{ma} / {mb}）',
  'uatwo.attempt': '   2人目の分隊長：レベル {level}、{sub} {subCur}/{subMax}、生命点 {life}、{gear}、隊員 {members}',
  'uatwo.fell': '  {who}が戦死した（死亡 {deaths}）。戦死した側だけ後任分隊長が引き継ぎ、もう1人はそのまま継続する（§45）',
  'uatwo.rolls': '  {who}が振る（値の高い方、UA-R172）',
  'uatwo.squadsOwn': '2人プレイ（§45）：1人目の分隊長の隊員 {a} 人（分隊規模 {size}）。2人目の分隊長は生命点 {life}、{sub} {subCur}、技量 {skill}、{weapon}、隊員 {b} 人（分隊規模 {size2}）',
  'uatwo.secondOnlyTwo': 'second_leader（§45 2人の分隊長の2人目）は "players: 2" のときだけ処理されます',
  'uatwo.secondOnlyTwoFix': 'players: 2 にするか、second_leader を書かない',
  'uatwo.secondCampaign': 'second_leader はキャンペーンでは処理されません（成長・回復・補充・後任は、1人目と同じ2人目の分隊長に向けて作られています。UA-V66）',
  'uatwo.secondChain': 'second_leader はシナリオの連続（after:）では処理されません（次の分隊は、1人目と同じ2人目の分隊長に向けて作られています。UA-V68）',
  'uatwo.secondOnlyOneFix': 'second_leader を書かない（2人目は1人目と同じになります）か、作戦を1回だけ行う',
  'uatwo.halfSizeTwo': '隊員 {headcount} 人は1人目の分隊に {a} 人、2人目に {b} 人と分けられますが、各分隊はその分隊長の分隊規模の半分（端数切捨て、§45）です：1人目 {ha}、2人目 {hb}',
} as const;
