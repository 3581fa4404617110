/**
 * Partial evaluation of a rules engine's methods (issue 44): the specialised fast path.
 *
 * An engine's runner is a class chain, one rule area per class. For one compiled variant, the runner's fields that
 * never change after construction (the rulings, the procedures of the rule version) and the configuration it was built
 * from (scenario, catalogue, squad) are known. This module takes the **same methods** the general engine runs — their
 * compiled source, as the JavaScript engine holds it (`Function.prototype.toString`) — and rewrites each with those
 * facts: every read of a known field or configuration path becomes its number, every branch on a known condition keeps
 * only the branch taken, the replay log's narration disappears (a simulated game has no log), and module constants
 * (decision ids, slot numbers) become numbers. The rewritten methods override the general ones in a subclass built for
 * that variant, so the specialised runner is the general runner with its dead branches cut: no rule is ever written
 * twice, and a change to a rule reaches both paths by construction.
 *
 * Safety, by construction and checked:
 * - a field folds only if it is an own data property holding a number, boolean, null or undefined (or a string, which
 *   is compared but never written into the code) and **no method, accessor or instance function of the chain writes
 *   it** (any `this[…] =` or `this` escaping as a value disables field folding altogether);
 * - a configuration path folds only through own data properties down to a primitive;
 * - a method whose free names are not all known (module-level helpers the engine did not list) or that uses `super`
 *   is left as it is — the general method — so a gap costs speed, never correctness;
 * - the generated code holds only numbers, booleans, `null`, `void 0` and identifiers that pass {@link isSafeName}:
 *   a string from an input file (a label, a unit's name) can never reach it (tests/specialise-*.test.ts).
 */
import { parse } from 'acorn';

/** What the specialiser may assume about one runner. */
export interface PeFacts {
  /** Fields known to be `null` whenever the specialised methods run (the replay log: the wrapper plays logged games on the general runner). */
  readonly nullFields: readonly string[];
  /** Fields holding read-only configuration (plain data never written while playing): their paths fold to their primitive leaves. */
  readonly configFields: readonly string[];
  /** Module-level names the methods use (imports), with their values. Module namespaces fold their primitive members. */
  readonly scope: ReadonlyMap<string, unknown>;
}

/** The result: the specialised subclass, its source (for tests and `--explain`), and what was left general. */
export interface PeResult<T> {
  readonly cls: new (...args: never[]) => T;
  readonly source: string;
  readonly specialised: readonly string[];
  readonly general: readonly { readonly method: string; readonly why: string }[];
  /** Fields folded as constants. */
  readonly constants: readonly string[];
  /** The module-level names the source is evaluated with, in order (see {@link evaluateClass}). */
  readonly names: readonly string[];
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set(('break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
  'import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
  'private protected public await arguments eval constructor prototype __proto__').split(' '));

/** A name the generated code may contain: an ASCII identifier, not a reserved word or a prototype key. */
export function isSafeName(s: string): boolean {
  return IDENT.test(s) && !RESERVED.has(s);
}

/** Globals the methods may use by name. */
const GLOBALS = new Set(['Math', 'Number', 'Array', 'Object', 'Infinity', 'NaN', 'undefined', 'Int8Array', 'Uint8Array', 'Int16Array',
  'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'Error', 'RangeError', 'TypeError', 'String', 'Boolean',
  'JSON', 'Map', 'Set', 'isFinite', 'isNaN', 'Symbol', 'Reflect']);

/* eslint-disable @typescript-eslint/no-explicit-any */
type Node = any;

/** A node's children, kept on it (a tree is walked several times: facts, aliases, rewrite); a symbol key is no child. */
const KIDS = Symbol('children');

function children(n: Node): Node[] {
  const kept = n[KIDS];
  if (kept) return kept;
  const out: Node[] = [];
  for (const k of Object.keys(n)) {
    if (k === 'loc' || k === 'range') continue;
    const v = n[k];
    if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === 'string') out.push(c); }
    else if (v && typeof v === 'object' && typeof v.type === 'string') out.push(v);
  }
  let sorted = true;
  for (let i = 1; i < out.length; i++) if (out[i - 1].start > out[i].start) sorted = false;
  if (!sorted) out.sort((a, b) => a.start - b.start);
  n[KIDS] = out;
  return out;
}

