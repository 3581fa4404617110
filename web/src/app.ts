/**
 * The web app (issue 26): pick or edit an experiment, check it, run / solve /
 * search it on engine Web Workers, see the verdict, tables and charts, download
 * the results folder's files, keep the work on this device and share it as a
 * link. Everything the CLI computes comes from the same modules (jobs.ts).
 */
import { getLang, isLang, langFromBrowser, setLang, type Lang } from '../../src/i18n/lang.js';
import { t } from '../../src/i18n/t.js';
import { InputError } from '../../src/sim/input/input-error.js';
import type { Overrides } from '../../src/sim/experiment/load.js';
import { buildCharts } from '../../src/report/charts/all.js';
import { headlineHtml } from '../../src/report/html/headline.js';
import { summaryTableHtml } from '../../src/report/html/summary-table.js';
import { targetsHtml } from '../../src/report/html/targets.js';
import { pairedHtml } from '../../src/report/html/paired.js';
import { designerHtml } from '../../src/report/html/designer.js';
import { escapeHtml } from '../../src/report/html/escape.js';
import { fitChartSpec } from '../../src/report/charts/fit.js';
import { SCREEN_CHART_CONFIG } from '../../src/report/html/charts.js';
import { syncFileSystem, pathsUnder, textOf, saveEdit, resetEdit, isEdited, editedFiles, hasFile, freePath, REPO, REPO_EXPERIMENTS, originOf, scenarioPaths, openLink, linkItem, linkText, setLinkText, linkConflicts, keepLink, linkOtherFiles } from './files.js';
import { storageKey } from './storage.js';
import { check, runJob, solveJob, searchJob, VERSION, type JobResult } from './jobs.js';
import { encodeShare, workFromHash, SHARE_PARAM, ShareLinkError, type SharedWork } from './share.js';
import { loadVega } from './vega-load.js';
import { APP_CSS } from './app-css.js';
import { REPORT_CSS } from '../../src/report/html/style.js';
import type { WorkerPool } from './pool.js';
import { installBrowserPlatform } from './platform.js';
import { whyHtml, wireWhy } from './why.js';
import { sampleFromHash, type SampleKind } from '../../src/report/html/samples.js';
import { draftHtml, wireDraft } from './draft-view.js';
import { baselineDrift } from '../../src/check/drift.js';

installBrowserPlatform(); // files, paths, hashing, workers and charts of the page (platform.ts), before any experiment loads

const STATE_KEY = storageKey(location.pathname, 'state');
/** The file picker's value of the item opened from a share link (never a path). */
const LINK_VALUE = '#link';
const DEFAULT_EXPERIMENT = 'experiments/lmg-worth-8-magazines.yaml';

interface State { file: string; scenario: string; games: string; seed: string; workers: string; lang?: Lang }

function loadState(): State {
  // The published app of a repository opens on its first experiment and scenario (issue 42).
  const scenario = scenarioPaths().find((p) => REPO.has(p)) ?? pathsUnder('scenarios')[0] ?? '';
  const d: State = { file: REPO_EXPERIMENTS[0] ?? DEFAULT_EXPERIMENT, scenario, games: '', seed: '', workers: '' };
  try {
    return { ...d, ...(JSON.parse(localStorage.getItem(STATE_KEY) ?? '{}') as Partial<State>) };
  } catch {
    return d;
  }
}

const state = loadState();
let last: JobResult | undefined;
/** Opens a variant's sample game in the last run's results (a report's sample link, issue 43 item 4). */
let openSample: ((variant: string, kind: SampleKind) => void) | undefined;
const sampleOpener = (): typeof openSample => openSample;
let pool: WorkerPool | undefined;
let busy = false;
/** True while the item opened from a share link is shown (issue 39 item 6): nothing it does is stored. */
let viewLink = false;
/** Games and seed of the link's item (shown and used while it is shown, never stored). */
const linkOverrides = { games: '', seed: '' };
/**
 * Each file's text as this page first showed it in an editor (or after a reset). The editors keep typing in the file
 * they show; "Save as new file" puts that file back to this text, so it never overwrites the file it started from.
 */
const shownText = new Map<string, string>();

/** Remember `path`'s text the first time an editor shows it. */
function shown(path: string): string {
  const text = currentText(path);
  if (!viewLink && !shownText.has(path)) shownText.set(path, text);
  return text;
}

/** The experiment's path the page works on. */
function currentFile(): string {
  return viewLink && linkItem() ? linkItem()!.file : state.file;
}

