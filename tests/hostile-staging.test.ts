// Issue 39 item 9: the staging journal is never written through a symlink another local user planted: the staging
// folder is created with mode 0700 and must be a real folder of this user; the journal is created exclusively with
// O_NOFOLLOW after whatever stood at its name is removed.
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalPath, RunJournal, type JournalIdentity } from '../src/sim/run/journal.js';
import { InputError } from '../src/sim/input/input-error.js';
import { setLang } from '../src/i18n/lang.js';

const root = mkdtempSync(join(tmpdir(), 'balance-lab-staging-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ID = { format: 'balance-lab-journal', formatVersion: 1, experimentHash: 'e', compiledHash: 'c', packageVersion: '0', seed: 1, stop: { kind: 'games', games: 10 }, chunk: 10, variants: ['a'] } as unknown as JournalIdentity;

describe('staging files are opened without following symlinks (item 9)', () => {
  it('a journal planted as a symlink to a victim file: the victim is untouched, the journal is a new ordinary file', () => {
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const file = journalPath(join(root, 'a', 'out'));
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    symlinkSync(victim, file);
    const j = RunJournal.open(file, ID, false);
    j.close();
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, 'utf8')).toMatch(/balance-lab-journal/);
  });

  it('a staging folder planted as a symlink to another folder is refused (nothing written there); a new one is 0700', () => {
    setLang('en');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    const file = journalPath(join(root, 'b', 'out'));
    mkdirSync(dirname(dirname(file)), { recursive: true });
    symlinkSync(elsewhere, dirname(file));
    expect(() => RunJournal.open(file, ID, false)).toThrow(InputError);
    expect(() => RunJournal.open(file, ID, false)).toThrow(/symlink or not this user's own/);
    expect(() => statSync(join(elsewhere, 'journal.ndjson'))).toThrow();
    const fresh = journalPath(join(root, 'c', 'out'));
    RunJournal.open(fresh, ID, false).close();
    expect(statSync(dirname(fresh)).mode & 0o777).toBe(0o700);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  });
});
