/**
 * Messages of area `initTpl.*` (issue 26): comments `balance-lab init` writes into the starter files themselves
 * (the starter experiments' own Japanese copies are in templates/init/ja/). Each text is YAML comment lines.
 */
export const en = {
  'initTpl.starterScenario': '# Starter scenario, written by `balance-lab init`: a copy of the shipped training scenario 01\n' +
    '# (builtin:tutorial-01-port) to edit into your own. Check it with\n' +
    '#   npx balance-lab validate scenarios/starter-port.yaml\n' +
    '# Format reference: node_modules/balance-lab/docs/scenarios/urban-assault.md',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'initTpl.starterScenario': '# スターターシナリオ。`balance-lab init` が書きました: 同梱の訓練シナリオ 01\n' +
    '# （builtin:tutorial-01-port）の写しです。書き換えてあなたのシナリオにしてください。検査するには\n' +
    '#   npx balance-lab validate scenarios/starter-port.yaml\n' +
    '# 書式の説明: node_modules/balance-lab/docs/scenarios/urban-assault.md',
};
