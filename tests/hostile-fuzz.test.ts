// Issue 39 "grow the fuzz test": 2,000 seeded mutations of the input kinds added since round 1 — catalogue sections of
// experiments (hostile amounts, dice and ranges), complete ruleset files, Markdown scenarios and share-link payloads
// (flipped, cut and grown links, hostile paths and sizes). Every case is refused with a catalogue error (InputError
// or ShareLinkError) or accepted; never another error, never a case over CASE_MS, Object.prototype unchanged. Every
// text an accepted case carries (names, labels, questions, notes, paths) goes through each output sink's escaping
// (workflow-command data and properties, runner stdout, GITHUB_OUTPUT, job-summary cells and text, HTML, CSV) and the
// result is checked: no raw line break or control character where a sink is one line, no line the runner would read
// as a command, no raw tag, no formula start. Deterministic: pure-rand, seed 39.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { describe, expect, it } from 'vitest';
import { Source } from '../src/sim/input/schema.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { InputError } from '../src/sim/input/input-error.js';
import { PACKAGE_ROOT } from '../src/node/package-root.js';
import { readComplete } from '../src/rules/urban-assault/catalogue/ruleset-read.js';
import { parseMarkdownScenario } from '../src/rules/urban-assault/scenario/markdown.js';
import { commandData, commandProperty, looksLikeCommand, markdownCell, markdownText, outputEntry, plainOutput } from '../src/action/escape.js';
import { escapeHtml } from '../src/report/html/escape.js';
import { neutraliseFormula } from '../src/report/files/csv.js';
import { decodeShare, encodeShare, isSharePath, ShareLinkError } from '../src/report/share-link.js';
import { mutate } from './helpers/fuzz-mutate.js';

const CASE_MS = 5000;
const PLAN = { catalogue: 600, ruleset: 400, markdown: 400, link: 600 } as const;
const TOTAL = Object.values(PLAN).reduce((a, b) => a + b, 0);
type Rng = ReturnType<typeof xoroshiro128plus>;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[uniformInt(rng, 0, xs.length - 1)];

const read = (d: string, ext: RegExp): [string, string][] => readdirSync(join(PACKAGE_ROOT, d)).filter((f) => ext.test(f)).sort().map((f) => [join(PACKAGE_ROOT, d, f), readFileSync(join(PACKAGE_ROOT, d, f), 'utf8')]);
const withCatalogue = read('experiments', /\.yaml$/).filter(([, t]) => /^catalogue:|^\s+catalogue:|loot_table|rules:/m.test(t));
const rulesets = read(join('rulesets', 'urban-assault'), /\.yaml$/);
const markdown = read(join('tests', 'fixtures', 'markdown'), /\.md$/);

/** Hostile numbers and amounts for catalogue and ruleset fields (negative, huge, fractional, dice bombs, text). */
const AMOUNTS = ['-20', '-1', '0', '999', '1000', '1e9', '0.5', '99999999999d6', '7d6', '1d6*1d6*1d6', '1d3+1000', '"2d6*5"', '1d0', '0d6', 'NaN', '.inf', '"=cmd|\' /C calc\'!A0"', '"::error::x%0A::add-mask::y"', '"a\\u2028b"', '"<img src=x onerror=alert(1)>"', '"|a|b|"', '"`x`"'];

/** Hostile text for names, labels and questions: workflow commands, Markdown, HTML, CSV formulas, line breaks. */
const TEXTS = ['"::error::pwned"', '"a%0A::add-mask::b"', '"##[error]x"', '"=1+1"', '"@SUM(A1)"', '"+cmd"', '"<script>alert(1)</script>"', '"|x|y|"', '"`code`"', '"# heading"', '"- item"', '"1. item"', '"a\\nb"', '"a\\rb"', '"![x](http://e)"', '"&amp; <b>"', '"問い: ::warning::"'];

