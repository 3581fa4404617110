/**
 * The app's draft panel (issue 42 item 6): the designer pastes or picks a scenario written to his template (.md) and
 * gets the drafted ```` ```yaml balance-lab ```` block, with a TODO comment naming the line of every item it could
 * not read. It is `balance-lab draft FILE.md` on the same core (rules/urban-assault/scenario/draft.ts). He copies the
 * block, or opens his Markdown with the block in it as a new scenario file in the editor (never over a file).
 */
import { t } from '../../src/i18n/t.js';
import { InputError } from '../../src/sim/input/input-error.js';
import { escapeHtml } from '../../src/report/html/escape.js';
import { draftScenario, type Draft } from '../../src/rules/urban-assault/scenario/draft.js';
import { findBlock } from '../../src/rules/urban-assault/scenario/markdown.js';

/** The pasted or picked Markdown, the picked file's name ('' when pasted) and whether it has been drafted. */
const input = { md: '', name: '', drafted: false };

/** The panel (closed unless a draft is shown); `render` draws it again in the current language. */
export function draftHtml(): string {
  const e = (id: Parameters<typeof t>[0]) => escapeHtml(t(id));
  return `<details id="draft"${input.drafted ? ' open' : ''}><summary>${e('web.draftTitle')}</summary>
  <p class="note">${e('web.draftHelp')}</p>
  <div class="buttons"><label class="pick">${e('web.draftPick')}<input id="draftPick" type="file" accept=".md,.markdown,.txt,text/markdown,text/plain"></label></div>
  <textarea id="draftMd" class="wrap" spellcheck="false" autocapitalize="off" autocomplete="off" rows="8" aria-label="${e('web.draftPaste')}"></textarea>
  <div class="buttons"><button type="button" id="draftGo" class="primary">${e('web.draftGo')}</button></div>
  <p id="draftStatus" class="status" role="status" aria-live="polite"></p>
  <div id="draftResult" hidden>
    <textarea id="draftOut" class="wrap" readonly spellcheck="false" rows="16"></textarea>
    <div class="buttons"><button type="button" id="draftCopy" class="small">${e('web.draftCopy')}</button>
    <button type="button" id="draftOpen" class="small">${e('web.draftOpen')}</button></div>
  </div>
</details>`;
}

/** The Markdown with the drafted block in place of its own block, or at its end when it has none (`file` names it in errors). */
export function withBlock(file: string, md: string, block: string): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const place = findBlock(file, lines);
  const blockLines = block.replace(/\n$/, '').split('\n');
  if (place) return [...lines.slice(0, place.open - 1), ...blockLines, ...lines.slice(place.close)].join('\n');
  return `${md.replace(/\s*$/, '')}\n\n${block}`;
}

/**
 * Wire the panel drawn by {@link draftHtml}. `open(text, stem)` opens `text` as a new scenario file named after
 * `stem` (the page is drawn again, saying where).
 */
export function wireDraft(open: (text: string, stem: string) => void): void {
  const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
  const md = $<HTMLTextAreaElement>('draftMd'), out = $<HTMLTextAreaElement>('draftOut');
  const say = (text: string, cls = '') => { const el = $('draftStatus'); el.textContent = text; el.className = `status ${cls}`; };
  let draft: Draft | undefined;
  const go = (): void => {
    input.md = md.value;
    draft = undefined;
    $('draftResult').hidden = true;
    if (input.md.trim() === '') { input.drafted = false; say(t('web.draftEmpty'), 'error'); return; }
    try {
      draft = draftScenario(input.name || t('web.draftPasted'), input.md);
    } catch (err) {
      input.drafted = false;
      if (err instanceof InputError) { say(err.message, 'error'); return; }
      throw err;
    }
    input.drafted = true;
    out.value = draft.yaml;
    $('draftResult').hidden = false;
    say(t('web.draftDone', { tiles: Object.keys((draft.doc.tiles ?? {}) as object).length, todos: draft.todos.length }), 'ok');
  };
  md.value = input.md;
  md.oninput = () => { input.md = md.value; input.name = ''; };
  $<HTMLInputElement>('draftPick').onchange = async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    md.value = await file.text();
    input.name = file.name;
    go();
  };
  $('draftGo').onclick = go;
  $('draftCopy').onclick = async () => {
    try {
      await navigator.clipboard.writeText(out.value);
      say(t('web.draftCopied'), 'ok');
    } catch {
      out.focus();
      out.select();
      say(t('web.draftCopyFailed'));
    }
  };
  $('draftOpen').onclick = () => {
    if (!draft) return;
    const stem = (input.name.replace(/\.(md|markdown|txt)$/i, '') || String(draft.doc.scenario ?? '')).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'drafted';
    let text: string;
    try {
      text = withBlock(input.name || t('web.draftPasted'), input.md, draft.yaml);
    } catch (err) {
      if (err instanceof InputError) { say(err.message, 'error'); return; }
      throw err;
    }
    open(text, stem);
  };
  if (input.drafted) go(); // drawn again (a language switch): the same draft, in the new language
}
