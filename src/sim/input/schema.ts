/**
 * Schema reading for human-edited YAML: a {@link Cursor} walks the parsed
 * document and every check that fails throws one {@link InputError} naming the
 * file, the line, the path (e.g. `variants[2].members.gunner`) and what is
 * allowed.
 */
import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Document, type Node } from 'yaml';
import { InputError } from './input-error.js';
import { localAccess, readBoundedFile, type ScenarioAccess } from './scenario-path.js';
import { MAX_INPUT_FILE_BYTES } from './limits.js';
import { checkTextSize, controlChar, toData } from './yaml-data.js';
import { t, type Msg } from '../../i18n/t.js';
import type { MessageId } from '../../i18n/messages-en.js';
import { findFullWidth, type FullWidthHit } from './full-width.js';

/** The name of each kind of full-width character, for the message. */
const FULL_WIDTH_NAME: Readonly<Record<string, MessageId>> = {
  ':': 'input.fwColon', ' ': 'input.fwSpace', '-': 'input.fwHyphen', ',': 'input.fwComma', '[': 'input.fwBracket', ']': 'input.fwBracket',
  '{': 'input.fwBrace', '}': 'input.fwBrace', '#': 'input.fwHash', '.': 'input.fwPeriod', '+': 'input.fwPlus',
};

/** The message for a full-width character where YAML expects ASCII (names line, column, character and replacement). */
export function fullWidthMsg(hit: FullWidthHit): Msg {
  const name = t(FULL_WIDTH_NAME[hit.ascii] ?? 'input.fwDigit');
  const code = hit.char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return { id: 'input.fullWidthChar', params: { name, char: hit.char, code, col: hit.col, ascii: hit.ascii } };
}

export type PathPart = string | number;

/** A parsed YAML file and the means to find the line of any path in it. */
export class Source {
  private constructor(
    readonly file: string,
    readonly text: string,
    readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    /** The folders the files this one names (scenarios) may be read from (issue 29). */
    readonly access: ScenarioAccess,
  ) {}

  /**
   * Parse YAML text; a syntax error becomes an InputError with its line. `access` defaults to that of a local
   * file (its folder, the scenarios/ folder beside it, the configured roots); a queue worker passes its own.
   */
  static parse(file: string, text: string, access: ScenarioAccess = localAccess(file)): Source {
    checkTextSize(file, text);
    const fw = findFullWidth(text);
    if (fw) throw new InputError(file, fw.line, '', fullWidthMsg(fw));
    const lines = new LineCounter();
    // Duplicate keys are refused by toData with a Set: the parser's own check is quadratic (100,000 keys: minutes).
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      const line = e.linePos?.[0]?.line ?? lines.linePos(e.pos[0]).line;
      throw new InputError(file, line, '', { id: 'input.yamlSyntax', params: { message: e.message.split('\n')[0] } });
    }
    return new Source(file, text, doc, lines, access);
  }

  /** Read (an ordinary file of bounded size, {@link readBoundedFile}) and parse a YAML file. */
  static load(file: string, access?: ScenarioAccess): Source {
    return Source.parse(file, readBoundedFile(file, MAX_INPUT_FILE_BYTES), access);
  }

  /** 1-based line of the node at `path`, or of its nearest existing ancestor. */
  lineOf(path: readonly PathPart[]): number | undefined {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node && (node as Node).range) return this.lines.linePos(node.range![0]).line;
      if (n > 0) {
        // A key that exists with a null value: point at the key.
        const parent = this.doc.getIn(path.slice(0, n - 1), true);
        if (isMap(parent)) {
          const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[n - 1]);
          if (pair && isScalar(pair.key) && pair.key.range) return this.lines.linePos(pair.key.range[0]).line;
        }
      }
    }
    return undefined;
  }

  /** The document as plain data (null-prototype mappings; {@link toData} refuses what is not data). */
  root(): Cursor {
    return new Cursor(this, [], toData(this.doc, this.lines, this.file));
  }
}

/** A value as an error message names it: `nothing`, `null`, `a list`, `a mapping`, `"text"`, `12`. */
function describe(v: unknown): string {
  if (v === undefined) return t('input.nothing');
  if (v === null) return 'null';
  if (Array.isArray(v)) return t('input.aList');
  if (typeof v === 'object') return t('input.aMapping');
  if (typeof v === 'string') return `"${v}"`;
  return String(v);
}

/** A position in a parsed document, with typed, checked accessors. */
export class Cursor {
  constructor(
    readonly source: Source,
    readonly parts: readonly PathPart[],
    readonly value: unknown,
  ) {}

  /** Human path like `variants[2].members.gunner`. */
  get path(): string {
    let s = '';
    for (const p of this.parts) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
    return s;
  }

  /** Throw the one InputError for this position. */
  fail(problem: string | Msg, allowed?: string | Msg): never {
    throw new InputError(this.source.file, this.source.lineOf(this.parts), this.path, problem, allowed);
  }

