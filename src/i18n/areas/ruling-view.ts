/**
 * Messages of area `rulingView.*` (issue 26): how a report shows a ruling choice that one variant made on its own.
 * run.json keeps the choice as the engine wrote it (`<choice> (variant <name> only)`).
 */
export const en = {
  'rulingView.variantOnly': '{choice} (variant {variant} only)',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'rulingView.variantOnly': '{choice}（バリアント {variant} のみ）',
};
