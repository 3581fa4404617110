/**
 * The switchable readings of URBAN ASSAULT for the ruling-impact report (issue 43): the experiment rulings
 * (rulings.ts, every entry), the ruleset procedures that are readings of one text (UA-V05, UA-V06, UA-V10, UA-V11 —
 * the other procedures select a revision's text and are not readings) and the scenario's own switches
 * (UA-R121, UA-R131, UA-R142; docs/rules/urban-assault.md, "Switching a ruling").
 *
 * Which apply (the report says so): a procedure reading of the 負傷 track only under a version with the track; the
 * night penalty's scope only on a scenario with a night penalty; the per-character XP only in a campaign; a scenario
 * switch only in an operation. The rest is measured: an alternative that changes no game is reported as such.
 */
import { rulingSwitches, type SwitchDef } from '../../../sim/core/switch-def.js';
import { UA_RULINGS } from './rulings.js';
import { PROCEDURES, type ProcedureKey } from './ruleset.js';
import type { UaVariant } from '../config.js';
import { t } from '../../../i18n/t.js';
import type { MessageId } from '../../../i18n/messages-en.js';

/** A summary's English text (the CSV and run records keep English; reports render the message). */
const en = (id: string): string => t(id as MessageId, undefined, 'en');

/** A ruleset procedure that is a reading of one text (its id, clause, and the procedure it needs to mean anything). */
interface ProcedureReading {
  readonly id: string;
  readonly clause: string;
  readonly needsTrack?: boolean;
  /** The options that are readings of one text (absent: all); under another option (a later text) it is no reading. */
  readonly options?: readonly string[];
}

/**
 * The procedures that are readings (switch between plausible readings of one text), by key. A procedure not listed
 * here selects a revision's text (負傷 track, medic, medkit, attitude after 先制攻撃, the spotter's gun). A new reading
 * added to PROCEDURES gets a row here (tests/impact-switches.test.ts checks every procedure the rules document calls
 * switchable is listed).
 */
export const PROCEDURE_READINGS: Partial<Record<ProcedureKey, ProcedureReading>> = {
  member_fumble: { id: 'UA-V05', clause: '§36 「分隊長は次のいずれかを選択できます」「負傷が3を超えることはありません」', needsTrack: true, options: ['wound-below-3', 'wound-always'] },
  wound_defence: { id: 'UA-V06', clause: '§36 「負傷2：攻撃ロール −1、防御ロール −1」', needsTrack: true },
  outnumbered_counts: { id: 'UA-V10', clause: '§35 「分隊の生存隊員が敵戦闘員数を上回っている場合」' },
  odd_attack: { id: 'UA-V11', clause: '§36 「余り1回を分隊長か分隊員のどちらが受けるかをプレイヤーが決定します」' },
};

/** The scenario switches: id, key path under the scenario, options (as written, then as a name) and the clause. */
const SCENARIO_SWITCHES = [
  { id: 'UA-R121', key: 'rules.night_attack_scope', clause: 'Black Sun 「属性：夜間 常に攻撃ロールに-1の修正を与える。」', options: ['guns', 'every'] },
  { id: 'UA-R131', key: 'operations.xp', clause: 'tutorial 01 §03 「経験点が入るの各キャラクタ最初の1回のみです。」', options: ['every', 'first_play'] },
  { id: 'UA-R142', key: 'rules.detect_options', clause: '§25 「その出目は「未発生」として扱い、d66 を振り直してください。」', options: ['reroll', 'enemy_minus_1', 'reroll+enemy_minus_1'] },
] as const;

function patchAt(key: string, value: unknown): Record<string, unknown> {
  const [a, b] = key.split('.');
  return { operation: { scenario_patch: { [a]: { [b]: value } } } };
}

/** Every switch a variant can take, with the option it plays. */
export function uaSwitches(v: UaVariant): SwitchDef[] {
  const out = rulingSwitches('uaRuling', UA_RULINGS, v.rulings as unknown as Record<string, string>);
  const rules = v.squad.rules;
  const track = rules.procedures.wounds === 'track';
  for (const key of Object.keys(PROCEDURES) as ProcedureKey[]) {
    const r = PROCEDURE_READINGS[key];
    if (!r || (r.needsTrack && !track)) continue;
    const current = rules.procedures[key] as string;
    const options = r.options ?? (PROCEDURES[key] as readonly string[]);
    if (!options.includes(current)) continue;
    const msg = (o: string) => ({ id: `impact.proc.${key}.${o}` });
    out.push({
      id: r.id, kind: 'procedure', key: `procedures.${key}`, clause: r.clause, current, currentSummary: en(msg(current).id), currentMsg: msg(current),
      alternatives: options.filter((o) => o !== current).map((o) => ({ option: o, summary: en(msg(o).id), msg: msg(o), patch: { catalogue: { procedures: { [key]: o } } } })),
    });
  }
  const op = v.operation;
  if (op) {
    const sc = op.scenario;
    const currentOf: Record<string, string | null> = {
      'UA-R121': sc.nightAttackMod !== 0 ? sc.nightAttackScope : null,
      'UA-R131': op.campaign ? (sc.xpFirstPlay ? 'first_play' : 'every') : null,
      'UA-R142': sc.detectReroll && sc.detectFewer ? 'reroll+enemy_minus_1' : sc.detectFewer ? 'enemy_minus_1' : 'reroll',
    };
    for (const s of SCENARIO_SWITCHES) {
      const current = currentOf[s.id];
      if (current === null) continue;
      const msg = (o: string) => ({ id: `impact.scen.${s.id}.${o}` });
      const value = (o: string): unknown => (s.id === 'UA-R142' ? o.split('+') : o);
      out.push({
        id: s.id, kind: 'scenario', key: s.key, clause: s.clause, current, currentSummary: en(msg(current).id), currentMsg: msg(current),
        alternatives: (s.options as readonly string[]).filter((o) => o !== current).map((o) => ({ option: o, summary: en(msg(o).id), msg: msg(o), patch: patchAt(s.key, value(o)) })),
      });
    }
  }
  return out;
}
