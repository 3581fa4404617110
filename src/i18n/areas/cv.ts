/**
 * Messages of area `cv.*` (issue 27): the experiment key `control_variates` — its validation and the report line
 * saying that the intervals were narrowed by the engine's zero-mean luck terms.
 */
export const en = {
  'cv.noControls': 'engine {engine} reports no control variates; control_variates: true is allowed only for engines that do',
  'cv.enginesWith': 'engines with control variates: {engines}',
  'cv.noEngineYet': 'no engine reports control variates yet',
  'cv.notPlayedBy': 'control_variates: true is not applied by {section}: (its race compares raw intervals)',
  'cv.removeKeyOr': 'control_variates: false, or remove the {section}: section',
  'cv.reportLine': 'CIs narrowed by control variates ({ids}): the primary rate\'s variance is {ratio} of the raw one. Each game\'s outcome has the luck of its dice (a sum whose average is exactly 0) subtracted in a fitted amount, so the estimate stays unbiased and the interval narrows.',
  'cv.reportLineNoRatio': 'CIs narrowed by control variates ({ids}) where enough games were played. Each game\'s outcome has the luck of its dice (a sum whose average is exactly 0) subtracted in a fitted amount, so the estimate stays unbiased and the interval narrows.',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'cv.noControls': 'エンジン {engine} は制御変量を出力しません。control_variates: true は制御変量を出力するエンジンでのみ使えます',
  'cv.enginesWith': '制御変量を出力するエンジン: {engines}',
  'cv.noEngineYet': '制御変量を出力するエンジンはまだありません',
  'cv.notPlayedBy': 'control_variates: true は {section}: では適用されません（その探索は補正前の区間で比べます）',
  'cv.removeKeyOr': 'control_variates: false にするか、{section}: を外してください',
  'cv.reportLine': '信頼区間は制御変量（{ids}）で狭めています。主な率の分散は補正前の {ratio} 倍です。各ゲームの結果から、そのゲームのダイスの運（平均がちょうど0になる和）を当てはめた係数だけ差し引くので、推定は偏らず区間だけが狭まります。',
  'cv.reportLineNoRatio': '信頼区間は、十分なゲーム数がある箇所で制御変量（{ids}）により狭めています。各ゲームの結果から、そのゲームのダイスの運（平均がちょうど0になる和）を当てはめた係数だけ差し引くので、推定は偏らず区間だけが狭まります。',
};