function walk(n: Node, f: (n: Node, parent: Node | null) => void, parent: Node | null = null): void {
  f(n, parent);
  for (const c of children(n)) walk(c, f, n);
}

/** Binding names declared by a pattern. */
function patternNames(p: Node, out: string[]): void {
  if (!p) return;
  switch (p.type) {
    case 'Identifier': out.push(p.name); break;
    case 'AssignmentPattern': patternNames(p.left, out); break;
    case 'RestElement': patternNames(p.argument, out); break;
    case 'ArrayPattern': for (const e of p.elements) patternNames(e, out); break;
    case 'ObjectPattern': for (const q of p.properties) patternNames(q.type === 'RestElement' ? q : q.value, out); break;
  }
}

/** Is identifier `n` (child of `parent`) a reference (not a property key, label or binding)? */
function isReference(n: Node, parent: Node | null): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression': return parent.object === n || parent.computed;
    case 'Property': return parent.value === n || (parent.computed && parent.key === n);
    case 'MethodDefinition': case 'PropertyDefinition': return parent.computed && parent.key === n;
    case 'LabeledStatement': case 'BreakStatement': case 'ContinueStatement': return false;
    case 'VariableDeclarator': return parent.init === n;
    case 'FunctionDeclaration': case 'FunctionExpression': case 'ArrowFunctionExpression': return parent.body === n;
    case 'CatchClause': return false;
    case 'AssignmentPattern': return parent.right === n;
    case 'ClassDeclaration': case 'ClassExpression': return parent.superClass === n;
    default: return true;
  }
}

const isThisMember = (n: Node): boolean => n.type === 'MemberExpression' && n.object.type === 'ThisExpression';

/** One method's parse: its tree and facts. */
interface Parsed {
  readonly name: string;
  readonly src: string;
  readonly fn: Node;
  readonly declared: Map<string, number>;
  readonly free: Set<string>;
  readonly usesSuper: boolean;
  readonly writes: Set<string>;
  readonly computedWrite: boolean;
  readonly thisEscapes: boolean;
}

function parseMethod(name: string, src: string): Parsed {
  // A method's source is `name(params) { … }` (or `async name…`): parsed inside a class body.
  const wrapped = `(class {\n${src}\n})`;
  const prog: Node = parse(wrapped, { ecmaVersion: 2022, sourceType: 'script' });
  const cls = prog.body[0].expression;
  const def = cls.body.body[0];
  const fn = def.value;
  const declared = new Map<string, number>();
  const refs: string[] = [];
  const writes = new Set<string>();
  let usesSuper = false, computedWrite = false, thisEscapes = false;
  const declare = (names: string[]) => { for (const x of names) declared.set(x, (declared.get(x) ?? 0) + 1); };
  const target = (t: Node) => {
    if (isThisMember(t)) {
      if (t.computed) computedWrite = true;
      else writes.add(t.property.name);
    }
  };
  walk(fn, (n, parent) => {
    switch (n.type) {
      case 'Super': usesSuper = true; break;
      case 'VariableDeclarator': { const o: string[] = []; patternNames(n.id, o); declare(o); break; }
      case 'FunctionDeclaration': case 'FunctionExpression': case 'ArrowFunctionExpression': {
        const o: string[] = [];
        if (n.id) o.push(n.id.name);
        for (const p of n.params) patternNames(p, o);
        declare(o);
        break;
      }
      case 'ClassDeclaration': case 'ClassExpression': if (n.id) declare([n.id.name]); break;
      case 'CatchClause': { const o: string[] = []; patternNames(n.param, o); declare(o); break; }
      case 'AssignmentExpression': target(n.left); break;
      case 'UpdateExpression': target(n.argument); break;
      case 'UnaryExpression': if (n.operator === 'delete') target(n.argument); break;
      case 'ThisExpression':
        if (!parent || !(parent.type === 'MemberExpression' && parent.object === n)) thisEscapes = true;
        break;
      case 'Identifier': if (isReference(n, parent)) refs.push(n.name); break;
    }
  });
  // Destructuring writes into this (`[this.a] = …`) count as writes too.
  walk(fn, (n) => {
    if ((n.type === 'ArrayPattern' || n.type === 'ObjectPattern')) walk(n, (m) => { if (isThisMember(m)) target(m); });
  });
  const free = new Set(refs.filter((r) => !declared.has(r)));
  return { name, src: wrapped, fn, declared, free, usesSuper, writes, computedWrite, thisEscapes };
}

