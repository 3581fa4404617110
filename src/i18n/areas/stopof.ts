/**
 * Messages of area `stopof.*` (issue 27): the experiment key `stop: { target_of: all | differences }` — which
 * intervals a `target_error` stop waits for (src/sim/experiment/stop-scope.ts) — its validation and its description.
 */
export const en = {
  'stopof.unknown': 'unknown target_of {value}',
  'stopof.allowed': 'all (default: every variant\'s own primary rate and every paired difference) or differences (only each variant\'s paired difference against its reference, the baseline or its paired_with)',
  'stopof.withGames': 'target_of applies to a target_error stop, but this stop plays a fixed games: N',
  'stopof.allowedWithGames': 'target_of together with target_error: E, or no target_of with games: N',
  'stopof.noPairs': 'target_of: differences waits for paired differences, but no variant of this file has one (there is only the baseline, or every other variant has paired_with: none)',
  'stopof.allowedNoPairs': 'target_of: all, or at least one variant compared with the baseline or with another variant (paired_with absent or naming a variant)',
  'stopof.notPlayedBy': 'target_of: differences is not applied by {section}: (its race plays game counts of its own)',
  'stopof.removeKeyOr': 'remove target_of, or the {section}: section',
  'stopof.describe': '95% CI half-width of each paired difference ≤ {pp} pp, own rates not waited for (min {minGames}, max {maxGames} games per variant)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'stopof.unknown': 'target_of の値 {value} は使えません',
  'stopof.allowed': 'all（既定: 各バリアント自身の主要な率とすべての対の差）または differences（各バリアントの比較相手 ― 基準または paired_with ― との対の差だけ）',
  'stopof.withGames': 'target_of は target_error による停止に使うものですが、この stop は games: N の固定ゲーム数です',
  'stopof.allowedWithGames': 'target_error: E と一緒に target_of を書くか、games: N なら target_of を書かないでください',
  'stopof.noPairs': 'target_of: differences は対の差を待ちますが、このファイルには対の差を持つバリアントがありません（基準だけか、ほかのバリアントがすべて paired_with: none です）',
  'stopof.allowedNoPairs': 'target_of: all にするか、少なくとも 1 つのバリアントを基準またはほかのバリアントと比べてください（paired_with を書かないか、バリアント名を書く）',
  'stopof.notPlayedBy': 'target_of: differences は {section}: では使われません（その探索は独自のゲーム数で進みます）',
  'stopof.removeKeyOr': 'target_of を外すか、{section}: を外してください',
  'stopof.describe': '各対の差の 95% CI の半幅 ≤ {pp} pp、各バリアント自身の率は待たない（バリアントごとに最小 {minGames}、最大 {maxGames} ゲーム）',
};
