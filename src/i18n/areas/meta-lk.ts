/**
 * Messages of area `meta.chojin-locke.*` (issue 26): what `balance-lab list` and the API show about the 超人ロック engine —
 * its title, each policy's summary and each policy parameter's meaning. The English is the text written beside the
 * definitions (src/rules/chojin-locke/engine.ts, src/policies/chojin-locke/); tests/engine-meta-lang.test.ts checks that it stays equal to them. Rule terms keep their
 * Japanese form.
 */
export const en = {
  'meta.chojin-locke.title': '超人ロック card game — ESP combat (combat cards, synchronised attacks, teleport blocks, jammers)',
  'meta.chojin-locke.policy.sync-leader': 'attacks with its highest-LEVEL card so allies can synchronise (10.8.1); synchronises itself when its turn has not come',
  'meta.chojin-locke.policy.sync-follower': 'synchronises with every ally attack it has a card for (its most powerful one at or below the level); attacks alone with its most powerful card if its turn comes first',
  'meta.chojin-locke.policy.solo': 'never synchronises: attacks alone with its most powerful card on its own turn',
  'meta.chojin-locke.policy.escape-artist': 'holds teleports: never spends its last teleport on blocks, escapes an attack it cannot defend, flees at low durability',
  'meta.chojin-locke.policy.stretch': 'plays cards above its ESP level by willpower checks (up to max_checks, if all pass with ≥ min_success)',
  'meta.chojin-locke.policy.auto-enemy': '10.12.2 automatic combat: every card it may take, all equipment, jammer and attacks on random targets, defend only (never escape), block every teleport alone or with others',
  'meta.chojin-locke.policy.random': 'uniform over the legal actions at every decision, from the policy stream (for invariant tests)',
  'meta.chojin-locke.param.max_checks': 'most willpower checks accepted to supplement a card\'s level (10.5.1)',
  'meta.chojin-locke.param.min_success': 'accept a supplement only if all its checks pass with at least this probability',
  'meta.chojin-locke.param.sync': 'synchronise with allies\' attacks (10.8.1) when a card fits (1 = yes)',
  'meta.chojin-locke.param.sync_min_level': 'synchronise only with attacks of at least this level',
  'meta.chojin-locke.param.escape': 'when attacked: 0 = never escape, 1 = escape when no defence is available, 2 = escape first',
  'meta.chojin-locke.param.flee_at': 'on its own turn, escape from the combat when durability ≤ this (0 = never)',
  'meta.chojin-locke.param.keep_teleport': 'keep the last teleport for escaping: never spend it on blocks (1 = yes)',
  'meta.chojin-locke.param.block': 'block enemy teleports (10.9) when a higher teleport is in hand (1 = yes)',
  'meta.chojin-locke.param.random_target': 'attack a random enemy (1) instead of the one with the lowest durability (0)',
  'meta.chojin-locke.param.continue': 'declare continuation after a round without attacks (1 = yes)',
  'meta.chojin-locke.param.normal_first': 'take the normal action before the special actions (10.4; 1 = yes)',
  'meta.chojin-locke.param.join': 'as a bystander at combat start, declare 実はそこにいた and roll to join (10.2.1; 1 = yes)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'meta.chojin-locke.title': '超人ロック カードゲーム — ESP 戦闘（戦闘カード、同調攻撃、テレポートのブロック、ジャマー）',
  'meta.chojin-locke.policy.sync-leader': '味方が同調できるよう最も LEVEL の高いカードで攻撃する（10.8.1）。自分の手番がまだなら自分も同調する',
  'meta.chojin-locke.policy.sync-follower': 'カードがある限り味方の攻撃すべてに同調する（そのレベル以下で最も強いカード）。先に自分の手番が来たら最も強いカードで単独攻撃する',
  'meta.chojin-locke.policy.solo': '同調しない: 自分の手番に最も強いカードで単独攻撃する',
  'meta.chojin-locke.policy.escape-artist': 'テレポートを温存する: 最後のテレポートはブロックに使わず、防げない攻撃からは逃避し、耐久力が減ると戦闘から逃げる',
  'meta.chojin-locke.policy.stretch': '精神力チェックで ESP レベルを超えるカードを出す（max_checks 回まで、すべて min_success 以上の確率で通るとき）',
  'meta.chojin-locke.policy.auto-enemy': '10.12.2 の自動戦闘: 取れるカードはすべて取り、装備とジャマーはすべて使い、ランダムな目標を攻撃し、防御のみ（逃避しない）、テレポートは単独でも共同でもすべてブロックする',
  'meta.chojin-locke.policy.random': '判断のたびに合法な行動から方針ストリームで一様に選ぶ（不変条件テスト用）',
  'meta.chojin-locke.param.max_checks': 'カードのレベルを補うために受ける精神力チェックの最大回数（10.5.1）',
  'meta.chojin-locke.param.min_success': 'すべてのチェックがこの確率以上で通るときだけレベルを補う',
  'meta.chojin-locke.param.sync': '合うカードがあれば味方の攻撃に同調する（10.8.1、1 = する）',
  'meta.chojin-locke.param.sync_min_level': 'レベルがこの値以上の攻撃にだけ同調する',
  'meta.chojin-locke.param.escape': '攻撃されたとき: 0 = 逃避しない、1 = 防御できないときに逃避する、2 = まず逃避する',
  'meta.chojin-locke.param.flee_at': '自分の手番に、耐久力がこの値以下なら戦闘から逃避する（0 = しない）',
  'meta.chojin-locke.param.keep_teleport': '最後のテレポートは逃避用に残し、ブロックには使わない（1 = 残す）',
  'meta.chojin-locke.param.block': 'より高いテレポートが手札にあれば敵のテレポートをブロックする（10.9、1 = する）',
  'meta.chojin-locke.param.random_target': 'ランダムな敵を攻撃する（1）か、耐久力が最も低い敵を攻撃する（0）',
  'meta.chojin-locke.param.continue': '攻撃のなかったラウンドの後に継続を宣言する（1 = する）',
  'meta.chojin-locke.param.normal_first': '特殊行動より先に通常行動を取る（10.4、1 = 取る）',
  'meta.chojin-locke.param.join': '戦闘開始時に居合わせた者として「実はそこにいた」を宣言し、参加のロールをする（10.2.1、1 = する）',
};
