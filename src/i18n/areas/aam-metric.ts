/**
 * Messages of area `aamMetric.*` (issue 26): the Axis & Allies Miniatures engine's metric labels in the reader's
 * language. The English is the engine's own text (src/rules/axis-allies-miniatures/engine.ts); src/sim/core/metric-text.ts
 * matches a label against it. The sides are 青 and 赤 as in the replay.
 */
export const en = {
  'aamMetric.win': 'Blue win rate',
  'aamMetric.loss': 'Red win rate',
  'aamMetric.draw': 'Draw rate',
  'aamMetric.objectiveWin': 'Blue wins by the objective',
  'aamMetric.initiativeT1': 'Blue won the turn-1 initiative',
  'aamMetric.turns': 'Turns played',
  'aamMetric.bluePointsLost': 'Blue points lost',
  'aamMetric.redPointsLost': 'Red points lost',
  'aamMetric.blueUnitsLeft': 'Blue units left',
  'aamMetric.redUnitsLeft': 'Red units left',
  'aamMetric.blueFirstTurns': 'Turns Blue went first',
  'aamMetric.blueInitiatives': 'Initiatives Blue won',
  'aamMetric.series': 'Attrition by turn (end of turn)',
  'aamMetric.blueUnits': 'Blue units',
  'aamMetric.redUnits': 'Red units',
  'aamMetric.bluePoints': 'Blue points',
  'aamMetric.redPoints': 'Red points',
  'aamMetric.groupBattle': 'battle',
  // The cost unit of the experiment's variants (report and table headers; cost-effectiveness.csv keeps it).
  'aamMetric.unitPoints': 'points',
};

export const ja: Record<keyof typeof en, string> = {
  'aamMetric.win': '青の勝率',
  'aamMetric.loss': '赤の勝率',
  'aamMetric.draw': '引き分け率',
  'aamMetric.objectiveWin': '目標物による青の勝利',
  'aamMetric.initiativeT1': '青が第 1 ターンのイニシアチブを獲得',
  'aamMetric.turns': 'ターン数',
  'aamMetric.bluePointsLost': '青が失った点数',
  'aamMetric.redPointsLost': '赤が失った点数',
  'aamMetric.blueUnitsLeft': '青の残りユニット数',
  'aamMetric.redUnitsLeft': '赤の残りユニット数',
  'aamMetric.blueFirstTurns': '青が先に動いたターン数',
  'aamMetric.blueInitiatives': '青が獲得したイニシアチブの数',
  'aamMetric.series': 'ターンごとの消耗（ターン終了時）',
  'aamMetric.blueUnits': '青のユニット数',
  'aamMetric.redUnits': '赤のユニット数',
  'aamMetric.bluePoints': '青の点数',
  'aamMetric.redPoints': '赤の点数',
  'aamMetric.groupBattle': '戦闘',
  'aamMetric.unitPoints': '点',
};
