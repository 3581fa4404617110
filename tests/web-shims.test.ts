// The web app runs the CLI's core on the browser's platform (web/src/platform.ts; issue 37 item 3): its bundle imports
// no Node built-in and aliases none, and the only stand-in left is web/shims/buffer.ts, for a third-party library, with
// its reason beside it. The platform's parts answer as Node's do: the experiment hash is the CLI's (sha256 of the
// UTF-8 text, Japanese included), POSIX paths resolve like node:path, and the in-memory tree reads like the disk.
import { createHash } from 'node:crypto';
import * as nodePath from 'node:path';
import { readFileSync } from 'node:fs';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { WEB_SHIMS, webBuildOptions } from '../scripts/build-web.mjs';
import { sha256Text } from '../web/src/sha256.js';
import * as webPath from '../web/src/posix-path.js';
import { fileText, folderProblem, listFolder, putFile, readBounded, realpath } from '../web/src/memory-tree.js';

const root = process.cwd();

/** The metafile of the web app's bundle (the app with its engine worker), built as `npm run build:web` builds it. */
async function webMetafile(entries = ['web/src/app.ts', 'web/src/worker.ts']): Promise<Metafile> {
  const r = await build({ ...webBuildOptions(root), entryPoints: entries.map((e) => nodePath.join(root, e)), outdir: nodePath.join(root, 'dist-web-test'), write: false, metafile: true, logLevel: 'silent' });
  return r.metafile;
}

/** The absolute paths of the injected stand-ins. */
const injected = new Set(WEB_SHIMS.map((f) => nodePath.join(root, f)));

/** What in a bundle stands in for Node: a node: import or an external one, an input from a Node-only package or from web/shims/. */
function nodeLeftovers(meta: Metafile): string[] {
  const out: string[] = [];
  for (const [file, input] of Object.entries(meta.inputs)) {
    if (/^node:|^(node_modules\/)?(piscina|vega|vega-lite|vega-embed)\//.test(file)) out.push(file);
    if (file.startsWith('web/shims/') && !WEB_SHIMS.includes(file)) out.push(file);
    for (const imp of input.imports) {
      if (injected.has(imp.path)) continue; // esbuild lists the injected stand-in as an external import of every file
      // An external relative path is an import esbuild erased (only types); an external bare name was left unresolved.
      if (imp.path.startsWith('node:') || (imp.external && !imp.path.startsWith('.'))) out.push(`${file} -> ${imp.path}`);
    }
  }
  return out;
}

describe('the web bundle needs no Node shim (issue 37 item 3)', () => {
  it('builds the app and its worker from the core with no node: import, no alias and no Node-only package', async () => {
    expect(webBuildOptions(root).alias).toBeUndefined();
    const meta = await webMetafile();
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain('src/sim/experiment/load.ts'); // the CLI's loader, run driver and report data, unchanged
    expect(inputs).toContain('src/sim/run/run.ts');
    expect(inputs).toContain('src/report/html/data.ts');
    expect(inputs).toContain('src/rules/urban-assault/scenario/draft.ts'); // `balance-lab draft`'s core (issue 42 item 6)
    expect(inputs).toContain('src/check/drift.ts'); // check's drift warnings, read from the same baseline parser
    expect(inputs).toContain('src/check/baseline-parse.ts');
    expect(nodeLeftovers(meta)).toEqual([]);
    expect(inputs.filter((f) => f.startsWith('web/shims/'))).toEqual([...WEB_SHIMS]);
  });

  it('keeps only stand-ins for third-party libraries, each with its reason written beside it', () => {
    expect(WEB_SHIMS).toEqual(['web/shims/buffer.ts']);
    const text = readFileSync(nodePath.join(root, 'web/shims/buffer.ts'), 'utf8');
    expect(text).toMatch(/csv-stringify/);
  });

  it('fails on a core module that reaches for Node (the check can fail)', async () => {
    await expect(build({ ...webBuildOptions(root), entryPoints: [nodePath.join(root, 'src/node/package-root.ts')], write: false, logLevel: 'silent' })).rejects.toThrow(/node:/);
    expect(nodeLeftovers({ inputs: { 'src/x.ts': { bytes: 1, imports: [{ path: 'node:fs', kind: 'import-statement', external: true }] } }, outputs: {} })).toEqual(['src/x.ts -> node:fs']);
  });
});

describe("the browser platform's parts answer as Node's do", () => {
  it('sha256 equals node:crypto for ASCII, Japanese and block-boundary lengths', () => {
    const texts = ['', 'abc', '軍票と弾倉　全角', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'é'.repeat(1000)];
    for (const s of texts) expect(sha256Text(s)).toBe(createHash('sha256').update(s).digest('hex'));
  });

  it('paths resolve like node:path (POSIX) under the working folder /pkg', () => {
    const cases: [string, string][] = [['experiments', '../scenarios/urban-assault/x.yaml'], ['/pkg/experiments/', './a/../b.yaml'], ['a/b', '../../..']];
    for (const [a, b] of cases) expect(webPath.join(a, b)).toBe(nodePath.posix.join(a, b));
    expect(webPath.resolve('experiments/x.yaml')).toBe('/pkg/experiments/x.yaml');
    expect(webPath.dirname('experiments/x.yaml')).toBe('experiments');
    expect(webPath.basename('/pkg/experiments/x.yaml')).toBe('x.yaml');
    expect(webPath.relative('/pkg/scenarios', '/pkg/scenarios/g/a.yaml')).toBe(nodePath.posix.relative('/pkg/scenarios', '/pkg/scenarios/g/a.yaml'));
    expect(webPath.isAbsolute('/a')).toBe(true);
  });

  it('the file tree reads relative and absolute paths alike, lists folders and refuses as the disk does', () => {
    putFile('scenarios/g/a.yaml', 'A');
    putFile('/pkg/scenarios/g/b.yaml', 'B軍');
    expect(fileText('/pkg/scenarios/g/a.yaml')).toBe('A');
    expect(readBounded('scenarios/g/b.yaml', 100)).toEqual({ text: 'B軍' });
    expect(readBounded('scenarios/g/b.yaml', 3)).toEqual({ refused: 'tooBig' }); // 4 UTF-8 bytes
    expect(readBounded('scenarios/g', 100)).toEqual({ refused: 'folder' });
    expect(readBounded('nope.yaml', 100)).toEqual({ refused: 'cannotOpen', code: 'ENOENT' });
    expect(listFolder('/pkg/scenarios/g')).toEqual(['a.yaml', 'b.yaml']);
    expect(listFolder('scenarios/none')).toBeNull();
    expect(realpath('scenarios/g')).toBe('/pkg/scenarios/g');
    expect(realpath('scenarios/g/c.yaml')).toBeNull();
    expect([folderProblem('scenarios/g'), folderProblem('scenarios/g/a.yaml'), folderProblem('x')]).toEqual([null, 'ENOTDIR', 'ENOENT']);
  });
});