/**
 * A known value: a primitive (`c`, the same in every instance specialised together) or read-only objects whose members
 * may fold (`o`: one per instance, or the one module namespace).
 */
type Known = { readonly c: unknown } | { readonly o: readonly object[] } | undefined;

/** The members `key` of `objs` as a known value: one primitive equal in all of them, or objects in all of them. */
function memberOf(objs: readonly object[], key: unknown): Known {
  const vals: unknown[] = [];
  for (const o of objs) {
    const d = ownData(o, key);
    if (!d) return undefined;
    vals.push(d.value);
  }
  if (vals.every(isPrim)) return vals.every((v) => Object.is(v, vals[0])) ? { c: vals[0] } : undefined;
  return vals.every((v) => typeof v === 'object' && v !== null) ? { o: vals as object[] } : undefined;
}

function emitPrimitive(v: unknown): string | undefined {
  if (typeof v === 'number') return Object.is(v, -0) ? '(-0)' : Number.isNaN(v) ? '(NaN)' : v === Infinity ? '(Infinity)' : v === -Infinity ? '(-Infinity)' : `(${String(v)})`;
  if (typeof v === 'boolean') return v ? '(true)' : '(false)';
  if (v === null) return '(null)';
  if (v === undefined) return '(void 0)';
  return undefined; // a string or anything else is never written into the code
}

function ownData(o: object, key: unknown): { value: unknown } | undefined {
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const d = Object.getOwnPropertyDescriptor(o, String(key));
  return d && 'value' in d ? { value: d.value } : undefined;
}

