/**
 * Messages of area `benchRef.*` (issue 26): the column headers of `bench --reference`'s table, one message per
 * column so that the table can pad every column to its header's display width in either language.
 */
export const en = {
  'benchRef.engagement': 'engagement',
  'benchRef.cGamesPerS': 'C games/s',
  'benchRef.pythonGamesPerS': 'Python games/s',
  'benchRef.toolGamesPerS': 'balance-lab games/s (1 worker)',
  'benchRef.vsC': 'balance-lab ÷ C',
  'benchRef.vsPython': 'balance-lab ÷ Python',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'benchRef.engagement': '交戦',
  'benchRef.cGamesPerS': 'C ゲーム/秒',
  'benchRef.pythonGamesPerS': 'Python ゲーム/秒',
  'benchRef.toolGamesPerS': 'balance-lab ゲーム/秒（ワーカー 1）',
  'benchRef.vsC': 'balance-lab ÷ C（倍）',
  'benchRef.vsPython': 'balance-lab ÷ Python（倍）',
};
