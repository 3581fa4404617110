/**
 * Issue 44: an experiment's runners are specialised once per run, by the run's main thread, and the generated classes
 * are handed to its worker threads as their source (numbers, booleans, null and checked identifiers only: see
 * partial-eval.ts). A worker evaluates that source against its own rule modules instead of specialising again, which
 * cost every thread 0.2–0.6 CPU-s (acorn's parse of the class chain's methods and the rewrite) before its first game.
 *
 * A shipped class is accepted only when it was generated from the same build: its **fingerprint** — a hash of the
 * text of every class of the runner's chain (constructors, field initialisers, methods) and of everything the
 * specialiser may read at module level (the scope's names, and their values: numbers, strings, the text of functions,
 * the members of module namespaces and of the objects they hold) — must equal the one the worker computes for its own
 * runner class. Otherwise (or with no shipment) the worker specialises itself, as before. Either way the runner plays
 * the same games: the shipment saves time, never changes a result.
 *
 * A shipment travels only between the threads of one process (a run's piscina pool); experiments sent through a queue
 * or a file never carry one, so no code is ever read from outside the process.
 */
import { evaluateClass, isSafeName, type PeResult } from './partial-eval.js';

/** One generated class as plain data (structured-cloneable). */
export interface ShippedClass {
  readonly fingerprint: string;
  readonly source: string;
  readonly names: readonly string[];
  readonly specialised: readonly string[];
  readonly general: readonly { readonly method: string; readonly why: string }[];
  readonly constants: readonly string[];
}

/** The generated classes of an experiment's runners, one per runner class, in the order of their first variant. */
export interface PeShipment {
  readonly classes: readonly ShippedClass[];
}

/** A 64-bit hash of `text` (two 32-bit FNV-1a lanes with different offsets and a final mix), as 16 hex digits. */
function hash64(text: string): string {
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** Appends a description of `v` to `out`: primitives by type and value, functions by their text, objects member by member. */
function describe(v: unknown, out: string[], seen: Set<object>, depth: number): void {
  if (typeof v === 'function') { out.push(`f${Function.prototype.toString.call(v)}`); return; }
  if (typeof v !== 'object' || v === null) { out.push(`${typeof v}:${String(v)}`); return; }
  if (seen.has(v) || depth > 6) { out.push('@'); return; }
  seen.add(v);
  out.push('{');
  for (const k of Object.getOwnPropertyNames(v)) {
    const d = Object.getOwnPropertyDescriptor(v, k)!;
    out.push(k, '=');
    if ('value' in d) describe(d.value, out, seen, depth + 1);
    else out.push('get');
  }
  out.push('}');
}

const scopePrints = new WeakMap<ReadonlyMap<string, unknown>, string>();
const classPrints = new WeakMap<object, string>();

/** The fingerprint of runner class `cls` with module-level names `scope` (see the module comment); kept per thread. */
export function buildFingerprint(cls: new (...a: never[]) => unknown, scope: ReadonlyMap<string, unknown>): string {
  let sp = scopePrints.get(scope);
  if (sp === undefined) {
    const out: string[] = [];
    const seen = new Set<object>();
    for (const [k, v] of scope) { out.push(k, '='); describe(v, out, seen, 0); }
    sp = hash64(out.join('\n'));
    scopePrints.set(scope, sp);
  }
  let cp = classPrints.get(cls);
  if (cp === undefined) {
    const out: string[] = [];
    for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) out.push(Function.prototype.toString.call(c));
    cp = hash64(out.join('\n'));
    classPrints.set(cls, cp);
  }
  return `${cp}${sp}`;
}

/** A specialisation as plain data, with the fingerprint of the build that generated it. */
export function shipClass(pe: PeResult<unknown>, fingerprint: string): ShippedClass {
  return { fingerprint, source: pe.source, names: pe.names, specialised: pe.specialised, general: pe.general, constants: pe.constants };
}

/**
 * The specialisation a shipped class stands for, built against this thread's `scope` — or null when it came from
 * another build (its fingerprint is not `fingerprint`), or is malformed: the caller then specialises itself.
 */
export function unshipClass<T>(shipped: unknown, base: new (...a: never[]) => T, fingerprint: string, scope: ReadonlyMap<string, unknown>): PeResult<T> | null {
  const s = shipped as Partial<ShippedClass> | null;
  if (!s || s.fingerprint !== fingerprint || typeof s.source !== 'string' || !Array.isArray(s.names)) return null;
  if (!s.names.every((x) => typeof x === 'string' && isSafeName(x) && scope.has(x))) return null;
  const cls = evaluateClass(base, s.source, s.names, scope);
  return { cls, source: s.source, names: s.names, specialised: s.specialised ?? [], general: s.general ?? [], constants: s.constants ?? [] };
}