function isModuleNamespace(v: unknown): v is object {
  return typeof v === 'object' && v !== null && (v as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Module';
}

const BIN: Record<string, (a: any, b: any) => unknown> = {
  '===': (a, b) => a === b, '!==': (a, b) => a !== b, '==': (a, b) => a == b, '!=': (a, b) => a != b, // eslint-disable-line eqeqeq
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b,
  '+': (a, b) => a + b, '-': (a, b) => a - b, '*': (a, b) => a * b, '/': (a, b) => a / b, '%': (a, b) => a % b,
  '&': (a, b) => a & b, '|': (a, b) => a | b, '^': (a, b) => a ^ b, '<<': (a, b) => a << b, '>>': (a, b) => a >> b, '>>>': (a, b) => a >>> b,
};
const isPrim = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function');

/** The rewriter of one method: its text with every known read folded and dead branches cut. */
class Rewriter {
  private readonly aliases = new Map<string, Known>();
  constructor(private readonly p: Parsed, private readonly fieldConst: Map<string, unknown>, private readonly config: Map<string, readonly object[]>, private readonly scope: ReadonlyMap<string, unknown>) {
    // `const g = this.g` (declared once in the method): g's paths fold as this.g's.
    walk(p.fn, (n, parent) => {
      if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.init && parent?.kind === 'const' && p.declared.get(n.id.name) === 1) {
        const k = this.known(n.init);
        if (k) this.aliases.set(n.id.name, k);
      }
    });
  }

  private readonly memo = new Map<Node, Known>();

  known(n: Node): Known {
    if (this.memo.has(n)) return this.memo.get(n);
    const k = this.evaluate(n);
    this.memo.set(n, k);
    return k;
  }

  private evaluate(n: Node): Known {
    switch (n.type) {
      case 'Literal': return n.regex || typeof n.value === 'bigint' ? undefined : { c: n.value };
      case 'Identifier': {
        if (this.p.declared.has(n.name)) return this.aliases.get(n.name);
        if (n.name === 'undefined') return { c: undefined };
        if (!this.scope.has(n.name)) return undefined;
        const v = this.scope.get(n.name);
        return isPrim(v) ? { c: v } : isModuleNamespace(v) ? { o: [v] } : undefined;
      }
      case 'MemberExpression': {
        if (n.optional) return undefined;
        if (isThisMember(n) && !n.computed) {
          const f = n.property.name;
          if (this.fieldConst.has(f)) return { c: this.fieldConst.get(f) };
          const o = this.config.get(f);
          return o ? { o } : undefined;
        }
        const base = this.known(n.object);
        if (!base || !('o' in base)) return undefined;
        let key: unknown;
        if (n.computed) {
          const k = this.known(n.property);
          if (!k || !('c' in k)) return undefined;
          key = k.c;
        } else key = n.property.name;
        return memberOf(base.o, key);
      }
      case 'UnaryExpression': {
        const a = this.known(n.argument);
        if (!a || !('c' in a)) return undefined;
        switch (n.operator) {
          case '!': return { c: !a.c };
          case '-': return typeof a.c === 'number' ? { c: -a.c } : undefined;
          case '+': return typeof a.c === 'number' ? { c: a.c } : undefined;
          case 'void': return { c: undefined };
          case 'typeof': return { c: typeof a.c };
        }
        return undefined;
      }
      case 'BinaryExpression': {
        const f = BIN[n.operator];
        if (!f) return undefined;
        const a = this.known(n.left), b = this.known(n.right);
        return a && b && 'c' in a && 'c' in b ? { c: f(a.c, b.c) } : undefined;
      }
      case 'LogicalExpression': {
        const a = this.known(n.left);
        if (!a || !('c' in a)) return undefined;
        const takeLeft = n.operator === '&&' ? !a.c : n.operator === '||' ? !!a.c : a.c !== null && a.c !== undefined;
        return takeLeft ? a : this.known(n.right);
      }
      case 'ConditionalExpression': {
        const t = this.known(n.test);
        if (!t || !('c' in t)) return undefined;
        return this.known(t.c ? n.consequent : n.alternate);
      }
    }
    return undefined;
  }

  /** The rewritten text of node `n` (whose parent is `parent`). */
  text(n: Node, parent: Node | null = null): string {
    // A known primitive in a value position becomes its literal (never a string).
    if (this.isValuePosition(n, parent)) {
      const k = this.known(n);
      if (k && 'c' in k) {
        const lit = emitPrimitive(k.c);
        if (lit !== undefined) return parent?.type === 'Property' && parent.shorthand ? `${parent.key.name}: ${lit}` : lit;
      }
    }
    switch (n.type) {
      case 'IfStatement': {
        const t = this.known(n.test);
        if (t && 'c' in t) return t.c ? this.text(n.consequent, n) : n.alternate ? this.text(n.alternate, n) : ';';
        break;
      }
      case 'ConditionalExpression': {
        const t = this.known(n.test);
        if (t && 'c' in t) return `(${this.text(t.c ? n.consequent : n.alternate, n)})`;
        break;
      }
      case 'LogicalExpression': {
        const a = this.known(n.left);
        if (a && 'c' in a) {
          const takeLeft = n.operator === '&&' ? !a.c : n.operator === '||' ? !!a.c : a.c !== null && a.c !== undefined;
          if (!takeLeft) return `(${this.text(n.right, n)})`;
          const lit = emitPrimitive(a.c);
          if (lit !== undefined) return lit;
        }
        break;
      }
    }
    // Otherwise: the original text with each child rewritten.
    const src = this.p.src;
    let out = '', at = n.start;
    for (const c of children(n)) {
      if (c.start < at) continue; // shorthand properties share one node range
      out += src.slice(at, c.start) + this.text(c, n);
      at = c.end;
    }
    return out + src.slice(at, n.end);
  }

  private isValuePosition(n: Node, parent: Node | null): boolean {
    if (!/Expression$|^Identifier$|^Literal$/.test(n.type) || n.type === 'ThisExpression' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') return false;
    if (!parent) return false;
    if (n.type === 'Identifier' && !isReference(n, parent)) return false;
    if (n.type === 'Identifier' && parent.type === 'VariableDeclarator') return parent.init === n;
    // Assignment and update targets, and the objects of calls (`x.f()` keeps its `this`), stay as written.
    if (parent.type === 'AssignmentExpression' && parent.left === n) return false;
    if (parent.type === 'UpdateExpression') return false;
    if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return false;
    if (parent.type === 'CallExpression' && parent.callee === n) return false;
    if (parent.type === 'MemberExpression' && parent.object === n) return false;
    if (/Pattern$/.test(parent.type) && !(parent.type === 'AssignmentPattern' && parent.right === n)) return false;
    if (parent.type === 'Property' && parent.key === n && !parent.computed) return false;
    return true;
  }
}

/** Own enumerable and non-enumerable methods of the chain above `instance`, most derived first, up to Object. */
function chainMethods(instance: object): { methods: Map<string, Function>; all: { name: string; fn: Function }[] } {
  const methods = new Map<string, Function>();
  const all: { name: string; fn: Function }[] = [];
  for (let p = Object.getPrototypeOf(instance); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(p, k)!;
      for (const f of [d.value, d.get, d.set]) if (typeof f === 'function') all.push({ name: k, fn: f });
      if (typeof d.value === 'function' && !methods.has(k)) methods.set(k, d.value);
      if (!methods.has(k)) methods.set(k, null as unknown as Function); // an accessor shadows deeper methods
    }
  }
  for (const k of [...methods.keys()]) if (methods.get(k) === null) methods.delete(k);
  return { methods, all };
}

