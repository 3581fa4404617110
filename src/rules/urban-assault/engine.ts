// TEMPORARY STUB so the simulation core and reports can be built in parallel.
// Replaced by the real URBAN ASSAULT engine.
import type { EngineModule, MetricSpec, GameRunner } from '../../sim/types.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../sim/experiment.js';

const spec: MetricSpec = {
  rates: [{ id: 'win', label: 'Clear rate' }, { id: 'leader_survived', label: 'Leader survived' }],
  values: [{ id: 'magazines_spent', label: 'Magazines spent', max: 40 }],
  series: {
    id: 'attrition',
    label: 'Attrition',
    steps: [0, 1, 2].map((x) => ({ id: `e1-r${x}`, group: 'e1', x })),
    vars: [{ id: 'leader_life', label: 'Leader life', max: 10 }],
  },
};

export const urbanAssault: EngineModule<{ target: number }, { bonus: number }> = {
  id: 'urban-assault',
  title: 'URBAN ASSAULT × ローグライクハーフ (stub)',
  seedFile: '004_85d4baaef948cf89.txt',
  rulesDoc: 'docs/rules/urban-assault.md',
  policies: [{ id: 'random', summary: 'uniform over legal actions', params: {} }],
  compile(root) {
    root.object([...GENERIC_KEYS, 'target']);
    const target = root.key('target').num({ default: 4, min: 1, max: 7, int: true });
    const variants = root.key('variants').list({ min: 1 }).map((c, i) => {
      c.object([...VARIANT_KEYS, 'bonus', 'cost']);
      const h = readVariantHeader(c, i);
      return { ...h, cost: c.key('cost').num({ default: 0, min: 0 }), params: { bonus: c.key('bonus').num({ default: 0, int: true }) } };
    });
    return { game: { target }, variants, rulings: [], costUnit: 'magazines' };
  },
  metrics() {
    return spec;
  },
  createRunner(game, variant): GameRunner {
    return {
      play(dice, _p, rec, log) {
        let life = 3, spent = 0;
        rec.set(0, 0, life);
        for (let r = 1; r <= 2; r++) {
          const roll = dice.d6();
          spent++;
          if (roll + variant.bonus < game.target) life--;
          rec.set(r, 0, life);
          if (log) log.line(`round ${r}: rolled ${roll}`);
        }
        rec.rates[0] = life >= 2 ? 1 : 0;
        rec.rates[1] = life > 0 ? 1 : 0;
        rec.values[0] = spent;
      },
    };
  },
  catalogue: () => [],
  benchCase: () => ({ game: { target: 4 }, variant: { bonus: 0 }, label: 'stub' }),
};
