// The web app's localStorage keys (issue 39 item 19): namespaced to the page's folder, so two sites on one origin
// (GitHub Pages of one owner) never share edits or settings; the page's own file name and query do not matter.
import { describe, expect, it } from 'vitest';
import { storageKey } from '../web/src/storage.js';

describe('storage keys', () => {
  it('differ between two sites of one origin', () => {
    expect(storageKey('/repo-a/', 'edits')).not.toBe(storageKey('/repo-b/', 'edits'));
    expect(storageKey('/repo-a/', 'edits')).toBe('balance-lab:/repo-a/:edits');
    expect(storageKey('/repo-a/app/', 'state')).toBe('balance-lab:/repo-a/app/:state');
  });

  it('are the same for a folder and its index.html, and never the old shared keys', () => {
    expect(storageKey('/repo-a/index.html', 'edits')).toBe(storageKey('/repo-a/', 'edits'));
    expect(storageKey('/', 'edits')).toBe('balance-lab:/:edits');
    for (const p of ['/', '/x/', '/x/index.html']) for (const n of ['edits', 'state'] as const) expect(storageKey(p, n)).not.toMatch(/^balance-lab\.(edits|state)$/);
  });

  it('keep a file:// page\'s folder', () => {
    expect(storageKey('/home/u/dist-web/index.html', 'edits')).toBe('balance-lab:/home/u/dist-web/:edits');
  });
});
