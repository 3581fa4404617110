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
  'cv.reportLine': 'CIs narrowed by control variates ({ids}): variance of {metric} {ratios} of the raw one{paired}. Each game\'s outcome has the luck of its dice (a sum whose average is exactly 0) subtracted in a fitted amount, so the estimate stays unbiased and only the interval narrows.',
  'cv.reportPaired': ', of its paired differences {ratios}',
  'cv.reportNone': 'Control variates ({ids}) requested, but too few games were played to fit them: the intervals are the raw ones.',
  'cv.metaTitle': 'Control variates',
  'cv.luckShare': 'Luck share of {metric}: {shares}. That share of how much {metric} varies from game to game is explained by the luck of the dice as the engine\'s luck terms (the control variates) measure it; the rest comes from what those terms do not see (the choices, the position, luck they miss), so the whole part of luck is at least this. 0% would mean the dice do not decide it, 100% that nothing else does.',
  'cv.luckShareOne': '{variant} {share}',
  'cv.luckShareSep': ', ',
  'cv.luckShareRange': '{lo}–{hi} over {n} variants',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'cv.noControls': 'エンジン {engine} は制御変量を出力しません。control_variates: true は制御変量を出力するエンジンでのみ使えます',
  'cv.enginesWith': '制御変量を出力するエンジン: {engines}',
  'cv.noEngineYet': '制御変量を出力するエンジンはまだありません',
  'cv.notPlayedBy': 'control_variates: true は {section}: では適用されません（その探索は補正前の区間で比べます）',
  'cv.removeKeyOr': 'control_variates: false にするか、{section}: を外してください',
  'cv.reportLine': '信頼区間は制御変量（{ids}）で狭めています。{metric}の分散は補正前の {ratios} 倍{paired}です。各ゲームの結果から、そのゲームのダイスの運（平均がちょうど0になる和）を当てはめた係数だけ差し引くので、推定は偏らず区間だけが狭まります。',
  'cv.reportPaired': '、基準との対応差の分散は {ratios} 倍',
  'cv.reportNone': '制御変量（{ids}）を指定しましたが、当てはめるにはゲーム数が少なすぎるため、区間は補正前のままです。',
  'cv.metaTitle': '制御変量',
  'cv.luckShare': '運の割合（{metric}）：{shares}。{metric}がゲームごとにばらつく度合いのうち、この割合は、エンジンの運の項（制御変量）が測るダイスの運で説明できます。残りはその項が捉えないもの（選択、配置、項が見逃す運）によるので、運が占める本当の割合はこれ以上です。0% ならダイスでは決まらず、100% ならダイス以外では決まらないという意味です。',
  'cv.luckShareOne': '{variant}：{share}',
  'cv.luckShareSep': '、',
  'cv.luckShareRange': '{n} バリアントで {lo}〜{hi}',
};
