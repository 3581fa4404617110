/**
 * Which files an experiment may read, and reading them without surprises (issue 29 items 1, 3, 12).
 *
 * A scenario reference resolves to a file inside
 * - the experiment's own folder (when the experiment is a local file: `experimentDir`), or the `scenarios/`
 *   folder beside it (the layout `balance-lab init` writes: `experiments/x.yaml` names `../scenarios/y.yaml`),
 * - a configured scenario root (`--scenario-root DIR`, repeatable, and `$BALANCE_LAB_SCENARIO_ROOTS`,
 *   separated by `:`), or
 * - the scenarios shipped with balance-lab (`builtin:NAME`, a bare name without folders).
 * Anything else is refused. Containment is checked on real paths, so a symlink cannot lead out.
 *
 * {@link readBoundedFile} reads only ordinary files of bounded size: devices (/dev/zero, /dev/stdin), named
 * pipes, sockets, folders and pseudo-files (/proc, /sys: their size changes while read) are refused without
 * reading more than one byte past the size the file states, and no refusal ever quotes the file's contents.
 */
import { InputError } from './input-error.js';
import { BUILTIN_PREFIX, builtinScenarios, packageRoot } from './package-root.js';
import { t, type Msg } from '../../i18n/t.js';
import { platform, type BoundedRead, type PlatformPaths, type SpecialFileKind } from '../core/platform.js';

/** The platform's path arithmetic (sim/core/platform.ts). */
function paths(): PlatformPaths {
  return platform().path;
}

/** Where an error about a reference points: the referring file, its line and the path inside it. */
export interface RefPlace {
  readonly file?: string;
  readonly line?: number;
  readonly path?: string;
}

/** The folders a reference may resolve into. */
export interface ScenarioAccess {
  /** The folder of the experiment file; null when the experiment did not come from a local file (a queue job). */
  readonly experimentDir: string | null;
  /** Configured scenario roots (absolute or relative to the working folder). */
  readonly roots: readonly string[];
}

/** Everything {@link resolveScenarioPath} needs. */
export interface ScenarioRefContext extends ScenarioAccess, RefPlace {
  /** The engine whose shipped scenarios `builtin:` names (default urban-assault). */
  readonly game?: string;
  /**
   * What the reference names: a scenario file (default) or a designer's ruleset file (`rules:`), which may also lie
   * in the `rulesets/` folder beside the experiment's folder (`rules: ../rulesets/my-rules.yaml`, issue 39 item 16)
   * and is called a ruleset file in messages.
   */
  readonly kind?: 'scenario' | 'rules';
}

let configuredRoots: string[] = [];

/** Set the roots given on the command line (`--scenario-root`); they come after the environment's. */
export function setScenarioRoots(dirs: readonly string[]): void {
  configuredRoots = dirs.map((d) => paths().resolve(d));
}

/** The configured scenario roots: `$BALANCE_LAB_SCENARIO_ROOTS` (":"-separated), then `--scenario-root`. */
export function scenarioRoots(env: Readonly<Record<string, string | undefined>> = platform().env): string[] {
  const { delimiter, resolve } = paths();
  const fromEnv = (env.BALANCE_LAB_SCENARIO_ROOTS ?? '').split(delimiter).filter((d) => d !== '').map((d) => resolve(d));
  return [...fromEnv, ...configuredRoots];
}

/** The access of a local experiment file: its folder, the scenarios/ folder beside it, and the configured roots. */
export function localAccess(experimentFile: string): ScenarioAccess {
  const { dirname, resolve } = paths();
  return { experimentDir: dirname(resolve(experimentFile)), roots: scenarioRoots() };
}

/**
 * Take every `--scenario-root DIR` (or `--scenario-root=DIR`) out of argv, check each is a folder and
 * configure them. Throws an InputError for a root that is not a folder.
 */
