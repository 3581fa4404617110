/**
 * YAML as data only (issue 29 items 2, 8, 11, 12): the parsed document becomes plain values — mappings as
 * null-prototype objects, lists, strings, numbers, booleans, null — and anything that is not data, or could
 * reach `Object.prototype` later, is refused with the file and line:
 * - the keys `__proto__`, `constructor` and `prototype` ({@link RESERVED_KEYS}), anywhere;
 * - an alias without its anchor (`*nope`), and aliases that stand for more than {@link MAX_ALIAS_NODES} values;
 * - any explicit tag except the core schema's own (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!map`,
 *   `!!seq`): `!foo`, `!!binary`, `!!set`, `!!timestamp`… are refused, not dropped or turned into objects;
 * - a key that is itself a mapping or a list;
 * - nesting deeper than {@link MAX_NESTING} and strings longer than {@link MAX_STRING_LENGTH}.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { InputError } from './input-error.js';
import { t } from '../../i18n/t.js';
import { MAX_ALIAS_NODES, MAX_INPUT_FILE_BYTES, MAX_NESTING, MAX_STRING_LENGTH, MAX_YAML_ITEMS } from './limits.js';

/** Keys that would reach an object's prototype when written by a dynamic path. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`));

/** Is `key` one of {@link RESERVED_KEYS}? */
export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}

/** A null-prototype object: no key can reach Object.prototype through it. */
export function dataObject(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/**
 * Write `obj[key] = value` as an own property, refusing a reserved key (a programming error by then: parsed
 * input never carries one). Safe on ordinary objects too.
 */
export function setOwn(obj: Record<string | number, unknown> | unknown[], key: string | number, value: unknown): void {
  if (typeof key === 'string' && isReservedKey(key)) throw new Error(`refusing to write the reserved key "${key}"`);
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** `obj[key]` only if it is the object's own property (never an inherited one such as `constructor`). */
export function getOwn(obj: object, key: string | number): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? (obj as Record<string | number, unknown>)[key] : undefined;
}

/**
 * Refuse, before parsing, text longer than {@link MAX_INPUT_FILE_BYTES} or with more than {@link MAX_YAML_ITEMS}
 * lines and commas (the parser's time grows with them: ~20 µs each on a shared core).
 */
export function checkTextSize(file: string, text: string): void {
  if (text.length > MAX_INPUT_FILE_BYTES) throw new InputError(file, undefined, '', { id: 'security.tooBig', params: { file, max: MAX_INPUT_FILE_BYTES } });
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 44) items++;
  }
  if (items > MAX_YAML_ITEMS) throw new InputError(file, undefined, '', { id: 'security.tooManyItems', params: { got: items, max: MAX_YAML_ITEMS } });
}

/**
 * Characters no text of an input file may hold (issue 39 item 3): C0 controls (tab and line feed only where
 * `multiline`), DEL, C1 controls, the line and paragraph separators U+2028/U+2029 (a Vega expression's string ends
 * there: the chart step crashed after the whole simulation) and the bidirectional overrides U+202A–U+202E and
 * U+2066–U+2069 (text shown in another order than it is stored). Validated once, when the file is read, so no output
 * — CSV, Vega-Lite, SVG, HTML, Markdown, the console — ever receives one.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The first forbidden character of `s` as `U+XXXX`, or null; `multiline` allows tab and line feed. */
