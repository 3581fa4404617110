/**
 * Messages of area `uaRuling.*` (issue 26): what each URBAN ASSAULT ruling choice means, as run.json, reports and
 * the web app show it beside the ruling id. The English text is the summary written with the ruling
 * (src/rules/urban-assault/catalogue/rulings.ts, one source); the Japanese is here. Rule terms keep their Japanese form.
 * The type of `ja` makes a missing id a compile error.
 */
import { UA_RULINGS } from '../../rules/urban-assault/catalogue/rulings.js';

type Def = (typeof UA_RULINGS)[number];
/** `uaRuling.<ruling id>.<option>` for every option of every ruling. */
type RulingMsgId = Def extends infer D ? (D extends Def ? `uaRuling.${D['id']}.${D['options'][number]}` : never) : never;

const ENTRIES = {
  'uaRuling.scenarioVariant': 'scenario values changed from the experiment\'s scenario by this variant',
  'uaRuling.scenarioPatch': 'scenario values changed by the experiment (scenario_patch)',
  'uaRuling.catalogue': 'numbers changed from the seed\'s catalogue by this experiment',
  'uaRuling.catalogueVariant': 'ruleset entries changed or added by this variant',
} as const;

export const en = {
  ...ENTRIES,
  ...(Object.fromEntries(UA_RULINGS.flatMap((d) => d.options.map((o) => [`uaRuling.${d.id}.${o}`, (d.summary as Record<string, string>)[o]]))) as Record<RulingMsgId, string>),
};

