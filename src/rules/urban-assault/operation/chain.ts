/**
 * A chain of scenarios (issue 28 item 7, ruling UA-R134): the squad plays the experiment's `operation.after`
 * scenarios in order, each starting from the previous one's end state (operation.ts carryIn), then the measured
 * scenario, whose outputs are the game's. A leader who falls in an earlier scenario ends the chain there: the measured
 * scenario is not played (not cleared, leader down) and the rate `fell_before` says so. The outpost trilogy's 第3部
 * 「初期弾倉：前シナリオ残量引き継ぎ」 is the case: `after: [part-2.yaml]` and part 3's `rules.carry_over.magazines`.
 */
import type { Dice } from '../../../sim/core/dice.js';
import { GameRecord, type GameLog, type MetricSpec } from '../../../sim/core/types.js';
import type { GauntletDef, SquadDef } from '../config.js';
import type { UaPolicy } from '../decisions.js';
import type { RulingSettings } from '../catalogue/rulings.js';
import { END_LEADER_DOWN } from '../combat/state.js';
import { UaOperation } from './operation.js';

/** Where the chain's own outputs sit: the last rate and the last value of the measured scenario's layout. */
export interface ChainOutputs {
  readonly fellBefore: number;
  readonly magazinesAtStart: number;
}

export class UaChain extends UaOperation {
  private readonly before: UaOperation[];
  private readonly records: GameRecord[];

  /**
   * `squads[k]` plays `g.operation.after[k]` (compiled for its starting magazines); `specs[k]` is that scenario's
   * operation metrics (its outputs are played but not reported).
   */
  constructor(g: GauntletDef, squad: SquadDef, policy: UaPolicy, rulings: RulingSettings, squads: readonly SquadDef[], specs: readonly MetricSpec[], private readonly out: ChainOutputs) {
    super(g, squad, policy, rulings);
    const op = g.operation!;
    this.before = op.after!.map((a, k) => new UaOperation({ ...g, startingMagazines: a.scenario.startingMagazines[op.difficulty], attackersCap: a.scenario.attackersCap, operation: chainStep(g, k) }, squads[k], policy, rulings));
    this.records = specs.map((s) => new GameRecord(s));
    for (let k = 1; k < this.before.length; k++) this.before[k].carryFrom = this.before[k - 1];
    this.carryFrom = this.before.length > 0 ? this.before[this.before.length - 1] : null;
  }

  override play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    for (let k = 0; k < this.before.length; k++) {
      const r = this.before[k];
      this.records[k].clear();
      r.play(dice, policyDice, this.records[k], log);
      if (r.s.life <= 0 || r.s.endReason === END_LEADER_DOWN) {
        if (log) this.sayLine(log, r.sc.title);
        rec.rates[this.out.fellBefore] = 1;
        return;
      }
    }
    super.play(dice, policyDice, rec, log);
    rec.values[this.out.magazinesAtStart] = this.startMagazines;
  }

  private sayLine(log: GameLog, from: string): void {
    this.log = log;
    this.sayT('uaState.chainFell', { from, to: this.sc.title });
  }
}

/** The operation of the chain's k-th earlier scenario: its own scenario, lap 1, no campaign, no chain of its own. */
function chainStep(g: GauntletDef, k: number): GauntletDef['operation'] {
  const op = g.operation!, a = op.after![k];
  return { ...op, scenario: a.scenario, scenarioFile: a.file, scenarioChanges: [], lap: 0, campaign: null, after: undefined, layout: undefined, layoutNotes: undefined };
}
