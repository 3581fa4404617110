// The web app's draft panel (issue 42 item 6): "open in the editor" puts the drafted block into the designer's
// Markdown — at its end, or in place of the block it already has — so the file holds exactly one block, the drafted
// one, with his prose around it unchanged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withBlock } from '../web/src/draft-view.js';
import { draftScenario } from '../src/rules/urban-assault/scenario/draft.js';
import { findBlock } from '../src/rules/urban-assault/scenario/markdown.js';
import { InputError } from '../src/sim/input/input-error.js';
import { setLang } from '../src/i18n/lang.js';

const SAMPLE = 'tests/fixtures/markdown/draft-sample.md';
const md = readFileSync(SAMPLE, 'utf8');
setLang('en');
const block = draftScenario(SAMPLE, md).yaml;
const lines = (s: string) => s.split('\n');

describe('withBlock', () => {
  it('appends the block to a Markdown that has none, the prose unchanged', () => {
    const out = withBlock('s.md', md, block);
    expect(out.startsWith(md.replace(/\s*$/, ''))).toBe(true);
    expect(out.endsWith(block)).toBe(true);
    const place = findBlock('s.md', lines(out))!;
    expect(lines(out).slice(place.open - 1, place.close).join('\n')).toBe(block.replace(/\n$/, ''));
  });

  it('replaces the block a Markdown already has (one block, the drafted one)', () => {
    const had = `# t\n\nprose before\n\n\`\`\`yaml balance-lab\nmap: d66\n\`\`\`\n\nprose after\n`;
    const out = withBlock('s.md', had, block);
    expect(out).toBe(`# t\n\nprose before\n\n${block}\nprose after\n`);
    const place = findBlock('s.md', lines(out))!;
    expect(lines(out).slice(place.open - 1, place.close).join('\n')).toBe(block.replace(/\n$/, ''));
  });

  it('an unclosed block is one InputError naming the file', () => {
    expect(() => withBlock('mine.md', '```yaml balance-lab\nmap: d33\n', block)).toThrow(InputError);
    expect(() => withBlock('mine.md', '```yaml balance-lab\nmap: d33\n', block)).toThrow(/mine\.md/);
  });
});
