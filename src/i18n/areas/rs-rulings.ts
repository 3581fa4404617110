/**
 * Messages of area `rsRuling.*` (issue 26): what each robot-skirmish ruling choice means, as reports and the web
 * app show it beside the ruling id (RulingChoice.msg). The English is the summary written with the ruling
 * (src/rules/robot-skirmish/rulings.ts, one source); the Japanese is here. Rule terms keep their Japanese form.
 * The type of `ja` makes a missing id a compile error.
 */
import { RS_RULINGS } from '../../rules/robot-skirmish/rulings.js';
import { rulingMessages } from '../../sim/core/ruling-def.js';

export const en = {
  'rsRuling.catalogue': 'numbers changed from the default catalogue (rulings RS-F01…) by this experiment',
  ...rulingMessages('rsRuling', RS_RULINGS),
};

export const ja: Record<keyof typeof en, string> = {
  'rsRuling.catalogue': 'この実験が既定のカタログ（裁定 RS-F01…）から変えた数値',
  'rsRuling.RS-R01.roll-off': '戦闘前に両陣営が 1d6 を振り（同値は振り直し）、高い方が先攻',
  'rsRuling.RS-R01.subject-first': '常にバリアントの陣営が先攻',
  'rsRuling.RS-R01.reference-first': '常に基準の相手が先攻',
  'rsRuling.RS-R02.each': '離脱に失敗すると、接触しているすべての敵から無条件の攻撃を 1 回ずつ受ける',
  'rsRuling.RS-R02.one': '離脱に失敗すると、接触している敵 1 体から無条件の攻撃を 1 回受ける（どの敵かは敵の持ち主が選ぶ）',
  'rsRuling.RS-R03.moves-after-attacks': '無条件の攻撃の後も、ユニットは（生き残っていれば）移動する',
  'rsRuling.RS-R03.stays': '離脱に失敗すると移動アクションは終わり、ユニットは接触したまま留まる',
  'rsRuling.RS-R04.before-roll': '誤射判定の 1d6 は攻撃の前に振る: 1–2 なら目標に接触している味方 1 体にランダムに命中（ダメージを振り、攻撃ロールはなし）',
  'rsRuling.RS-R04.on-hit': '攻撃は目標に対して振り、命中したときに 1–2 なら接触している味方 1 体にランダムに当たる',
  'rsRuling.RS-R05.per-sub-attacker': '副攻撃者ごとの +1（2倍なら +2）を丸ごと攻撃力かダメージに割り振る',
  'rsRuling.RS-R05.per-point': '修正値の合計（全員が同じサイズなら2倍）を 1 点ずつ割り振る',
  'rsRuling.RS-R06.connected': '射撃陣形のユニットは接触の連なりで一つにつながっていればよい',
  'rsRuling.RS-R06.pairwise': '射撃陣形のユニットはどの 2 体も互いに接触していなければならない',
  'rsRuling.RS-R07.reduction-min-1': '重装甲は命中ごとに max(1, 1d6−2) 軽減する。ダメージは 0 になりうる',
  'rsRuling.RS-R07.damage-min-1': '重装甲は命中ごとに max(1, 1d6−2) 軽減するが、少なくとも 1 ダメージは通る',
  'rsRuling.RS-R08.d6-1-falls': '転倒判定: 1d6 で 1 なら転倒。転倒したユニットは次の移動アクションを起き上がりに使う',
  'rsRuling.RS-R08.d6-1-2-falls': '転倒判定: 1d6 で 1–2 なら転倒',
  'rsRuling.RS-R08.none': 'キックで転倒は起きない',
  'rsRuling.RS-R09.draw': '時間切れで生き残りのコストが同じなら引き分け',
  'rsRuling.RS-R09.dice': '生き残りのコストが同じなら 1d6 の振り合いで決める（同値は振り直し）',
  'rsRuling.RS-R10.action': '集中判定の判定値は、宣言した攻撃アクションのすべての攻撃ロールに加える',
  'rsRuling.RS-R10.next-roll': '集中判定の判定値は次の攻撃ロール 1 回にだけ加える',
};