export function takeScenarioRoots(argv: readonly string[]): string[] {
  const rest: string[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') { rest.push(...argv.slice(i)); break; }
    if (a === '--scenario-root') { dirs.push(argv[++i] ?? ''); continue; }
    if (a.startsWith('--scenario-root=')) { dirs.push(a.slice('--scenario-root='.length)); continue; }
    rest.push(a);
  }
  for (const d of dirs) {
    const code = d === '' ? 'ENOTDIR' : platform().folderProblem(d);
    if (code === null) continue;
    throw new InputError('command line', undefined, '--scenario-root', { id: 'security.badScenarioRoot', params: { dir: d, code } });
  }
  setScenarioRoots(dirs);
  return rest;
}

function fail(place: RefPlace, fallbackFile: string, msg: Msg, allowed?: string): never {
  throw new InputError(place.file ?? fallbackFile, place.line, place.path ?? '', msg, allowed);
}

function realOrNull(p: string): string | null {
  return platform().realpath(p);
}

function inside(real: string, dir: string): boolean {
  const { relative, sep, isAbsolute } = paths();
  const rel = relative(dir, real);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The folders (not yet real paths) a reference of `ctx` may resolve into, in the order they are tried. */
export function allowedFolders(ctx: ScenarioAccess & { readonly kind?: ScenarioRefContext['kind'] }): string[] {
  const { join } = paths();
  return [...ownFolders(ctx), ...ctx.roots, join(packageRoot(), 'scenarios')];
}

/** The experiment's own folders a reference may resolve into: its folder, scenarios/ beside it (and rulesets/ for rules). */
function ownFolders(ctx: ScenarioAccess & { readonly kind?: ScenarioRefContext['kind'] }): string[] {
  const { dirname, join } = paths();
  if (ctx.experimentDir === null) return [];
  const beside = dirname(ctx.experimentDir);
  return [ctx.experimentDir, join(beside, 'scenarios'), ...(ctx.kind === 'rules' ? [join(beside, 'rulesets')] : [])];
}

function allowedText(ctx: ScenarioRefContext, game: string): string {
  const { dirname, join } = paths();
  const shipped = builtinScenarios(game).map((n) => `${BUILTIN_PREFIX}${n}`).join(', ');
  const dirs = ctx.experimentDir === null ? '—' : ownFolders(ctx).join(', ');
  return ctx.kind === 'rules' ? t('hostile.rulesRefAllowed', { dirs }) : t('security.refAllowed', { dirs, shipped });
}

/** The message of a reference's refusal, named as a ruleset file for `rules:`. */
function refMsg(ctx: ScenarioRefContext, id: 'security.notFound' | 'security.outsideRoots' | 'security.emptyRef', params: Record<string, string>): Msg {
  if (ctx.kind !== 'rules') return { id, params };
  return { id: id === 'security.notFound' ? 'hostile.rulesNotFound' : id === 'security.outsideRoots' ? 'hostile.rulesOutsideRoots' : 'hostile.rulesEmptyRef', params };
}

/**
 * Resolve a scenario reference to the real path of an existing file an experiment may read, or throw one
 * InputError naming `ctx.file`, `ctx.line` and `ctx.path`. A relative reference is tried against the
 * experiment's folder, then each configured root; an absolute one must lie inside an allowed folder.
 */
export function resolveScenarioPath(ref: string, ctx: ScenarioRefContext): string {
  const { isAbsolute, join, resolve } = paths();
  const game = ctx.game ?? 'urban-assault';
  const where = ctx.file ?? '<experiment>';
  if (ref.trim() === '') fail(ctx, where, refMsg(ctx, 'security.emptyRef', {}), allowedText(ctx, game));
  if (ref.startsWith(BUILTIN_PREFIX)) {
    const name = ref.slice(BUILTIN_PREFIX.length).replace(/\.yaml$/, '');
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(name)) fail(ctx, where, { id: 'security.badBuiltin', params: { ref } }, allowedText(ctx, game));
    const dir = join(packageRoot(), 'scenarios', game);
    const file = join(dir, `${name}.yaml`);
    if (!builtinScenarios(game).includes(name)) fail(ctx, where, refMsg(ctx, 'security.notFound', { ref, looked: file }), allowedText(ctx, game));
    const real = realOrNull(file);
    const realDir = realOrNull(dir);
    if (real === null || realDir === null || !inside(real, realDir)) fail(ctx, where, refMsg(ctx, 'security.outsideRoots', { ref, real: real ?? file }), allowedText(ctx, game));
    return real;
  }
  if (ref.includes('\0')) fail(ctx, where, refMsg(ctx, 'security.notFound', { ref: ref.replace(/\0/g, '\\0'), looked: '—' }), allowedText(ctx, game));
  const bases = ctx.experimentDir === null ? [...ctx.roots] : [ctx.experimentDir, ...ctx.roots];
  const candidates = isAbsolute(ref) ? [ref] : bases.map((b) => resolve(b, ref));
  const realAllowed = allowedFolders(ctx).map(realOrNull).filter((d): d is string => d !== null);
  let outside: string | null = null;
  for (const c of candidates) {
    const real = realOrNull(c);
    if (real === null) continue;
    if (realAllowed.some((d) => inside(real, d))) return real;
    outside ??= real;
  }
  if (outside !== null) fail(ctx, where, refMsg(ctx, 'security.outsideRoots', { ref, real: outside }), allowedText(ctx, game));
  // A reference that lies outside every allowed folder is refused as such whether or not the file exists,
  // so the answer never tells which files exist elsewhere on the host.
  const lexicalAllowed = [...allowedFolders(ctx), ...realAllowed];
  const firstOutside = candidates.find((c) => !lexicalAllowed.some((d) => inside(c, d)));
  if (firstOutside !== undefined && candidates.every((c) => !lexicalAllowed.some((d) => inside(c, d)))) {
    fail(ctx, where, refMsg(ctx, 'security.outsideRoots', { ref, real: firstOutside }), allowedText(ctx, game));
  }
  fail(ctx, where, refMsg(ctx, 'security.notFound', { ref, looked: candidates.join(', ') || '—' }), allowedText(ctx, game));
}