/** A file's text as the page works on it (the link's when its item is shown). */
function currentText(path: string): string {
  return viewLink ? linkText(path) : textOf(path);
}

/** The games and seed fields' values the page works with. */
function fields(): { games: string; seed: string } {
  return viewLink ? linkOverrides : state;
}

function saveState(): void {
  try { localStorage.setItem(STATE_KEY, JSON.stringify(state)); } catch { /* blocked storage: state lives with the page */ }
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function hardware(): number {
  return Math.max(1, navigator.hardwareConcurrency || 1);
}

function options(paths: readonly string[], selected: string, withLink = false): string {
  const item = withLink ? linkItem() : undefined;
  const head = item ? `<option value="${LINK_VALUE}"${viewLink ? ' selected' : ''}>${escapeHtml(t('web.linkItem', { name: item.file.split('/').pop()! }))}</option>` : '';
  const one = (p: string) => `<option value="${escapeHtml(p)}"${p === selected ? ' selected' : ''}>${escapeHtml(p.split('/').pop()!)}${isEdited(p) ? ` ${escapeHtml(t('web.edited'))}` : ''}</option>`;
  if (REPO.size === 0) return head + paths.map(one).join('');
  // The published app of a repository (issue 42): its files first, then the files made on this device, then the examples.
  const groups = (['repo', 'device', 'shipped'] as const).map((o) => [o, paths.filter((p) => originOf(p) === o)] as const).filter(([, ps]) => ps.length > 0);
  return head + groups.map(([o, ps]) => `<optgroup label="${escapeHtml(t(GROUP_LABEL[o]))}">${ps.map(one).join('')}</optgroup>`).join('');
}

const GROUP_LABEL = { repo: 'web.groupRepo', device: 'web.groupDevice', shipped: 'web.groupShipped' } as const;

/** Draw the whole page in the current language (results are drawn again from `last`). */
function render(): void {
  document.documentElement.lang = getLang();
  document.title = t('web.title');
  const exps = [...REPO_EXPERIMENTS, ...pathsUnder('experiments').filter((p) => !REPO_EXPERIMENTS.includes(p))];
  if (!exps.includes(state.file)) exps.push(state.file);
  $('app').innerHTML = `
<header class="hero app-head">
  <div class="row between"><h1>${escapeHtml(t('web.title'))}</h1>
  <label class="lang">${escapeHtml(t('web.language'))} <select id="lang"><option value="ja"${getLang() === 'ja' ? ' selected' : ''}>日本語</option><option value="en"${getLang() === 'en' ? ' selected' : ''}>English</option></select></label></div>
  <p class="eyebrow">${escapeHtml(t('web.tagline'))}</p>
</header>
<section id="edit">
  <h2>${escapeHtml(t('web.experiment'))}</h2>
  <label class="field">${escapeHtml(t(REPO.size > 0 ? 'web.pickAny' : 'web.pick'))} <select id="file">${options(exps, viewLink ? '' : state.file, true)}</select></label>
  <p class="note">${escapeHtml(t('web.editorHelp'))} ${escapeHtml(t('web.yamlOnly'))}</p>
  <textarea id="text" spellcheck="false" autocapitalize="off" autocomplete="off" rows="14"></textarea>
  <div class="row">${viewLink ? `<button type="button" id="keepLink" class="small primary">${escapeHtml(t('web.keepLink'))}</button>` : `<button type="button" id="reset" class="small">${escapeHtml(t('web.reset'))}</button>`}
  <input id="newFile" type="text" autocapitalize="off" autocomplete="off" spellcheck="false" aria-label="${escapeHtml(t('web.newPath'))}" placeholder="experiments/my-experiment.yaml">
  <button type="button" id="saveAs" class="small">${escapeHtml(t('web.saveAs'))}</button></div>
  <details id="scen"><summary>${escapeHtml(t('web.scenarios'))}</summary>
    <p class="note">${escapeHtml(t('web.scenarioHelp'))}</p>
    <label class="field"><select id="scenario">${options(scenarioPaths(), state.scenario)}</select></label>
    <textarea id="scenarioText" spellcheck="false" autocapitalize="off" autocomplete="off" rows="10"></textarea>
    <div class="row"><button type="button" id="resetScenario" class="small">${escapeHtml(t('web.reset'))}</button>
    <input id="newScenario" type="text" autocapitalize="off" autocomplete="off" spellcheck="false" aria-label="${escapeHtml(t('web.newPath'))}" placeholder="scenarios/urban-assault/my-scenario.md">
    <button type="button" id="saveScenarioAs" class="small">${escapeHtml(t('web.saveAs'))}</button></div>
  </details>
  ${draftHtml()}
  <div class="grid">
    <label class="field">${escapeHtml(t('web.games'))}<input id="games" type="number" inputmode="numeric" min="1" step="1" placeholder="${escapeHtml(t('web.gamesHint'))}" value="${escapeHtml(fields().games)}"></label>
    <label class="field">${escapeHtml(t('web.seed'))}<input id="seed" type="number" inputmode="numeric" min="0" step="1" placeholder="${escapeHtml(t('web.seedHint'))}" value="${escapeHtml(fields().seed)}"></label>
    <label class="field">${escapeHtml(t('web.workers'))}<input id="workers" type="number" inputmode="numeric" min="1" max="64" step="1" placeholder="${hardware()}" value="${escapeHtml(state.workers)}"></label>
  </div>
  <div class="buttons">
    <button type="button" id="validate">${escapeHtml(t('web.validate'))}</button>
    <button type="button" id="run" class="primary">${escapeHtml(t('web.run'))}</button>
    <button type="button" id="solve">${escapeHtml(t('web.solve'))}</button>
    <button type="button" id="search">${escapeHtml(t('web.search'))}</button>
    <button type="button" id="stop" disabled>${escapeHtml(t('web.stop'))}</button>
    <button type="button" id="share">${escapeHtml(t('web.share'))}</button>
  </div>
  <progress id="bar" max="1" value="0" hidden></progress>
  <p id="status" class="status" role="status" aria-live="polite"></p>
  <div id="drift" class="note drift" hidden></div>
  <pre id="log" class="log" hidden></pre>
  <p id="shareOut" class="note share" hidden></p>
</section>
<div id="results"></div>
<footer>${escapeHtml(t('web.footer', { version: VERSION }))}</footer>`;
  $<HTMLTextAreaElement>('text').value = shown(currentFile());
  $<HTMLTextAreaElement>('scenarioText').value = shown(state.scenario);
  wire();
  if (last) showResult(last);
}

function status(text: string, cls = ''): void {
  const el = $('status');
  el.textContent = text;
  el.className = `status ${cls}`;
}

function wire(): void {
  $<HTMLSelectElement>('lang').onchange = (e) => {
    const v = (e.target as HTMLSelectElement).value;
    if (isLang(v)) { setLang(v); state.lang = v; saveState(); render(); }
  };
  $<HTMLSelectElement>('file').onchange = (e) => {
    const v = (e.target as HTMLSelectElement).value;
    viewLink = v === LINK_VALUE;
    if (!viewLink) { state.file = v; saveState(); }
    render();
  };
  $<HTMLSelectElement>('scenario').onchange = (e) => { state.scenario = (e.target as HTMLSelectElement).value; saveState(); $<HTMLTextAreaElement>('scenarioText').value = shown(state.scenario); };
  const edit = (path: () => string) => (e: Event) => {
    const text = (e.target as HTMLTextAreaElement).value;
    if (viewLink) setLinkText(path(), text);
    else saveEdit(path(), text);
  };
  $<HTMLTextAreaElement>('text').oninput = edit(currentFile);
  $<HTMLTextAreaElement>('scenarioText').oninput = edit(() => state.scenario);
  if (viewLink) $('keepLink').onclick = () => keep();
  const reset = (path: string, textId: string) => { resetEdit(path); shownText.set(path, textOf(path)); $<HTMLTextAreaElement>(textId).value = textOf(path); };
  if (!viewLink) $('reset').onclick = () => reset(state.file, 'text');
  $('resetScenario').onclick = () => reset(state.scenario, 'scenarioText');
  $('saveAs').onclick = () => saveAs('newFile', 'text', 'experiments', currentFile(), (p) => { state.file = p; });
  $('saveScenarioAs').onclick = () => saveAs('newScenario', 'scenarioText', 'scenarios', state.scenario, (p) => { state.scenario = p; });
  wireDraft(openDrafted);
  for (const k of ['games', 'seed', 'workers'] as const) {
    $<HTMLInputElement>(k).oninput = (e) => {
      const v = (e.target as HTMLInputElement).value.trim();
      if (viewLink && k !== 'workers') linkOverrides[k] = v;
      else { state[k] = v; saveState(); }
    };
  }
  $('validate').onclick = () => validate();
  $('run').onclick = () => void go('run');
  $('solve').onclick = () => void go('solve');
  $('search').onclick = () => void go('search');
  $('stop').onclick = () => { pool?.terminate(); };
  $('share').onclick = () => void share();
}

/**
 * A file path the user may create: experiments/NAME.yaml, or scenarios/NAME.(yaml|md) as `init` lays them out
 * (issue 42) or scenarios/GAME/NAME.(yaml|md) as the shipped ones are.
 */
function isNewFilePath(path: string, dir: 'experiments' | 'scenarios'): boolean {
  return dir === 'experiments'
    ? /^experiments\/[A-Za-z0-9][A-Za-z0-9._-]*\.ya?ml$/.test(path)
    : /^scenarios\/(?:[a-z0-9-]+\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.(ya?ml|md)$/.test(path);
}

/**
 * Save the editor's text as a new file under the path typed in `inputId` and select it (issue 42 item 8). A path that
 * holds a file already is refused; the file the editor showed (`from`) goes back to the text it had when the page
 * showed it, so neither an example nor another saved item is overwritten.
 */
function saveAs(inputId: string, textId: string, dir: 'experiments' | 'scenarios', from: string, select: (path: string) => void): void {
  const path = $<HTMLInputElement>(inputId).value.trim();
  if (!isNewFilePath(path, dir)) {
    status(t('web.badPath', { path }), 'error');
    return;
  }
  if (hasFile(path)) {
    status(t('web.pathTaken', { path }), 'error');
    return;
  }
  const text = $<HTMLTextAreaElement>(textId).value;
  const before = shownText.get(from);
  const putBack = !viewLink && before !== undefined && textOf(from) !== before;
  if (putBack) saveEdit(from, before);
  saveEdit(path, text);
  shownText.set(path, text);
  viewLink = false;
  select(path);
  saveState();
  render();
  if (dir === 'scenarios') ($('scen') as HTMLDetailsElement).open = true;
  status(putBack ? t('web.savedAsFrom', { path, from }) : t('web.savedAs', { path }), 'ok');
}

/** Open a drafted scenario (the draft panel) as a new Markdown file of the scenario editor, never over a file. */
function openDrafted(text: string, stem: string): void {
  const path = freePath('scenarios/urban-assault', stem, 'md');
  saveEdit(path, text);
  shownText.set(path, text);
  state.scenario = path;
  saveState();
  render();
  ($('scen') as HTMLDetailsElement).open = true;
  status(t('web.draftOpened', { path }), 'ok');
}

/** The drift warnings of the experiment's committed baseline, as check gives them (none: hidden). */
function showDrift(exp: ReturnType<typeof check> | undefined): void {
  const el = $('drift');
  const drift = exp ? baselineDrift(exp, VERSION) : null;
  el.hidden = drift === null;
  el.innerHTML = drift ? `<p>${escapeHtml(t('web.driftTitle', { file: drift.file }))}</p><ul>${drift.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
}

function overrides(): Overrides {
  const o: Overrides = {};
  const { games, seed } = fields();
  if (/^\d+$/.test(games) && Number(games) > 0) o.games = Number(games);
  if (/^\d+$/.test(seed)) o.seed = Number(seed);
  return o;
}

function workers(): number {
  return /^\d+$/.test(state.workers) && Number(state.workers) > 0 ? Math.min(64, Number(state.workers)) : hardware();
}

function showError(err: unknown): void {
  if (err instanceof InputError) status(err.message, 'error');
  else if (err instanceof Error && err.message === 'stopped') status(t('web.stopped'));
  else {
    status(t('web.bug', { problem: err instanceof Error ? err.message : String(err) }), 'error');
    console.error(err);
  }
}

function validate(): void {
  syncFileSystem(viewLink);
  showDrift(undefined);
  try {
    const exp = check(currentFile(), overrides());
    status(t('web.valid', { file: currentFile(), variants: exp.compiled.variants.length, engine: exp.engine }), 'ok');
    showDrift(exp);
  } catch (err) {
    showError(err);
  }
}

function setBusy(b: boolean): void {
  busy = b;
  for (const id of ['validate', 'run', 'solve', 'search']) $<HTMLButtonElement>(id).disabled = b;
  $<HTMLButtonElement>('stop').disabled = !b;
  $('bar').hidden = !b;
}

const num = (x: number, d = 0): string => x.toLocaleString(getLang() === 'ja' ? 'ja-JP' : 'en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function go(kind: 'run' | 'solve' | 'search'): Promise<void> {
  if (busy) return;
  syncFileSystem(viewLink);
  setBusy(true);
  const log = $('log');
  log.textContent = '';
  log.hidden = kind === 'run';
  status('');
  const bar = $<HTMLProgressElement>('bar');
  bar.removeAttribute('value');
  const started = performance.now();
  try {
    const job = { run: runJob, solve: solveJob, search: searchJob }[kind];
    const result = await job({
      file: currentFile(),
      overrides: overrides(),
      workers: workers(),
      onPool: (p) => { pool = p; },
      onLog: (line) => { log.textContent += `${line}\n`; },
      onProgress: (p, label) => {
        bar.value = p.gamesDone / p.gamesPlanned;
        const hw = Number.isFinite(p.halfWidth) ? `±${(100 * p.halfWidth).toFixed(2)} pp` : '–';
        status(kind === 'run'
          ? t('web.progress', { done: num(p.gamesDone), planned: num(p.gamesPlanned), rate: num(p.gamesPerSecond), hw })
          : t('web.progressSolve', { label, done: num(p.gamesDone), planned: num(p.gamesPlanned), rate: num(p.gamesPerSecond) }));
      },
    });
    last = result;
    const s = result.summary;
    status(s
      ? t('web.finished', { games: num(s.gamesPerVariant), variants: s.variants.length, seconds: s.elapsedSeconds.toFixed(1), rate: num(s.gamesPerSecond), workers: s.workers })
      : `${((performance.now() - started) / 1000).toFixed(1)} s`, 'ok');
    showResult(result);
  } catch (err) {
    showError(err);
  } finally {
    pool = undefined;
    setBusy(false);
  }
}

function download(name: string, text: string): void {
  const type = name.endsWith('.csv') ? 'text/csv' : name.endsWith('.html') ? 'text/html' : name.endsWith('.svg') ? 'image/svg+xml' : 'application/json';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  a.download = name.replace(/\//g, '-');
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function embedCharts(root: HTMLElement, specs: readonly { name: string; spec: unknown }[]): void {
  loadVega();
  const embed = (globalThis as unknown as { vegaEmbed: (el: HTMLElement, spec: unknown, opts: unknown) => Promise<unknown> }).vegaEmbed;
  for (const c of specs) {
    const el = root.querySelector<HTMLElement>(`[data-chart="${c.name}"]`);
    if (!el) continue;
    const spec = fitChartSpec(c.spec as Record<string, unknown>, el.clientWidth || root.clientWidth || 360);
    embed(el, spec, { renderer: 'svg', logLevel: 1, actions: { export: true, source: false, compiled: false, editor: false }, config: SCREEN_CHART_CONFIG, downloadFileName: c.name })
      .then(() => el.setAttribute('data-state', 'rendered'), (err: unknown) => { el.setAttribute('data-state', 'failed'); console.error(err); });
  }
}

function showResult(r: JobResult): void {
  // For scripts and tests driving the page (WebDriver cannot read downloads): the last result's files.
  (globalThis as unknown as { balanceLab: unknown }).balanceLab = { kind: r.kind, files: Object.fromEntries(r.files) };
  const out = $('results');
  const files = r.files.filter(([n]) => !n.endsWith('.svg') && !n.endsWith('.vl.json'));
  const dl = `<section id="downloads"><h2>${escapeHtml(t('web.downloads'))}</h2><div class="buttons">${files.map(([n]) => `<button type="button" class="small" data-file="${escapeHtml(n)}">${escapeHtml(n)}</button>`).join('')}<button type="button" class="small primary" id="openReport">${escapeHtml(t('web.openReport'))}</button></div></section>`;
  if (r.summary) {
    const charts = buildCharts(r.summary);
    const figs = charts.map((c) => `<figure class="chart"><div class="vega" data-chart="${escapeHtml(c.name)}" data-state="pending"></div></figure>`).join('');
    out.innerHTML = `${headlineHtml(r.summary)}${summaryTableHtml(r.summary)}${targetsHtml(r.summary)}${designerHtml(r.summary)}<section id="charts"><h2>${escapeHtml(t('report.chartsTitle'))}</h2>${figs}</section>${pairedHtml(r.summary)}${whyHtml(r.exp)}${dl}`;
    embedCharts(out, charts);
    openSample = wireWhy(out, r.exp, (on) => { if (on) status(t('web.playing')); else status(''); });
  } else {
    const svgs = r.files.filter(([n]) => n.endsWith('.svg')).map(([, svg]) => `<figure class="chart">${svg}</figure>`).join('');
    const answers = r.answers.map((a) => `<p class="answer">${escapeHtml(a)}</p>`).join('');
    out.innerHTML = `<section id="answer" data-kind="${r.kind}"><h2>${escapeHtml(t(r.kind === 'solve' ? 'web.solve' : 'web.search'))}</h2>${answers}${svgs}</section>${dl}`;
  }
  out.querySelectorAll<HTMLButtonElement>('button[data-file]').forEach((b) => {
    b.onclick = () => { const f = r.files.find(([n]) => n === b.dataset.file); if (f) download(f[0], f[1]); };
  });
  $('openReport').onclick = () => {
    const html = r.files.find(([n]) => n === 'report.html')?.[1] ?? '';
    window.open(URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' })), '_blank');
  };
}

async function share(): Promise<void> {
  const file = currentFile();
  const files = { ...editedFiles(file), ...(viewLink ? linkOtherFiles(file) : {}) };
  const work: SharedWork = {
    file,
    text: currentText(file),
    command: last?.kind ?? 'run',
    ...(Object.keys(files).length > 0 ? { files } : {}),
    ...(overrides().games !== undefined ? { games: overrides().games } : {}),
    ...(overrides().seed !== undefined ? { seed: overrides().seed } : {}),
  };
  const url = `${location.href.replace(/#.*$/, '')}#${SHARE_PARAM}=${await encodeShare(work)}`;
  const out = $('shareOut');
  out.hidden = false;
  out.innerHTML = `${escapeHtml(t('web.shareShown'))} <a id="shareLink" href="${escapeHtml(url)}">${escapeHtml(url.length > 80 ? `${url.slice(0, 77)}…` : url)}</a>`;
  try {
    await navigator.clipboard.writeText(url);
    status(t('web.shared'), 'ok');
  } catch {
    // No clipboard permission (file://, old browsers): the link is shown instead.
  }
}

/** Keep the link's item on this device, asking first when it would replace any file there (issue 39 item 6). */
function keep(): void {
  const file = currentFile();
  const conflicts = linkConflicts();
  if (conflicts.length > 0 && !window.confirm(t('web.keepLinkConfirm', { paths: conflicts.join('\n') }))) {
    status(t('web.keepLinkDeclined'));
    return;
  }
  const paths = keepLink();
  viewLink = false;
  state.file = file;
  state.games = linkOverrides.games;
  state.seed = linkOverrides.seed;
  saveState();
  render();
  status(t('web.linkKept', { paths: paths.join(', ') }), 'ok');
}

/**
 * Open the work of the location's share link as a new item held in this page only (issue 39 item 6): the user's
 * edits, the shipped files and the saved settings stay as they are until the user keeps it. A damaged or hostile link
 * gets one message from the catalogue (items 7, 18, 20). Returns true when a link was opened.
 */
async function fromLink(): Promise<boolean> {
  let work: SharedWork | undefined;
  try {
    work = await workFromHash(location.hash);
  } catch (err) {
    status(t('web.badLink', { problem: err instanceof ShareLinkError ? err.message : t('outLine.linkDamaged') }), 'error');
    return false;
  }
  if (!work) return false;
  if (linkItem()?.edited && !window.confirm(t('web.replaceLinkConfirm'))) return false;
  openLink(work.file, work.text, work.files);
  linkOverrides.games = work.games !== undefined ? String(work.games) : '';
  linkOverrides.seed = work.seed !== undefined ? String(work.seed) : '';
  viewLink = true;
  render();
  status(t('web.linkOpened'));
  openSample = undefined;
  await go(work.command);
  // A report's sample link: the run's results are shown, then the sample game it names.
  const sample = sampleFromHash(location.hash);
  const open = sampleOpener(); // set by showResult while go ran
  if (sample && open) open(sample.variant, sample.kind);
  return true;
}

function start(): void {
  const style = document.createElement('style');
  style.textContent = REPORT_CSS + APP_CSS;
  document.head.appendChild(style);
  setLang(state.lang ?? langFromBrowser(navigator.languages ?? [navigator.language]));
  if (!hasFile(state.file)) state.file = REPO_EXPERIMENTS[0] ?? DEFAULT_EXPERIMENT;
  render();
  void fromLink();
  window.addEventListener('hashchange', () => void fromLink());
}

start();
