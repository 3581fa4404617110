// Error rates of the ruling-impact race (issue 43), measured on synthetic paired games with known effects, through the
// same race code the command uses (dist/sim/design/impact-race.js; build first). Each game's paired difference is +1 with
// probability up, −1 with probability down, 0 otherwise (a discordant game flips the outcome one way). For each
// setting: `reps` seeds; the share of seeds reported "clear effect", the share stopped early as under the threshold,
// and the games played against every alternative at the full target.
//   node scripts/impact-error-rate.mjs [reps]
import { raceImpact, impactLooks } from '../dist/sim/design/impact-race.js';

const reps = Number(process.argv[2] ?? 2000);
const looks = impactLooks(2000, 32000, 1000);
const threshold = 0.01;

/** A small seeded uniform generator (mulberry32): the script's results are reproducible. */
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function setting(up, down, label) {
  let clear = 0, early = 0, inert = 0, played = 0, full = 0;
  for (let seed = 1; seed <= reps; seed++) {
    const rng = mulberry32(seed * 7919 + Math.round(up * 1e6) * 31 + Math.round(down * 1e6));
    let n = 0, nu = 0, nd = 0;
    const r = await raceImpact({ alternatives: 1, threshold, confidence: 0.95, looks }, async (_alive, games) => {
      const fresh = games - n;
      // Each new game: up with probability up, down with probability down (one uniform per game).
      for (let i = 0; i < fresh; i++) { const u = rng(); if (u < up) nu++; else if (u < up + down) nd++; }
      n = games;
      return [{ n, sum: nu - nd, sumSq: nu + nd, inert: nu + nd === 0 }];
    });
    const o = r.outcomes[0];
    if (o.verdict === 'clear-effect') clear++;
    if (o.stop === 'below-threshold') early++;
    if (o.stop === 'inert') inert++;
    played += o.games;
    full += looks[looks.length - 1];
  }
  console.log(`${label}: clear effect ${(100 * clear / reps).toFixed(1)}%, stopped under the threshold ${(100 * early / reps).toFixed(1)}%, inert ${(100 * inert / reps).toFixed(1)}%, games ${(played / reps).toFixed(0)} per seed vs ${full / reps} (${(100 * (1 - played / full)).toFixed(0)}% saved)`);
}

for (const q of [0.01, 0.05, 0.1, 0.2, 0.4]) await setting(q / 2, q / 2, `no effect, ${(100 * q).toFixed(0)}% of games flip`);
for (const q of [0.05, 0.2]) await setting(q / 2 + threshold / 2, q / 2 - threshold / 2, `effect = threshold (+1 pp), ${(100 * q).toFixed(0)}% flip`);
for (const q of [0.05, 0.2]) await setting(q / 2 + threshold, q / 2 - threshold, `effect = 2 pp, ${(100 * q).toFixed(0)}% flip`);