/** Each method's parse, kept for the thread's life (a method's source never changes; null: not parseable). */
const parsed = new WeakMap<Function, Parsed | null>();

/**
 * Specialise the class chain of `instances` (one class, e.g. the runners of every variant of one experiment) to the
 * facts they share: returns one subclass of their class whose methods are the chain's methods rewritten (see the module
 * comment), a field or configuration path folding only where it holds the same primitive in every instance. Build each
 * runner with `new cls(...sameArgs)`. One class for all of them matters as much as what folds: every class is compiled
 * by the JavaScript engine on its own, and a class per variant multiplied that work by the variants (issue 44: on an
 * 11-variant experiment the optimising compiler's time went ×3.8, and `run` played slower than the general engine).
 */
export function specialiseClass<T extends object>(instances: readonly T[], facts: PeFacts): PeResult<T> {
  const instance = instances[0];
  if (!instance || instances.some((x) => x.constructor !== instance.constructor)) throw new Error('specialise: instances of one class expected');
  const { methods, all } = chainMethods(instance);
  const general: { method: string; why: string }[] = [];
  // Writes to fields anywhere in the chain (every method, accessor and instance function), parsed once each.
  const parseOf = (name: string, fn: Function): Parsed | null => {
    if (!parsed.has(fn)) {
      let p: Parsed | null = null;
      try { p = parseMethod(name, Function.prototype.toString.call(fn)); } catch { p = null; }
      parsed.set(fn, p);
    }
    return parsed.get(fn)!;
  };
  const written = new Set<string>();
  let unsafeFields = false;
  const ownFns = instances.flatMap((x) => Object.keys(x).filter((k) => typeof (x as Record<string, unknown>)[k] === 'function')
    .map((k) => ({ name: k, fn: (x as Record<string, Function>)[k] })));
  for (const { name, fn } of [...all, ...ownFns]) {
    const p = parseOf(name, fn);
    if (p === null) { unsafeFields = true; continue; }
    for (const w of p.writes) written.add(w);
    if (p.computedWrite || p.thisEscapes) unsafeFields = true;
  }
  const fieldConst = new Map<string, unknown>();
  const config = new Map<string, readonly object[]>();
  const nullSet = new Set(facts.nullFields);
  for (const f of facts.nullFields) fieldConst.set(f, null);
  if (!unsafeFields) {
    for (const k of Object.getOwnPropertyNames(instance)) {
      if (nullSet.has(k) || written.has(k)) continue;
      const m = memberOf(instances, k);
      if (m && 'c' in m) fieldConst.set(k, m.c);
    }
    for (const f of facts.configFields) {
      const m = written.has(f) ? undefined : memberOf(instances, f);
      if (m && 'o' in m) config.set(f, m.o);
    }
  }
  const bodies: string[] = [];
  const specialised: string[] = [];
  const binds = new Set<string>();
  for (const [name, fn] of methods) {
    const p = parseOf(name, fn);
    if (!p) { general.push({ method: name, why: 'unparsed' }); continue; }
    if (!isSafeName(name)) { general.push({ method: '?', why: 'name' }); continue; }
    if (p.usesSuper) { general.push({ method: name, why: 'super' }); continue; }
    const unknown = [...p.free].filter((x) => !GLOBALS.has(x) && !facts.scope.has(x));
    if (unknown.length > 0) { general.push({ method: name, why: `free: ${unknown.filter(isSafeName).join(' ')}` }); continue; }
    const rw = new Rewriter(p, fieldConst, config, facts.scope);
    const fnText = rw.text(p.fn.body, p.fn);
    const params = p.src.slice(p.fn.start, p.fn.body.start);
    const prefix = p.src.slice(p.fn.start - 0, p.fn.start); // always empty: the method's key precedes the params
    void prefix;
    const isAsync = p.fn.async ? 'async ' : '';
    const star = p.fn.generator ? '*' : '';
    for (const x of p.free) if (!GLOBALS.has(x)) binds.add(x);
    bodies.push(`${isAsync}${star}${name}${params}${fnText}`);
    specialised.push(name);
  }
  const names = [...binds].sort();
  // A class body is strict code: no directive needed (and the source then holds no string of its own).
  const source = `return class extends Base {\n${bodies.join('\n')}\n};`;
  const cls = evaluateClass<T>(instance.constructor as new (...a: never[]) => T, source, names, facts.scope);
  return { cls, source, specialised, general, constants: [...fieldConst.keys()].sort(), names };
}

/**
 * The subclass of `base` a generated `source` defines, its free `names` bound to their values in `scope` (every name a
 * checked identifier the scope holds). {@link specialiseClass} builds its class so; a worker thread builds the class of
 * a source its run's main thread generated the same way (src/sim/core/pe-shipment.ts).
 */
export function evaluateClass<T>(base: new (...a: never[]) => T, source: string, names: readonly string[], scope: ReadonlyMap<string, unknown>): new (...args: never[]) => T {
  for (const x of names) if (!isSafeName(x) || !scope.has(x)) throw new Error(`specialise: unsafe scope name`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const factory = new Function('Base', ...names, source) as (...a: unknown[]) => new (...args: never[]) => T;
  return factory(base, ...names.map((x) => scope.get(x)));
}