export function controlChar(s: string, multiline: boolean): string | null {
  const m = (multiline ? CONTROL : CONTROL_ONE_LINE).exec(s);
  return m === null ? null : `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Convert a parsed document to data, or throw one InputError at the offending line. */
export function toData(doc: Document.Parsed, lines: LineCounter, file: string): unknown {
  const sizes = new Map<Node, number>();
  const values = new Map<Node, unknown>();
  let aliasNodes = 0;
  const lineOf = (n: { range?: readonly number[] | null } | null | undefined): number | undefined =>
    n?.range ? lines.linePos(n.range[0]).line : undefined;
  const fail = (n: { range?: readonly number[] | null } | null | undefined, msg: ConstructorParameters<typeof InputError>[3], allowed?: string): never => {
    throw new InputError(file, lineOf(n), '', msg, allowed);
  };

  /** Nodes in the subtree (aliases counted by what they stand for), bounded by the alias budget. */
  const sizeOf = (n: unknown, depth: number): number => {
    if (!n || typeof n !== 'object') return 1;
    const node = n as Node;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (depth > MAX_NESTING + 1) return 1; // conversion refuses it with its line
    let s = 1;
    if (isAlias(node)) {
      const target = node.resolve(doc);
      s = target ? sizeOf(target, depth + 1) : 1;
    } else if (isMap(node)) for (const p of node.items) s += sizeOf(p.key, depth + 1) + sizeOf(p.value, depth + 1);
    else if (isSeq(node)) for (const x of node.items) s += sizeOf(x, depth + 1);
    s = Math.min(s, MAX_ALIAS_NODES + 1);
    sizes.set(node, s);
    return s;
  };

  const checkTag = (node: Node) => {
    const tag = (node as { tag?: string }).tag;
    if (tag !== undefined && !CORE_TAGS.has(tag)) fail(node, { id: 'security.yamlTag', params: { tag } }, '!!str, !!int, !!float, !!bool, !!null, !!map, !!seq, or no tag');
  };

  const convert = (n: unknown, depth: number): unknown => {
    if (n === null || n === undefined) return null;
    const node = n as Node;
    if (depth > MAX_NESTING) fail(node, { id: 'security.tooDeep', params: { max: MAX_NESTING } });
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!target) fail(node, { id: 'security.undefinedAlias', params: { name: node.source } }, 'an alias after its anchor (&name … *name)');
      aliasNodes += sizeOf(target, depth);
      if (aliasNodes > MAX_ALIAS_NODES) fail(node, { id: 'security.aliasBomb', params: { max: MAX_ALIAS_NODES } });
      return convert(target, depth);
    }
    const memo = values.get(node);
    if (memo !== undefined) return memo;
    checkTag(node);
    let out: unknown;
    if (isScalar(node)) {
      const v = node.value;
      if (typeof v === 'string') {
        if (v.length > MAX_STRING_LENGTH) fail(node, { id: 'security.longString', params: { max: MAX_STRING_LENGTH, got: v.length } });
        const bad = controlChar(v, true);
        if (bad !== null) fail(node, { id: 'hostile.controlChar', params: { code: bad } }, t('hostile.textAllowed'));
        out = v;
      } else if (v === null || typeof v === 'number' || typeof v === 'boolean') out = v;
      else if (typeof v === 'bigint') out = Number(v);
      else fail(node, { id: 'security.yamlValue' });
    } else if (isMap(node)) {
      const obj = dataObject();
      const seen = new Set<string>();
      for (const p of node.items) {
        if (!isPair(p)) continue;
        const k = p.key as Node | null;
        let key = '';
        // A key set in code (doc.setIn) is a plain value, not a node.
        if (k !== null && typeof k !== 'object') key = String(k);
        else if (k !== null && k !== undefined) {
          if (!isScalar(k)) return fail(k, { id: 'security.complexKey' });
          checkTag(k);
          key = k.value === null ? '' : String(k.value);
        }
        if (key.length > MAX_STRING_LENGTH) fail(k !== null && typeof k === 'object' ? k : node, { id: 'security.longString', params: { max: MAX_STRING_LENGTH, got: key.length } });
        const badKey = controlChar(key, false);
        if (badKey !== null) fail(k !== null && typeof k === 'object' ? k : node, { id: 'hostile.controlChar', params: { code: badKey } }, t('hostile.textAllowed'));
        if (seen.has(key)) fail(k !== null && typeof k === 'object' ? k : node, { id: 'security.duplicateKey', params: { key } });
        seen.add(key);
        if (isReservedKey(key)) fail(k !== null && typeof k === 'object' ? k : node, { id: 'security.reservedKey', params: { key } }, 'any other key');
        setOwn(obj, key, convert(p.value, depth + 1));
      }
      out = obj;
    } else if (isSeq(node)) {
      out = node.items.map((x) => convert(x, depth + 1));
    } else fail(node, { id: 'security.yamlValue' });
    values.set(node, out);
    return out;
  };

  return convert(doc.contents, 0);
}
