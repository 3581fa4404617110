// The repository's files in the published web app (issue 42): app/site-files.js written by the Action. The script
// must carry any file name and text intact, never let one close its <script> element or break a line of JavaScript,
// never treat a path as an object key, keep links and packages out, and stay under its size bound.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { isSitePath, readSiteFiles, scriptSafeJson, siteFilesScript, type SiteFiles } from '../src/report/site/site-files.js';
import { boundedSiteScript, collectSiteFiles } from '../src/action/site-files.js';

const HOSTILE = '</script><script>alert(1)</script>\u2028\u2029<!-- & > "\'\\ `${x}` \u0000 終わり';

/** Run the script as a page would and return what it set. */
function load(script: string): unknown {
  const self: { BL_SITE_FILES?: unknown } = {};
  runInNewContext(script, { self });
  return self.BL_SITE_FILES;
}

describe('site-files.js', () => {
  const site: SiteFiles = {
    experiments: ['experiments/a.yaml'],
    files: [['experiments/a.yaml', HOSTILE], ['scenarios/</script>.md', 'x'], ['__proto__', 'y'], ['constructor', HOSTILE]],
  };
  const script = siteFilesScript(site);

  it('holds no character that could close the script element or end a line of the script', () => {
    expect(script).not.toMatch(/[<>&\u2028\u2029]/);
    expect(script.trimEnd().split('\n')).toHaveLength(1);
    expect(scriptSafeJson('<\u2028>')).toBe('"\\u003c\\u2028\\u003e"');
  });

  it('gives back every name and text intact, a path such as __proto__ as an ordinary one', () => {
    const got = readSiteFiles(load(script));
    expect(got.files).toEqual(site.files);
    expect(got.experiments).toEqual(['experiments/a.yaml']);
    expect(Object.getPrototypeOf(new Map(got.files).get('__proto__'))).toBe(String.prototype);
  });

  it('the reader drops anything malformed: absent global, wrong shapes, unsafe paths, experiments with no file', () => {
    expect(readSiteFiles(undefined)).toEqual({ experiments: [], files: [] });
    expect(readSiteFiles('x')).toEqual({ experiments: [], files: [] });
    const got = readSiteFiles({ experiments: ['b.yaml', 7, 'gone.yaml'], files: [['b.yaml', 'ok'], ['../up.yaml', 'x'], ['/abs.yaml', 'x'], ['a/.git/config', 'x'], ['a\\b', 'x'], ['c', 1], ['d'], 'e'] });
    expect(got).toEqual({ experiments: ['b.yaml'], files: [['b.yaml', 'ok']] });
    expect(isSitePath('scenarios/港湾.md')).toBe(true);
    expect(isSitePath('a//b')).toBe(false);
    expect(isSitePath('a\nb')).toBe(false);
  });
});

describe('collecting the repository files', () => {
  const ws = mkdtempSync(join(tmpdir(), 'balance-lab-site-'));
  const outside = mkdtempSync(join(tmpdir(), 'balance-lab-site-outside-'));
  afterAll(() => { rmSync(ws, { recursive: true, force: true }); rmSync(outside, { recursive: true, force: true }); });
  const put = (rel: string, text: string) => { mkdirSync(join(ws, rel, '..'), { recursive: true }); writeFileSync(join(ws, rel), text); };
  put('experiments/a.yaml', 'name: a\n');
  put('experiments/b.yaml', 'name: b\n');
  put('scenarios/starter-port.yaml', 'scenario: s\n');
  put('scenarios/urban-assault/港湾.md', '# 港湾\n');
  put('scenarios/notes.txt', 'not a scenario');
  put('rulesets/mine.yaml', 'version: mine\n');
  put('results/baselines/a.json', '{}');
  put('results/baselines/.gitkeep', '');
  put('results/a/run.json', '{}');
  put('d33_tutorial.md', '```yaml balance-lab\n```\n');
  put('README.md', 'not referenced');
  put('node_modules/balance-lab/scenarios/x.yaml', 'package');
  writeFileSync(join(outside, 'secret.yaml'), 'token: 1');
  symlinkSync(join(outside, 'secret.yaml'), join(ws, 'scenarios', 'linked.yaml'));
  symlinkSync(outside, join(ws, 'scenarios', 'linked-dir'));

  it('takes the experiments, the scenarios they read, scenarios/, rulesets/ and the baselines; no link, no package, nothing else', () => {
    const site = collectSiteFiles(ws, ['experiments/a.yaml', 'experiments/missing.yaml'], ['d33_tutorial.md', 'node_modules/balance-lab/scenarios/x.yaml', 'scenarios/linked-dir/secret.yaml']);
    expect(site.files.map(([p]) => p)).toEqual([
      'd33_tutorial.md', 'experiments/a.yaml', 'results/baselines/a.json', 'rulesets/mine.yaml', 'scenarios/starter-port.yaml', 'scenarios/urban-assault/港湾.md',
    ]);
    expect(site.experiments).toEqual(['experiments/a.yaml']);
    expect(JSON.stringify(site)).not.toContain('token');
  });

  it('refuses a script over its bound, giving its size', () => {
    const site = collectSiteFiles(ws, ['experiments/a.yaml']);
    const ok = boundedSiteScript(site);
    expect('script' in ok && load(ok.script)).toBeTruthy();
    const big = boundedSiteScript({ experiments: [], files: [['scenarios/big.md', 'あ'.repeat(2000)]] }, 4000);
    expect(big).toEqual({ tooBig: siteFilesScript({ experiments: [], files: [['scenarios/big.md', 'あ'.repeat(2000)]] }).length + 4000 });
  });
});
