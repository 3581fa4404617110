// The browser bundle's stand-ins for Node built-ins (web/shims/): the experiment hash is the CLI's (sha256 of the
// UTF-8 text, Japanese included), POSIX paths resolve like Node's, and the in-memory file tree answers the loader.
import { createHash } from 'node:crypto';
import * as nodePath from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash as webHash } from '../web/shims/crypto.js';
import * as webPath from '../web/shims/path.js';
import { existsSync, putFile, readFileSync, readdirSync } from '../web/shims/fs.js';

describe('browser shims', () => {
  it('sha256 equals node:crypto for ASCII, Japanese and block-boundary lengths', () => {
    const texts = ['', 'abc', '軍票と弾倉　全角', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'é'.repeat(1000)];
    for (const s of texts) expect(webHash('sha256').update(s).digest('hex')).toBe(createHash('sha256').update(s).digest('hex'));
  });

  it('paths resolve like node:path (POSIX) under the working folder /pkg', () => {
    const cases: [string, string][] = [['experiments', '../scenarios/urban-assault/x.yaml'], ['/pkg/experiments/', './a/../b.yaml'], ['a/b', '../../..']];
    for (const [a, b] of cases) expect(webPath.join(a, b)).toBe(nodePath.posix.join(a, b));
    expect(webPath.resolve('experiments/x.yaml')).toBe('/pkg/experiments/x.yaml');
    expect(webPath.dirname('experiments/x.yaml')).toBe('experiments');
    expect(webPath.basename('/pkg/experiments/x.yaml')).toBe('x.yaml');
    expect(webPath.isAbsolute('/a')).toBe(true);
  });

  it('the file tree reads relative and absolute paths alike and lists folders', () => {
    putFile('scenarios/g/a.yaml', 'A');
    putFile('/pkg/scenarios/g/b.yaml', 'B');
    expect(readFileSync('/pkg/scenarios/g/a.yaml')).toBe('A');
    expect(readFileSync('scenarios/g/b.yaml')).toBe('B');
    expect(readdirSync('/pkg/scenarios/g')).toEqual(['a.yaml', 'b.yaml']);
    expect(existsSync('scenarios/g')).toBe(true);
    expect(existsSync('scenarios/g/c.yaml')).toBe(false);
    expect(() => readFileSync('nope.yaml')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