export const ja: Record<keyof typeof en, string> = {
  'uaRuling.scenarioVariant': 'このバリアントが実験のシナリオから変えた値',
  'uaRuling.scenarioPatch': 'この実験が変えたシナリオの値（scenario_patch）',
  'uaRuling.catalogue': 'この実験がシードのカタログから変えた数値',
  'uaRuling.catalogueVariant': 'このバリアントが変更・追加したルールセットの項目',
  'uaRuling.UA-R01.two-per-round': 'ガンナー: 1 回の攻撃（2 射）で消費する弾倉はラウンドあたり合計 2（1 + 追加 1）',
  'uaRuling.UA-R01.extra-per-shot': 'ガンナー: 1 射ごとに弾倉 1 + 追加 1（ラウンドあたり 4）',
  'uaRuling.UA-R02.per-action': 'LMG: 1 回の射撃行動（2 射）で弾倉 1 + 追加 1、ラウンドあたり 2（ガンナーと同じ、UA-R01）',
  'uaRuling.UA-R02.extra-per-shot': 'LMG: 2 射それぞれが弾倉 2 を消費',
  'uaRuling.UA-R02.extra-per-round': 'LMG: 射撃したラウンドごとに追加の弾倉 1（ラウンドあたり 3）',
  'uaRuling.UA-R03.after-cap': '購入は作戦投入上限を適用した後の作戦用弾倉から支払う',
  'uaRuling.UA-R03.before-cap': '購入は初期の弾倉 10 から支払い、その後に上限まで補充する',
  'uaRuling.UA-R05.none': '定義のない先制判定は効果なし',
  'uaRuling.UA-R05.preemptive-check': 'ボディアーマー着用時に先制攻撃を選ぶには 1d6+技量点−1 ≥ 4 が必要。失敗すると敵が先制する',
  'uaRuling.UA-R06.at-or-below-half': '敵対的な敵は戦力が半分以下で撤退する（§38）',
  'uaRuling.UA-R06.below-half': '敵対的な敵は戦力が半分未満で撤退する（§35）',
  'uaRuling.UA-R07.yes': '反応が敵対的な高脅威目標は生命点が半分で撤退する',
  'uaRuling.UA-R07.no': '高脅威目標は撤退しない',
  'uaRuling.UA-R08.wasted': '遮蔽が残っている間の奇数の命中はシールドに止められる',
  'uaRuling.UA-R08.redirect': '遮蔽が残っている間の奇数の命中は遮蔽しているグループに当たる',
  'uaRuling.UA-R09.squad': 'ラウンドごとの攻撃人数制限は部隊にだけかかる',
  'uaRuling.UA-R09.both': 'ラウンドごとの攻撃人数制限は敵の攻撃にもかかる',
  'uaRuling.UA-R10.random': 'グループと高脅威目標が混在するとき、通常の命中はランダムにどちらかに当たる',
  'uaRuling.UA-R10.choose': '射手が常に目標を選ぶ',
  'uaRuling.UA-R11.two-soldiers': 'グレネード技能の 2 ダメージはグループの兵士 2 人を倒す',
  'uaRuling.UA-R11.one-soldier': 'グレネード技能の 2 ダメージは兵士 1 人に当たる',
  'uaRuling.UA-R12.free': 'クリティカルの追加の攻撃ロールは弾倉を消費しない',
  'uaRuling.UA-R12.costs': '追加の攻撃ロールも通常の射撃と同じく弾倉を消費する',
  'uaRuling.UA-R13.minus-1': '暗所での射撃: NVG かフラッシュライトがなければ −1',
  'uaRuling.UA-R13.minus-2': '暗所での射撃: NVG かフラッシュライトがなければ −2',
  'uaRuling.UA-R14.leader-skill': '隊員はリーダーの技量点だけで防御する（リーダーのアーマーは含まない）',
  'uaRuling.UA-R14.leader-skill-and-armour': '隊員はリーダーの技量点とアーマー・シールドの修正で防御する',
  'uaRuling.UA-R15.full-volley': '退却時、敵は現在の攻撃回数すべてで 1 回射撃する',
  'uaRuling.UA-R15.remaining': '退却時、敵はこのラウンドにまだ行っていない攻撃だけを行う',
  'uaRuling.UA-R48.skill': 'リーダーが持たない副能力のイベント判定は 1d6 + 技量点（判定の通常の能力、§07）',
  'uaRuling.UA-R48.zero': 'リーダーが持たない副能力のイベント判定は 1d6 + 0',
  'uaRuling.UA-R82.standing': '使用回数が尽きた戦術スキャナーは通常装備になる: すべての察知に +1、無料で保持・継承される',
  'uaRuling.UA-R82.inert': '使用回数が尽きた戦術スキャナーは効果を失う（破棄）',
  'uaRuling.UA-R83.leader': '試作防弾シールドはリーダーが装備: 射撃に対するリーダーの防御ロールに +1、1 回ごとに使用回数を消費',
  'uaRuling.UA-R83.members': '試作防弾シールドは隊員が装備: 射撃に対する隊員の防御ロールに +1、1 回ごとに使用回数を消費',
  'uaRuling.UA-R85.all': 'どの特殊装備も作戦の合間に弾倉 6 と交換できる（使った回数に応じて減る）',
  'uaRuling.UA-R85.noted-only': '交換できると書かれた特殊装備（戦闘ドローン）だけが交換できる',
  'uaRuling.UA-R89.after-combat': 'メディックは戦闘の終了時（勝利・撤退・退却）にリーダーを治療する。戦闘なしで済んだ遭遇の後は治療しない',
  'uaRuling.UA-R89.after-any-encounter': 'メディックは戦闘なしで済んだ遭遇の後にもリーダーを治療する',
  'uaRuling.UA-R90.every-attack-roll': '対爆スーツの −1 はリーダーのすべての攻撃ロール（射撃と格闘）にかかる',
  'uaRuling.UA-R90.gun-only': '対爆スーツの −1 はリーダーの射撃にだけかかる',
  'uaRuling.UA-R41.one-or-other': '拠点構築は戦闘ごとに 1 回、リーダーか隊員全員のどちらかに使う',
  'uaRuling.UA-R41.each-side-once': '拠点構築は同じ戦闘でリーダーに 1 回、隊員に 1 回使える',
  'uaRuling.UA-R91.leader-defence': 'かばうは格闘点によるリーダーの防御ロール: 遮蔽物に隠れると同じく、アーマー・シールド・防御の修正がかかる',
  'uaRuling.UA-R91.sub-ability-only': 'かばうは修正なしの 1d6 + 格闘点',
  'uaRuling.UA-R01.per-roll': 'ガンナー: 攻撃ロール 1 回ごとに弾倉 1。弾倉がなければその回は射撃にならない（v1.01 「2回とも射撃する場合、弾倉は合計2個」）',
  'uaRuling.UA-R02.per-roll': 'LMG: 攻撃ロールごとに弾倉を消費し、+1 は常に適用（v1.01 「2回とも射撃する場合、弾倉は合計2個」）',
  'uaRuling.UA-R10.groups-first': '通常攻撃は敵戦闘集団が残っている間は集団を対象とし、高脅威目標はその後。精密射撃・IED・対象を明示する効果は任意の敵単位を選べる（v1.01 §36）',
  'uaRuling.UA-R14.leader-skill-and-body-armour': '分隊員の防御は分隊長の技量点と体防護装備の修正で行い、シールドの修正は含めない',
  'uaRuling.UA-R04.flashbang': 'スタングレネード技能はフラッシュバンとして処理（弾倉なし。集団は攻撃なし、高脅威目標は攻撃回数 −1）',
  'uaRuling.UA-R04.own-skill': 'スタングレネード技能: 射撃点 1 と弾倉 1、室内 +1。対象はラウンド終了まで【スタン】: その対象への攻撃ロール +1、その対象からの攻撃への防御ロール +1、ダメージなし（v1.01）',
  'uaRuling.UA-R22.free': 'グレネード・スタングレネード技能は弾倉を消費しない',
  'uaRuling.UA-R22.per-roll': '射撃を伴う技能（グレネード、スタングレネード、ショットガン、ラピッドファイア）は射撃ロール 1 回につき弾倉 1 を消費し、弾倉が必要。先制射撃と見切りは消費なし（v1.01）',
  'uaRuling.UA-R23.total': 'そのラウンドの敵の総攻撃回数を一度に分隊長と分隊員へ振り分ける',
  'uaRuling.UA-R23.per-unit': '敵単位ごとに攻撃回数を分隊長と分隊員へ振り分け、その単位の防御・ダメージを終えてから次の単位へ（v1.01）',
  'uaRuling.UA-R24.force': '敵全体の合計戦力が半分以下で撤退し、戦闘が終わる',
  'uaRuling.UA-R24.per-unit': '初期人数の半分以下になった敵戦闘集団だけが離脱し、他の敵単位が残れば戦闘は続く（v1.01）',
  'uaRuling.UA-R42.loot': '敵の撤退でもその遭遇の戦利品を得る',
  'uaRuling.UA-R42.none': '敵の撤退だけでは何も得ない。戦利品は撤退以外で勝ったときだけ（v1.01 「敵が撤退したこと自体によって…獲得することはありません」）',
  'uaRuling.UA-V26.roll-when-planted': '戦闘中の C4: 設置時に技量／器用ロール（4）、次のラウンド開始時に起爆',
  'uaRuling.UA-V26.roll-next-round': '戦闘中の C4: 次のラウンド開始時、双方の行動前に判定し、それがそのラウンドの分隊長の行動。成功でその場で起爆（v1.01）',
  'uaRuling.UA-R47.leader-order': 'IED は装甲の敵に対する分隊長の行動（第0ラウンドを含む）',
  'uaRuling.UA-R47.engineer-attack': 'IED はコンバットエンジニア自身の攻撃の代わりに、車両・装甲の高脅威目標へ。第0ラウンド不可、工兵が脱落すると失われる（v1.01）',
  'uaRuling.UA-R63.nothing': '戦闘員がいないときのイベントの被弾ロールは誰にも当たらない',
  'uaRuling.UA-R63.leader': '戦闘員が 1 名もいなければロールせず分隊長が対象（v1.01）',
  'uaRuling.UA-R73.only-enemy': 'ネゴシエーションは最後に残った敵を捕虜にする（集団の最後の 1 体、またはシナリオの on_capture の対象は生命点を問わない）',
  'uaRuling.UA-R73.life-1': 'ネゴシエーションは集団の最後の 1 体、または生命点 1 の有人の高脅威目標を捕虜・【鹵獲】にする。対象ごとに 1 戦闘 1 回。対象は離脱し、戦闘は続く（v1.01）',
  'uaRuling.UA-R107.chosen': '分隊の先制攻撃の効果は、敵が先に撃つと決まっていても、先制攻撃を選べばかかる',
  'uaRuling.UA-R107.fired-first': '分隊の先制攻撃の効果は、分隊が本当に先に撃つときだけかかる（敵が先に撃つと決まっているときはボディアーマーの先制判定もしない）',
  'uaRuling.UA-R150.while-fighting': '負傷 3 の生命点 −1 は戦闘が続いているラウンドの終了時だけ: 敵の全滅・撤退、分隊の退却で戦闘が終わったラウンドにはない',
  'uaRuling.UA-R150.after-end-too': '負傷 3 の生命点 −1 は戦闘が終わったラウンドの終了時にもかかる',
  'uaRuling.UA-R151.cleared': 'キャンペーンの作戦間の回復処理で、生命点・技量点・副能力値とともに負傷も 0 になる',
  'uaRuling.UA-R151.persist': 'リーダーの負傷はキャンペーンの次の作戦に持ち越される',
};
