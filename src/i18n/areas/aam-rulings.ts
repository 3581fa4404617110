/**
 * Messages of area `aamRuling.*` (issue 26): what each Axis & Allies Miniatures ruling choice means, as reports
 * and the web app show it beside the ruling id (RulingChoice.msg). The English is the summary written with the
 * ruling (src/rules/axis-allies-miniatures/rulings.ts, one source); the Japanese is here. The type of `ja` makes a
 * missing id a compile error.
 */
import { AAM_RULINGS } from '../../rules/axis-allies-miniatures/rulings.js';
import { rulingMessages } from '../../sim/core/ruling-def.js';

export const en = {
  'aamRuling.units': 'stat-card numbers changed from the data file by this experiment',
  'aamRuling.unitsAssumed': 'no public stat line was found for these units: their numbers are placeholders (unit-data.ts)',
  ...rulingMessages('aamRuling', AAM_RULINGS),
};

export const ja: Record<keyof typeof en, string> = {
  'aamRuling.units': 'この実験がデータファイルから変えたステータスカードの数値',
  'aamRuling.unitsAssumed': 'これらのユニットは公開されたステータスが見つからなかった: 数値は仮のもの（unit-data.ts）',
  'aamRuling.AAM-R01.destroyed': '既にダメージを受けている車両がさらにダメージを受けると破壊される',
  'aamRuling.AAM-R01.no-effect': 'ダメージを受けている車両への 2 度目のダメージは効果がない（ダメージ状態のまま）',
  'aamRuling.AAM-R02.stack': '混乱とダメージが重なると防御 −2、攻撃ダイス 1 個につき −2',
  'aamRuling.AAM-R02.max-one': '混乱とダメージが重なっても −1 だけ',
  'aamRuling.AAM-R03.rear': '同じヘクスにいる攻撃者は車両の背面防御を攻撃する',
  'aamRuling.AAM-R03.front': '同じヘクスにいる攻撃者は車両の正面防御を攻撃する',
  'aamRuling.AAM-R04.destroyed': 'ターン 10 では、破壊した敵の点数が多い陣営の勝ち',
  'aamRuling.AAM-R04.surviving': 'ターン 10 では、生き残った点数が多い陣営の勝ち',
  'aamRuling.AAM-R05.blocks-unless-on-hill': 'ユニットの間にある丘のヘクスは、攻撃者か目標が丘の上にいない限り視線を遮る',
  'aamRuling.AAM-R05.never-blocks': '丘は視線を遮らない',
  'aamRuling.AAM-R06.vs-vehicle': '地上ユニットは対車両の攻撃値で航空機を攻撃する',
  'aamRuling.AAM-R06.vs-soldier': '地上ユニットは対兵士の攻撃値で航空機を攻撃する',
  'aamRuling.AAM-R06.none': '航空機は攻撃されない',
  'aamRuling.AAM-R07.rear': '航空攻撃は車両の背面防御を攻撃する',
  'aamRuling.AAM-R07.front': '航空攻撃は車両の正面防御を攻撃する',
  'aamRuling.AAM-R08.counts': '目標物の上か隣にいる混乱したユニットも支配に数える',
  'aamRuling.AAM-R08.does-not-count': '目標物の支配に数えるのは混乱していないユニットだけ',
  'aamRuling.AAM-R09.ends-game': '兵士も車両も残っていない陣営は、そのターンの終わりに負ける',
  'aamRuling.AAM-R09.play-on': '目標物または点数の条件まで続ける',
  'aamRuling.AAM-R10.on': '森・丘・市街にいるユニットは遮蔽ロールをする',
  'aamRuling.AAM-R10.off': '遮蔽ロールなし（遮蔽の価値を測るため）',
  'aamRuling.AAM-R11.one-hex': '速度 1 以上のユニットは、コストにかかわらず常に 1 ヘクスは移動できる',
  'aamRuling.AAM-R11.none': '残りの速度より移動コストが高いヘクスには入れない',
};