const KIND_MSG: Readonly<Record<SpecialFileKind, Msg['id']>> = {
  fifo: 'security.kindFifo', char: 'security.kindChar', block: 'security.kindBlock', socket: 'security.kindSocket', other: 'security.kindOther',
};

/** Hook for tests: called with every path {@link readBoundedFile} opens. */
let openHook: ((abs: string) => void) | null = null;

/** Record every path {@link readBoundedFile} opens (tests: "no file outside the allowed roots is read"); null stops. */
export function onBoundedOpen(hook: ((abs: string) => void) | null): void {
  openHook = hook;
}

/**
 * Read an ordinary file of at most `maxBytes` bytes as UTF-8 through the platform (sim/core/platform.ts; on Node
 * src/node/read-bounded.ts: opening never blocks, the kind and size come from the open descriptor, and at most the
 * stated size plus one byte is read, so /dev/zero, /dev/stdin, pipes and /proc files cost nothing), or throw one
 * InputError naming `ctx.file`, `ctx.line`, `ctx.path` when given, else the file itself. Errors name the file, never
 * its contents.
 */
export function readBoundedFile(abs: string, maxBytes: number, ctx: RefPlace = {}): string {
  openHook?.(abs);
  const r: BoundedRead = platform().readBoundedFile(abs, maxBytes);
  if ('text' in r) return r.text;
  return refuseRead(abs, r, maxBytes, ctx);
}

/**
 * The InputError of a file not read (`r`: why), as {@link readBoundedFile} words it; `maxBytes`: the size limit that
 * applied, if any.
 */
export function refuseRead(abs: string, r: Exclude<BoundedRead, { text: string }>, maxBytes = 0, ctx: RefPlace = {}): never {
  switch (r.refused) {
    case 'cannotOpen': return fail(ctx, abs, { id: 'security.cannotOpen', params: { file: ctx.file === undefined ? '' : `${abs} `, code: r.code } });
    case 'folder': return fail(ctx, abs, { id: 'security.isFolder', params: { file: abs } });
    case 'notRegular': return fail(ctx, abs, { id: 'security.notRegular', params: { file: abs, kind: t(KIND_MSG[r.kind]) } });
    case 'tooBig': return fail(ctx, abs, { id: 'security.tooBig', params: { file: abs, max: maxBytes } });
    case 'pseudoFile': return fail(ctx, abs, { id: 'security.pseudoFile', params: { file: abs } });
  }
}
