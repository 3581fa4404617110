/**
 * Messages of area `uaadd.*` (URBAN ASSAULT rulesets adding member roles and expendables, and buying gear between
 * campaign operations; issue 24), in English and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'uaadd.fixedOnlyField': '"{field}" is a field of an added {section} entry only; "{id}" is one of the fixed entries (its procedure is its own)',
  'uaadd.tooManyMemberTypes': '{n} member types beyond the fixed roles ({names}): at most {max} (the scenario\'s own and the ruleset\'s added roles together)',
  'uaadd.tooManyExpendables': '{n} expendables added: at most {max}',
  'uaadd.idTaken': '"{id}" already names a {other} entry; an added entry needs its own id',
  'uaadd.memberLife': 'an added member role has 生命点 1 to 9 (more than 1: hits are kept on one wounded member as a scenario\'s member type\'s are, UA-R132)',
  'uaadd.buyBetweenCampaign': 'buy_between is played between a campaign\'s operations only',
  'uaadd.boughtBetween': 'between operations: bought {item} for {cost} ({total})',
  'uaadd.planPassed': 'between operations: {item} passed over ({why})',
  'uaadd.leftBehind': 'between operations: {item} left behind (a sale would pay magazines, which count toward the next 弾倉支給数)',
  'uaadd.why.carry': 'over the carry limit',
  'uaadd.why.hands': 'a shield and a two-handed gun',
  'uaadd.why.held': 'already held',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'uaadd.fixedOnlyField': '"{field}" は追加した {section} の項目だけの欄です。"{id}" は固定の項目です（処理は項目ごとに決まっています）',
  'uaadd.tooManyMemberTypes': '固定の役割以外の隊員の種類が {n} あります（{names}）。シナリオ独自の隊員とルールセットで追加した役割を合わせて {max} までです',
  'uaadd.tooManyExpendables': '追加した消耗装備が {n} 個あります。{max} 個までです',
  'uaadd.idTaken': '"{id}" はすでに {other} の項目の名前です。追加する項目には別の名前を付けてください',
  'uaadd.memberLife': '追加する隊員の役割の生命点は 1〜9 です（2 以上では、シナリオ独自の隊員と同じく被弾を負傷した 1 人に残します。UA-R132）',
  'uaadd.buyBetweenCampaign': 'buy_between は作戦と作戦の間（キャンペーン）にだけ行われます',
  'uaadd.boughtBetween': '作戦間: {item} を {cost} で購入（{total}）',
  'uaadd.planPassed': '作戦間: {item} の購入を見送り（{why}）',
  'uaadd.leftBehind': '作戦間: {item} は手放す（売却は弾倉払いで、次の弾倉支給数に数えられるため）',
  'uaadd.why.carry': '持ち物上限を超える',
  'uaadd.why.hands': 'シールドと両手持ちの銃は併用できない',
  'uaadd.why.held': 'すでに持っている',
};
