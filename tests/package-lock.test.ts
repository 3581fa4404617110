// `npm install` must leave package-lock.json as committed (issue 42 item 8): npm rewrites the lock's root entry
// from package.json, so every field it copies — name, version, license, bin, engines and the dependency lists —
// must already agree (the lock said "UNLICENSED" where package.json says MIT, and npm install rewrote it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('package-lock.json agrees with package.json', () => {
  it('the root entry is what npm would write from package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { name: string; version: string; packages: Record<string, Record<string, unknown>> };
    const root = lock.packages[''];
    expect([lock.name, lock.version]).toEqual([pkg.name, pkg.version]);
    for (const k of ['name', 'version', 'license', 'bin', 'engines', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) expect(root[k], k).toEqual(pkg[k]);
    // Every pinned dependency is locked at exactly its version.
    for (const [name, v] of Object.entries({ ...(pkg.dependencies as object), ...(pkg.devDependencies as object) } as Record<string, string>)) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(v);
    }
  });
});
