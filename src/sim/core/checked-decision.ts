/**
 * The generic decision check behind every engine's `testing.checkedRunner`
 * (OpenSpiel-style invariants): at a decision the state invariants hold, at
 * least one legal action is offered, none twice, and the policy answers with
 * one of them. Violations go to `report`; a decision with no legal action
 * also throws (it cannot be answered).
 */
export function checkedDecision(
  name: string,
  legal: ArrayLike<number>,
  n: number,
  problems: readonly string[],
  report: (problem: string) => void,
  choose: () => number,
  opts: { readonly duplicates?: boolean } = {},
): number {
  for (const p of problems) report(`at ${name}: ${p}`);
  if (!(n >= 1)) {
    report(`at ${name}: no legal action (n = ${n})`);
    throw new Error(`decision ${name} offered no legal action`);
  }
  if (opts.duplicates !== false) {
    for (let i = 1; i < n; i++) for (let j = 0; j < i; j++) if (legal[i] === legal[j]) report(`at ${name}: legal action ${legal[i]} offered twice`);
  }
  const a = choose();
  let ok = false;
  for (let i = 0; i < n; i++) if (legal[i] === a) ok = true;
  if (!ok) report(`at ${name}: the policy chose ${a}, not one of the ${n} legal actions [${Array.from({ length: Math.min(n, 20) }, (_, i) => legal[i]).join(', ')}${n > 20 ? ', …' : ''}]`);
  return a;
}
