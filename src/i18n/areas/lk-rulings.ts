/**
 * Messages of area `lkRuling.*` (issue 26): what each 超人ロック ruling choice means, as reports and the web app
 * show it beside the ruling id (RulingChoice.msg). The English is the summary written with the ruling
 * (src/rules/chojin-locke/rulings.ts, one source); the Japanese is here. Rule terms keep their Japanese form.
 * The type of `ja` makes a missing id a compile error.
 */
import { LK_RULINGS } from '../../rules/chojin-locke/rulings.js';
import { rulingMessages } from '../../sim/core/ruling-def.js';

export const en = {
  'lkRuling.deck': 'the deck composition replaced by the experiment ({n} cards)',
  'lkRuling.charts': 'charts not printed in the seed replaced by the experiment',
  ...rulingMessages('lkRuling', LK_RULINGS),
};

export const ja: Record<keyof typeof en, string> = {
  'lkRuling.deck': '実験が置き換えた山札の構成（{n} 枚）',
  'lkRuling.charts': '原典に載っていない表を実験が置き換えたもの',
  'lkRuling.LK-R01.secret': 'ジャマーのレベルは秘密: ジャマーを受けたエスパーはどのカードも試せるが、レベル以下のカードは（どのみち失敗したのでなければ）「出せません」となり、カードとパワーは戻る',
  'lkRuling.LK-R01.known': 'ジャマーのレベルは公開: レベル以下のカードは試すこともできない',
  'lkRuling.LK-R02.esp-check': 'ほかの参加者はそれぞれ ESP レベルのチェック（2D6 ≤ 自分のレベル）に成功すれば起きていられ、失敗すると眠る',
  'lkRuling.LK-R02.higher-level-immune': 'ESP レベルが幻覚のレベルより高い参加者は効かない。ほかの者は ESP レベルのチェックをする',
  'lkRuling.LK-R03.levels-add': '同調したテレポート（またはブロック）のレベルは各レベルの合計',
  'lkRuling.LK-R03.plus-one-each': '同調するテレポート 1 枚ごとに最初のテレポートのレベルに +1',
  'lkRuling.LK-R04.attack-or-declare': 'そのラウンドに誰かが攻撃したか、どちらかの陣営が継続を宣言すれば戦闘は続く',
  'lkRuling.LK-R04.attack-only': 'そのラウンドに誰かが攻撃したときだけ戦闘は続く',
  'lkRuling.LK-R05.round': '眠った者はラウンドの後処理で目覚める',
  'lkRuling.LK-R05.combat': '眠った者は戦闘の終わりまで眠る',
  'lkRuling.LK-R06.attacker-level-check': '攻撃者が ESP レベルのチェック（2D6 ≤ 攻撃者のレベル）に成功しない限り攻撃は消える',
  'lkRuling.LK-R06.willpower-check': 'ジェシカは自分の精神力チェック（2D6 ≤ 精神力）で攻撃を消す',
  'lkRuling.LK-R07.everyone': '同調を期待して失敗したブロックでは、ブロックした者と同調した者のカードとパワーがすべて戻る',
  'lkRuling.LK-R07.blocker-only': 'カードとパワーが戻るのはブロックした者だけ。同調した者のカードは消費される',
  'lkRuling.LK-R08.reroll': '2D6 が同じ目のエスパー同士は、順番が決まるまで振り直す',
  'lkRuling.LK-R08.seat-order': '同じ目は記載の順（パーティーが先）のまま',
  'lkRuling.LK-R09.when-short': '精神力チェックでカードのレベルを補えるのは、エスパーの ESP レベルかパワーが足りないときだけ（その場合の配分は 10.5.2 の例のとおり自由）。レベルを払えるエスパーは自分のレベルで出す',
  'lkRuling.LK-R09.always': 'どのエスパーもカードのレベルのどの部分でも精神力チェックで補える',
};
