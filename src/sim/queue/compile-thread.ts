/**
 * Worker-thread entry (dist/sim/queue/compile-thread.js): compiles a queue job's experiment away from the worker
 * process (issue 29 items 1–3). The job's text is untrusted; compiling it in a throw-away isolate with a memory limit
 * and a time limit (sim/queue/compile.ts) means a hostile or broken experiment can neither crash the worker process nor
 * leave anything behind in it (a polluted prototype dies with the isolate). Scenario files are read only from the
 * worker's scenario roots and builtin: (`access`). A refusal names where (file, line, YAML path) and what, never a
 * file's contents.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileExperiment } from '../experiment/load.js';
import { InputError } from '../input/input-error.js';
import { Source } from '../input/schema.js';
import { t } from '../../i18n/t.js';
import { setLang, type Lang } from '../../i18n/lang.js';
import type { CompileReply, CompileRequest } from './compile.js';
import { installNodePlatform } from '../../node/platform.js';

installNodePlatform(); // a thread of its own: the loader's files, paths and hashing (sim/core/platform.ts)

function reply(req: CompileRequest): CompileReply {
  try {
    const src = Source.parse(req.file, req.text, req.access);
    let exp = compileExperiment(src, req.overrides);
    if (req.exact) exp = { ...exp, seed: req.exact.seed, stop: req.exact.stop };
    return { ok: exp };
  } catch (err) {
    if (err instanceof InputError) {
      const where = `${err.file}${err.line !== undefined ? `:${err.line}` : ''}${err.path ? ` ${err.path}` : ''}`;
      // The job's own text may be quoted back; a message about another file is shown as its catalogue template only.
      const own = err.file === req.file;
      const problem = own ? err.problem : err.problemMsg ? t(err.problemMsg.id) : t('queue.invalidFile');
      return { refused: { where, problem: problem.length > 300 ? `${problem.slice(0, 300)}…` : problem } };
    }
    return { crashed: err instanceof Error ? err.name : 'error' };
  }
}

const req = workerData as CompileRequest;
setLang(req.lang as Lang);
parentPort!.postMessage(reply(req));