  get missing(): boolean {
    return this.value === undefined || this.value === null;
  }

  /** Child at `key` (its value may be missing). */
  key(key: string): Cursor {
    const v = this.value && typeof this.value === 'object' && !Array.isArray(this.value) ? (this.value as Record<string, unknown>)[key] : undefined;
    return new Cursor(this.source, [...this.parts, key], v);
  }

  /** Assert a mapping whose keys are all in `allowed`; returns this. */
  object(allowed: readonly string[], required: readonly string[] = []): this {
    if (this.value === null || typeof this.value !== 'object' || Array.isArray(this.value)) {
      this.fail({ id: 'input.expectedMapping', params: { got: describe(this.value) } }, allowed.join(', '));
    }
    for (const k of Object.keys(this.value as object)) {
      if (!allowed.includes(k)) this.key(k).fail({ id: 'input.unknownKey', params: { key: k } }, allowed.join(', '));
    }
    for (const k of required) {
      if (this.key(k).missing) this.fail({ id: 'input.missingKey', params: { key: k } }, allowed.join(', '));
    }
    return this;
  }

  /** Entries of a mapping with free keys (e.g. item → count). */
  entries(): [string, Cursor][] {
    if (this.missing) return [];
    if (typeof this.value !== 'object' || Array.isArray(this.value)) this.fail({ id: 'input.expectedMapping', params: { got: describe(this.value) } });
    return Object.keys(this.value as object).map((k) => [k, this.key(k)]);
  }

  /** Items of a list (missing → empty list unless `required`). */
  list(opts: { required?: boolean; min?: number } = {}): Cursor[] {
    if (this.missing) {
      if (opts.required || (opts.min ?? 0) > 0) this.fail({ id: 'input.missingList' });
      return [];
    }
    if (!Array.isArray(this.value)) this.fail({ id: 'input.expectedList', params: { got: describe(this.value) } });
    const arr = this.value as unknown[];
    if (opts.min !== undefined && arr.length < opts.min) this.fail({ id: 'input.tooFewItems', params: { min: opts.min, got: arr.length } });
    return arr.map((v, i) => new Cursor(this.source, [...this.parts, i], v));
  }

  /**
   * A string, optionally one of a fixed set. One line of printable text unless `multiline` (a briefing, a note): a
   * label, name or question with a line break or tab is refused here with its line (issue 39 item 3; the file's other
   * control characters were refused when it was read, yaml-data.ts).
   */
  str(opts: { default?: string; oneOf?: readonly string[]; multiline?: boolean } = {}): string {
    if (this.missing) {
      if (opts.default !== undefined) return opts.default;
      this.fail({ id: 'input.missingValue' }, opts.oneOf?.join(', ') ?? t('input.aString'));
    }
    if (typeof this.value !== 'string' && typeof this.value !== 'number') this.fail({ id: 'input.expectedString', params: { got: describe(this.value) } }, opts.oneOf?.join(', '));
    const s = String(this.value);
    const bad = opts.multiline ? null : controlChar(s, false);
    if (bad !== null) this.fail({ id: 'hostile.controlChar', params: { code: bad } }, t('hostile.textAllowed'));
    if (opts.oneOf && !opts.oneOf.includes(s)) this.fail({ id: 'input.unknownValue', params: { value: s } }, opts.oneOf.join(', '));
    return s;
  }

  /** A number with optional bounds; `int` requires an integer. */
  num(opts: { default?: number; min?: number; max?: number; int?: boolean } = {}): number {
    const range = t(opts.int ? 'input.anInteger' : 'input.aNumber') + (opts.min !== undefined ? ` ≥ ${opts.min}` : '') + (opts.max !== undefined ? t('input.andAtMost', { max: opts.max }) : '');
    if (this.missing) {
      if (opts.default !== undefined) return opts.default;
      this.fail({ id: 'input.missingValue' }, range);
    }
    const v = this.value;
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail({ id: 'input.expectedNumber', params: { got: describe(v) } }, range);
    if (opts.int && !Number.isInteger(v)) this.fail({ id: 'input.expectedInteger', params: { got: v as number } }, range);
    if (opts.min !== undefined && v < opts.min) this.fail({ id: 'input.belowMin', params: { value: v } }, range);
    if (opts.max !== undefined && v > opts.max) this.fail({ id: 'input.aboveMax', params: { value: v } }, range);
    return v;
  }

  /** A boolean. */
  bool(opts: { default?: boolean } = {}): boolean {
    if (this.missing) {
      if (opts.default !== undefined) return opts.default;
      this.fail({ id: 'input.missingValue' }, 'true, false');
    }
    if (typeof this.value !== 'boolean') this.fail({ id: 'input.expectedBoolean', params: { got: describe(this.value) } }, 'true, false');
    return this.value;
  }
}