/** Replace a number-like scalar with a hostile amount or a name/label/question with hostile text (else a general mutation). */
function mutateAmounts(rng: Rng, text: string): string {
  const lines = text.split('\n');
  const named = lines.map((l, i) => (/^\s*(?:- )?(?:name|label|question|title):\s*\S/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (named.length > 0 && uniformInt(rng, 0, 2) === 0) {
    const n = pick(rng, named);
    lines[n] = lines[n].replace(/((?:name|label|question|title):\s*).*$/, `$1${pick(rng, TEXTS)}`);
    return lines.join('\n');
  }
  const nums = lines.map((l, i) => (/:\s*-?\d/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (nums.length === 0 || uniformInt(rng, 0, 2) === 0) return mutate(rng, text).text;
  const n = pick(rng, nums);
  lines[n] = lines[n].replace(/(:\s*)(-?[\dd*+.]+)/, `$1${pick(rng, AMOUNTS)}`);
  return lines.join('\n');
}

/** Every string reachable in `value` (at most `max`). */
function strings(value: unknown, out: string[] = [], seen = new Set<unknown>(), max = 600): string[] {
  if (out.length >= max) return out;
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const v of value instanceof Map ? value.values() : Object.values(value)) strings(v, out, seen, max);
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/** The sinks' escaping of `s`, each checked; returns the problems found. */
function sinkProblems(s: string): string[] {
  const bad: string[] = [];
  if (/[\r\n]/.test(commandData(s))) bad.push('command data');
  if (/[\r\n:,]/.test(commandProperty(s))) bad.push('command property');
  const out = plainOutput(s, 'TOKEN');
  if (looksLikeCommand(s) ? !out.startsWith('::stop-commands::TOKEN\n') || !out.endsWith('\n::TOKEN::') : out !== s) bad.push('stdout');
  const entry = outputEntry('answer', s);
  if (/[\r\n]/.test(s) ? entry.split('\n').slice(1, -2).join('\n') !== s || s.includes(entry.split('\n')[0].slice('answer<<'.length)) : entry !== `answer=${s}\n`) bad.push('GITHUB_OUTPUT');
  const cell = markdownCell(s);
  if (CONTROL.test(cell) || /[\r\n\t]/.test(cell) || /(^|[^\\])[|<>`]/.test(cell)) bad.push('summary cell');
  if (/^\s*([-+*#=]|\d+[.)])/.test(markdownText(s))) bad.push('summary text');
  if (/[<>"']/.test(escapeHtml(s))) bad.push('HTML');
  if (/^[=+\-@\t\r]/.test(neutraliseFormula(s)) && Number.isNaN(Number(s))) bad.push('CSV');
  return bad;
}

async function linkCase(rng: Rng, base: string): Promise<string> {
  switch (uniformInt(rng, 0, 5)) {
    case 0: { const at = uniformInt(rng, 1, base.length - 1); return base.slice(0, at) + pick(rng, ['A', '_', '-', '0', 'z', '!', '%', '=']) + base.slice(at + 1); }
    case 1: return base.slice(0, uniformInt(rng, 0, base.length));
    case 2: return base + base.slice(1, uniformInt(rng, 1, base.length));
    case 3: {
      const file = pick(rng, ['__proto__', 'constructor', 'prototype', '../x.yaml', '/etc/passwd', 'experiments/.x.yaml', 'experiments/a\u202eb.yaml', 'experiments/x.yaml', 'scenarios/urban-assault/港湾.md', 'experiments/__proto__/x.yaml']);
      const files = uniformInt(rng, 0, 1) === 0 ? {} : { [pick(rng, ['__proto__', 'toString', 'scenarios/urban-assault/a.yaml', 'rulesets/x.yaml', 'experiments/../../x.yaml'])]: 'a: 1\n' };
      return encodeShare({ file, text: pick(rng, ['game: urban-assault\n', '::error::x\n', '<script>alert(1)</script>', 'a\n'.repeat(uniformInt(rng, 1, 60_000))]), files, command: pick(rng, ['run', 'solve', 'search'] as const) }, { compress: uniformInt(rng, 0, 1) === 0 });
    }
    case 4: {
      const raw = pick(rng, ['{"v":1,"file":"experiments/x.yaml","text":"a","command":"run","files":{"__proto__":"x"}}', '{"v":2}', 'null', '[]', '{"v":1,"file":"experiments/x.yaml","text":1,"command":"run"}', `{"v":1,"file":"experiments/x.yaml","command":"run","text":"${' '.repeat(uniformInt(rng, 1, 3) * 1024 * 1024)}"}`]);
      return `${pick(rng, ['b', 'z', 'q'])}${Buffer.from(raw).toString('base64url')}`;
    }
    default: return base;
  }
}

describe('fuzz (issue 39): catalogues, rulesets, Markdown scenarios and share links, with every sink checked', () => {
  it(`${TOTAL} mutations: a catalogue error or accepted, never an internal error or a hang; every accepted text escaped in every sink`, async () => {
    const rng = xoroshiro128plus(39);
    const protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
    const counts: Record<string, { refused: number; accepted: number }> = {};
    const internal: string[] = [];
    const unescaped: string[] = [];
    let slowest = 0, sinkChecks = 0, hostileTexts = 0;
    const links = await Promise.all(withCatalogue.slice(0, 4).map(([f, text]) => encodeShare({ file: `experiments/${f.split('/').pop()}`, text, command: 'run' })));
    const t0 = performance.now();
    for (const [kind, n] of Object.entries(PLAN) as [keyof typeof PLAN, number][]) {
      counts[kind] = { refused: 0, accepted: 0 };
      for (let i = 0; i < n; i++) {
        const start = performance.now();
        let accepted: unknown;
        try {
          if (kind === 'catalogue') { const [f, text] = pick(rng, withCatalogue); accepted = compileExperiment(Source.parse(f, mutateAmounts(rng, text))); }
          else if (kind === 'ruleset') { const [f, text] = pick(rng, rulesets); accepted = readComplete(Source.parse(f, mutateAmounts(rng, text))); }
          else if (kind === 'markdown') { const [f, text] = pick(rng, markdown); accepted = parseMarkdownScenario(f, mutate(rng, text).text); }
          else {
            const work = await decodeShare(await linkCase(rng, pick(rng, links)));
            for (const p of [work.file, ...Object.keys(work.files ?? {})]) if (!isSharePath(p)) unescaped.push(`link path ${JSON.stringify(p)}`);
            accepted = work;
          }
          counts[kind].accepted++;
        } catch (e) {
          if (e instanceof InputError || e instanceof ShareLinkError) counts[kind].refused++;
          else internal.push(`${kind} #${i}: ${(e as Error).stack ?? String(e)}`);
        }
        for (const s of strings(accepted)) {
          sinkChecks++;
          if (/::|##\[|^[=+@]|<script|\|/.test(s)) hostileTexts++;
          for (const sink of sinkProblems(s)) unescaped.push(`${kind} #${i} ${sink}: ${JSON.stringify(s.slice(0, 80))}`);
        }
        slowest = Math.max(slowest, performance.now() - start);
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`hostile fuzz: ${TOTAL} mutations in ${seconds.toFixed(1)} s (${Object.entries(counts).map(([k, c]) => `${k} ${c.refused} refused / ${c.accepted} accepted`).join(', ')}); ` +
      `${internal.length} internal errors; ${sinkChecks} texts (${hostileTexts} hostile) through 8 sinks, ${unescaped.length} unescaped; slowest case ${Math.round(slowest)} ms`);
    expect(internal, internal.slice(0, 3).join('\n\n')).toEqual([]);
    expect(unescaped.slice(0, 10)).toEqual([]);
    expect(slowest).toBeLessThan(CASE_MS);
    expect(Object.values(counts).reduce((a, c) => a + c.refused + c.accepted, 0)).toBe(TOTAL);
    for (const c of Object.values(counts)) expect(c.refused).toBeGreaterThan(0);
    expect(hostileTexts).toBeGreaterThan(100);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);
});
