/**
 * Messages of area `pairref.*` (a variant's `paired_with:`, the variant its paired difference is taken against;
 * src/sim/experiment/paired-ref.ts), in English and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'pairref.onBaseline': 'the baseline has no "paired_with": the other variants are compared with it',
  'pairref.allowedOther': 'paired_with on a non-baseline variant only',
  'pairref.itself': 'a variant cannot be paired with itself ("{name}")',
  'pairref.unknown': 'unknown variant "{name}"',
  'pairref.chain': '"{name}" is itself paired with "{next}": a reference must be the baseline or a variant without a named paired_with (no chains)',
  'pairref.allowedNoChain': 'the baseline, or a variant compared with the baseline or with nothing (paired_with absent or none)',
  'pairref.vs': 'vs {ref}',
  'pairref.noPair': 'no paired difference (paired_with: none)',
  'pairref.pairedNote': 'A variant marked “vs …” is compared with that variant instead (paired_with:), on the same games; variants with paired_with: none have no paired difference and are not listed.',
  'pairref.chartVs': '{variant} (vs {ref})',
  'pairref.tableNote': 'a difference marked "vs NAME" is taken against that variant (paired_with); "—" on a row other than the baseline = paired_with: none',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'pairref.onBaseline': '基準のバリアントには "paired_with" を書けません（ほかのバリアントが基準と比べられます）',
  'pairref.allowedOther': 'paired_with は基準以外のバリアントにだけ書けます',
  'pairref.itself': 'バリアントを自分自身（"{name}"）と対にすることはできません',
  'pairref.unknown': '"{name}" というバリアントはありません',
  'pairref.chain': '"{name}" 自身が "{next}" と対になっています。比較相手は基準か、paired_with で名前を指定していないバリアントでなければなりません（連鎖は不可）',
  'pairref.allowedNoChain': '基準、または基準と比べる（paired_with なし）か何とも比べない（paired_with: none）バリアント',
  'pairref.vs': '{ref} との差',
  'pairref.noPair': '対の差なし（paired_with: none）',
  'pairref.pairedNote': '「… との差」と書いたバリアントは、基準ではなくそのバリアントと同じゲームで比べています（paired_with:）。paired_with: none のバリアントには対の差がないため載せていません。',
  'pairref.chartVs': '{variant}（{ref} との差）',
  'pairref.tableNote': '「名前 との差」と書いた差はその名前のバリアントとの差です（paired_with）。基準以外の行の「—」は paired_with: none',
} as const;
