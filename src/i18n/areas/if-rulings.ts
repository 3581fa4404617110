/**
 * Messages of area `ifRuling.*` (issue 26): what each IF battle ruling choice means, as reports and the web app
 * show it beside the ruling id (RulingChoice.msg). The English is the summary written with the ruling
 * (src/rules/if-battle/rulings.ts, one source); the Japanese is here. Rule terms keep their Japanese form.
 * The type of `ja` makes a missing id a compile error.
 */
import { IF_RULINGS } from '../../rules/if-battle/rulings.js';
import { rulingMessages } from '../../sim/core/ruling-def.js';

export const en = {
  'ifRuling.checkTable': 'the check table (dice, rank base, target per rank) set by this experiment',
  'ifRuling.memories': 'memories added or changed from the sample set by this experiment',
  ...rulingMessages('ifRuling', IF_RULINGS),
};

export const ja: Record<keyof typeof en, string> = {
  'ifRuling.checkTable': 'この実験が設定した判定表（ダイス、ランクの基準、ランクごとの目標値）',
  'ifRuling.memories': 'この実験がサンプルから追加・変更したメモリー',
  'ifRuling.IF-R01.unordered-pairs': 'D66 を順序なしの組（小さい目が先）として読むと結果はちょうど 21 通りで、行・列に 1 つずつ対応する（ゾロ目は半分の確率）',
  'ifRuling.IF-R01.scaled': '順序付きの 36 通りの結果 11..66 を 21 の行・列に割り当てる（floor(i × 21 / 36)）',
  'ifRuling.IF-R02.standby': 'バグのポイントは持ち主自身のターンの終わり（スタンバイ）ごとに 1 減る: N ポイントは持ち主の N ターンに効く',
  'ifRuling.IF-R02.turn-up': 'ポイントは持ち主のターンアップごとに、回復判定の前に 1 減る',
  'ifRuling.IF-R03.own-turn': 'ダメージはそのキャラクター自身のターン数（ターン、戦闘開始時に 0）に等しい',
  'ifRuling.IF-R03.since-change': 'ダメージはフィールドが炎上になってからそのキャラクターが経過したターン数に等しい',
  'ifRuling.IF-R04.cumulative': 'メインプロセスでは、失ったライフの合計が最大値の1割に達した時点で脱落する',
  'ifRuling.IF-R04.single-loss': '1 回で失ったライフが最大値の1割以上のときに脱落する',
  'ifRuling.IF-R05.roll-off': 'スピードが同じキャラクターはそれぞれ 1D6 を振り（同値は振り直し）、高い方が先',
  'ifRuling.IF-R05.listed-order': 'スピードが同じなら記載の順（対象側が先）',
  'ifRuling.IF-R06.checks': 'エリアセットで決まったフィールドも変更として扱う: その判定（水泳/飛行/走法）か GM の 1D10 がすぐに行われる',
  'ifRuling.IF-R06.none': '判定が起きるのは後からフィールドが変わったときだけ。最初のフィールドのペナルティはかからない',
  'ifRuling.IF-R07.once-per-turn': 'メインメモリと追加メモリはそれぞれ 1 ターンに 1 回まで使える（コストが許す限り別のものは何種類でも）',
  'ifRuling.IF-R07.repeat': 'コストが残っていれば同じターンに同じメモリーを再び使える',
};
