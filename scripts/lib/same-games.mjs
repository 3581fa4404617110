/**
 * Issue 44's game-by-game comparison of two runners of one variant (the general and the specialised), shared by
 * scripts/specialise-diff.mjs (on dist/) and the web worker bundle's check (tests/helpers/web-specialise-entry.ts):
 * games 0…n−1 on the run's dice streams, every record compared (rates, values, series, controls, dice drawn).
 * `lib` holds the engine's own GameRecord, RngDice and stream tags (each caller's copy of the modules).
 * Returns null when every game is identical, else where the first differs.
 */
export function firstDifference(lib, seed, spec, general, specialised, n) {
  const same = (a, b) => a.length === b.length && Array.prototype.every.call(a, (x, i) => Object.is(x, b[i]));
  const runners = [general, specialised];
  const recs = runners.map(() => new lib.GameRecord(spec));
  const dice = [new lib.RngDice(), new lib.RngDice()], pdice = [new lib.RngDice(), new lib.RngDice()];
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 2; k++) {
      dice[k].resetStream(seed, i, lib.STREAM_DICE);
      pdice[k].resetStream(seed, i, lib.STREAM_POLICY);
      recs[k].clear();
      runners[k].play(dice[k], pdice[k], recs[k], null);
    }
    const [a, b] = recs;
    const where = !same(a.rates, b.rates) ? 'rates' : !same(a.values, b.values) ? 'values' : !same(a.series, b.series) ? 'series'
      : !same(a.controls, b.controls) ? 'controls' : dice[0].draws !== dice[1].draws || pdice[0].draws !== pdice[1].draws ? 'dice drawn' : null;
    if (where) return `game ${i}: ${where} differ`;
  }
  return null;
}
