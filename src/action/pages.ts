/**
 * The GitHub Pages site of the Action: every experiment's self-contained report.html under `<name>/`, and an
 * index page listing the experiments with their verdicts and links, readable at 390 px with no hover. Published by
 * actions/upload-pages-artifact + actions/deploy-pages.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getLang } from '../i18n/lang.js';
import { t } from '../i18n/t.js';
import { escapeHtml } from '../report/html/escape.js';
import { InputError } from '../sim/input/input-error.js';
import type { ExperimentRecord } from './record.js';
import { SITE_FILES_SCRIPT } from '../report/site/site-files.js';

/** Where the web app goes on the site: beside the experiments' folders, linked from the index. */
export const APP_FOLDER = 'app';

const STATUS_KEY = { pass: 'action.pass', ran: 'action.ran', updated: 'action.updated', nobaseline: 'action.noBaseline' } as const;

function statusText(r: ExperimentRecord): string {
  if (r.status === 'fail') return t('action.fail', { moved: r.moved.length, bands: r.bandFailures });
  if (r.status === 'invalid') return t('action.invalid', { where: r.error?.where ?? r.file });
  return t(STATUS_KEY[r.status]);
}

/** The index page; `withApp`: the site carries the web app at app/ and the page links to it. */
export function indexHtml(records: readonly ExperimentRecord[], when: string, withApp = false): string {
  const items = records.map((r) => {
    const name = r.report ? `<a href="${escapeHtml(r.report)}">${escapeHtml(r.name)}</a>` : escapeHtml(r.name);
    const q = r.question ? `<p class="q">${escapeHtml(r.question)}</p>` : '';
    return `<li class="${r.status}"><span class="name">${name}</span> <span class="v">${escapeHtml(statusText(r))}</span>${q}</li>`;
  }).join('\n');
  return `<!doctype html>
<html lang="${getLang()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('action.pagesTitle'))}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem; }
h1 { font-size: 1.3rem; }
ul { list-style: none; padding: 0; }
li { border-bottom: 1px solid #ddd; padding: 0.6rem 0; overflow-wrap: anywhere; }
.name { font-weight: 600; }
a { display: inline-block; min-height: 44px; line-height: 44px; }
.fail .v, .invalid .v { color: #b00020; }
.pass .v { color: #1b5e20; }
.q { margin: 0.2rem 0 0; color: #444; }
.app a { font-weight: 600; }
</style>
</head>
<body>
<h1>${escapeHtml(t('action.pagesTitle'))}</h1>
<p>${escapeHtml(t('action.pagesWhen', { when }))}</p>
${withApp ? `<p class="app"><a href="${APP_FOLDER}/">${escapeHtml(t('pagesApp.openApp'))}</a></p>\n` : ''}<ul>
${items}
</ul>
</body>
</html>
`;
}

/** Write app/site-files.js into the copied app folder `app` and load it from its index.html before app.js. */
function addSiteScript(app: string, script: string): void {
  writeFileSync(join(app, SITE_FILES_SCRIPT), script);
  const index = join(app, 'index.html');
  const html = readFileSync(index, 'utf8');
  const tag = `<script src="${SITE_FILES_SCRIPT}"></script>\n`;
  const at = html.indexOf('<script src="app.js"></script>');
  const body = html.lastIndexOf('</body>');
  writeFileSync(index, at >= 0 ? html.slice(0, at) + tag + html.slice(at) : body >= 0 ? html.slice(0, body) + tag + html.slice(body) : html + tag);
}

/**
 * Write the site into `pagesDir`: each report copied from `resultsDir`, the web app folder `appDir` (dist-web/,
 * when given) copied to app/, then index.html. Returns the files written (the app folder as one entry).
 * An `appDir` that is not a built web app is an InputError, before anything is written. `siteScript`: the
 * repository's files for the app (src/report/site/site-files.ts), written as app/site-files.js and loaded by
 * app/index.html before app.js.
 */
export function buildPagesSite(records: readonly ExperimentRecord[], resultsDir: string, pagesDir: string, when: string, appDir?: string, siteScript?: string): string[] {
  const written: string[] = [];
  if (appDir !== undefined && !(existsSync(join(appDir, 'index.html')) && existsSync(join(appDir, 'app.js')))) {
    throw new InputError(appDir, undefined, '--app', { id: 'pagesApp.notApp' }, t('pagesApp.appAllowed'));
  }
  mkdirSync(pagesDir, { recursive: true });
  if (appDir !== undefined) {
    const to = join(pagesDir, APP_FOLDER);
    cpSync(appDir, to, { recursive: true });
    if (siteScript !== undefined) addSiteScript(to, siteScript);
    written.push(to);
  }
  for (const r of records) {
    if (!r.report) continue;
    const from = join(resultsDir, r.report);
    if (!existsSync(from)) continue;
    const to = join(pagesDir, r.report);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    written.push(to);
  }
  const index = join(pagesDir, 'index.html');
  writeFileSync(index, indexHtml(records, when, appDir !== undefined));
  written.push(index);
  return written;
}
