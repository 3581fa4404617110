/** The options and the runner I/O of `balance-lab action` (run-action.ts), shared by its modes and helpers. */

/** Options of `balance-lab action`. */
export interface ActionOptions {
  readonly experiments: string;
  /** ask: answer the balance question of the issue in the event (ask.ts); the globs are not read. */
  readonly mode: 'check' | 'run' | 'update' | 'ask';
  /** On a pull request, keep the summary as one comment on it (pr-comment.ts). */
  readonly comment?: boolean;
  /** Results folder (relative to the workspace). */
  readonly out: string;
  /** Pages folder to build (relative to the workspace), or undefined for none. */
  readonly pages?: string;
  /** Base URL of the published site; default https://<owner>.github.io/<repo>/ when a Pages folder is built. */
  readonly pagesUrl?: string;
  /** The built web app folder (dist-web/) to publish at app/ of the Pages site, or undefined for none. */
  readonly app?: string;
  readonly workers?: number;
  readonly games?: number;
}

/** Where output goes: stdout carries the workflow commands (annotations). */
export interface ActionIo {
  readonly out: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}
