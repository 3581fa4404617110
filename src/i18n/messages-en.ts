/**
 * The English message catalogue: the union of every area file in ./areas/.
 * Each area file exports `en` and `ja` with the same ids (its `ja` type
 * enforces it); tests/i18n-catalogue.test.ts checks that the `{placeholders}`
 * agree and that no id is defined by two areas. To add an area: write
 * areas/<area>.ts and add it to AREAS here and in messages-ja.ts.
 * Ids are dotted by area: `input.*` validation, `cli.*` the command line, …
 */
import * as input from './areas/input.js';
import * as cli from './areas/cli.js';
import * as exp from './areas/experiment.js';
import * as solve from './areas/solve.js';
import * as run from './areas/run.js';
import * as check from './areas/check.js';
import * as uaCompile from './areas/ua-compile.js';
import * as uaScenario from './areas/ua-scenario.js';
import * as robotCompile from './areas/robot-compile.js';
import * as ifCompile from './areas/if-compile.js';
import * as aamCompile from './areas/aam-compile.js';
import * as lockeCompile from './areas/locke-compile.js';
import * as security from './areas/security.js';
import * as queue from './areas/queue.js';
import * as table from './areas/table.js';
import * as markdown from './areas/markdown.js';
import * as targets from './areas/targets.js';
import * as web from './areas/web.js';
import * as aamforce from './areas/aamforce.js';
import * as action from './areas/action.js';
import * as init from './areas/init.js';
import * as report from './areas/report.js';
import * as cv from './areas/cv.js';
import * as uaver from './areas/uaver.js';
import * as uatwo from './areas/ua-two.js';
import * as audit from './areas/audit.js';
import * as rsReplay from './areas/rs-replay.js';
import * as uaFormat from './areas/ua-format.js';
import * as uaDice from './areas/ua-dice.js';
import * as uaLogCombat from './areas/ua-log-combat.js';
import * as uaLogOperation from './areas/ua-log-operation.js';
import * as uaLogV101 from './areas/ua-log-v101.js';
import * as aamReplay from './areas/aam-replay.js';
import * as lkReplay from './areas/lk-replay.js';
import * as pagesApp from './areas/pages-app.js';
import * as checkver from './areas/checkver.js';
import * as uaadd from './areas/uaadd.js';
import * as ifReplay from './areas/if-replay.js';
import * as reportData from './areas/report-data.js';
import * as uaRulings from './areas/ua-rulings.js';
import * as cliParse from './areas/cli-parse.js';
import * as checkq from './areas/check-queue.js';
import * as chart from './areas/chart.js';
import * as uaState from './areas/ua-state.js';
import * as pairref from './areas/pairref.js';
import * as stopof from './areas/stopof.js';
import * as benchest from './areas/bench-est.js';
import * as impact from './areas/impact.js';
import * as hostile from './areas/hostile.js';
import * as draft from './areas/draft.js';
import { LANG_AREAS } from './areas-lang.js';

/** Every area, in one list (messages-ja.ts reads the same list). */
export const AREAS = [input, cli, exp, solve, run, check, uaCompile, uaScenario, robotCompile, ifCompile, aamCompile, lockeCompile, security, table, markdown, targets, web, aamforce, action, init, report, queue, uaver, audit, rsReplay, uaFormat, uaLogCombat, uaLogOperation, uaLogV101, aamReplay, lkReplay, pagesApp, checkver, ifReplay, reportData, uaRulings, chart, uaState, uaDice, cliParse, checkq, uaadd, cv, pairref, stopof, benchest, impact, hostile, draft, uatwo, ...LANG_AREAS] as const;

type Union<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
type AreaEn = Union<(typeof AREAS)[number]['en']>;

export const en = Object.assign({}, ...AREAS.map((a) => a.en)) as AreaEn;

/** A message id. */
export type MessageId = keyof AreaEn;
