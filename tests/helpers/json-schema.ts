// A small JSON Schema (draft 2020-12) validator for the subset the published schemas use (schemas/*.schema.json):
// type, enum, const, pattern, minimum/maximum, minLength, items, minItems/maxItems, properties, required,
// additionalProperties, patternProperties, propertyNames, minProperties/maxProperties, anyOf, oneOf, allOf,
// if/then/else, $ref to "#/$defs/…". A keyword outside the subset is an error, so a schema cannot silently use more.
// Written here rather than taken as a dependency: the subset is ~100 lines and the tests need its inner walk
// (which branch of an anyOf holds a value) to compare the schema's keys with the compiler's.

export type Schema = boolean | { [k: string]: unknown };

const KNOWN = new Set(['$schema', '$id', '$defs', '$ref', '$comment', 'title', 'description', 'examples', 'default', 'type', 'enum', 'const',
  'pattern', 'minimum', 'maximum', 'minLength', 'items', 'minItems', 'maxItems', 'properties', 'required', 'additionalProperties',
  'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else']);

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);

/** Resolve a local `$ref` (`#/$defs/name`). */
export function deref(root: Schema, s: Schema): Schema {
  let x = s;
  while (typeof x === 'object' && typeof x.$ref === 'string') {
    const path = (x.$ref as string).replace(/^#\//, '').split('/');
    let y: unknown = root;
    for (const p of path) y = (y as Record<string, unknown>)[p];
    if (y === undefined) throw new Error(`unresolved $ref ${x.$ref as string}`);
    x = y as Schema;
  }
  return x;
}

/** The errors of `v` against `s` (empty: valid), each `path: what`. */
export function validate(root: Schema, s: Schema, v: unknown, path = ''): string[] {
  const sc = deref(root, s);
  if (sc === true) return [];
  if (sc === false) return [`${path}: not allowed`];
  for (const k of Object.keys(sc)) if (!KNOWN.has(k)) throw new Error(`schema keyword ${k} is outside the validator's subset`);
  const errs: string[] = [];
  const t = typeOf(v);
  if (sc.type !== undefined) {
    const types = ([] as string[]).concat(sc.type as string | string[]);
    if (!types.some((x) => x === t || (x === 'number' && t === 'integer'))) return [`${path}: ${t} is not ${types.join('|')}`];
  }
  if (sc.enum !== undefined && !(sc.enum as unknown[]).some((x) => x === v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (sc.const !== undefined && sc.const !== v) errs.push(`${path}: ${JSON.stringify(v)} is not ${JSON.stringify(sc.const)}`);
  if (typeof v === 'string') {
    if (sc.pattern !== undefined && !new RegExp(sc.pattern as string, 'u').test(v)) errs.push(`${path}: "${v}" does not match ${sc.pattern as string}`);
    if (sc.minLength !== undefined && [...v].length < (sc.minLength as number)) errs.push(`${path}: shorter than ${sc.minLength as number}`);
  }
  if (typeof v === 'number') {
    if (sc.minimum !== undefined && v < (sc.minimum as number)) errs.push(`${path}: ${v} < ${sc.minimum as number}`);
    if (sc.maximum !== undefined && v > (sc.maximum as number)) errs.push(`${path}: ${v} > ${sc.maximum as number}`);
  }
  if (Array.isArray(v)) {
    if (sc.minItems !== undefined && v.length < (sc.minItems as number)) errs.push(`${path}: fewer than ${sc.minItems as number} items`);
    if (sc.maxItems !== undefined && v.length > (sc.maxItems as number)) errs.push(`${path}: more than ${sc.maxItems as number} items`);
    if (sc.items !== undefined) v.forEach((x, i) => errs.push(...validate(root, sc.items as Schema, x, `${path}[${i}]`)));
  }
  if (t === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    for (const r of (sc.required as string[] | undefined) ?? []) if (!(r in o)) errs.push(`${path}: missing ${r}`);
    if (sc.minProperties !== undefined && keys.length < (sc.minProperties as number)) errs.push(`${path}: fewer than ${sc.minProperties as number} keys`);
    if (sc.maxProperties !== undefined && keys.length > (sc.maxProperties as number)) errs.push(`${path}: more than ${sc.maxProperties as number} keys`);
    for (const k of keys) {
      const sub = subschema(sc, k);
      if (sub === undefined) continue;
      errs.push(...validate(root, sub, o[k], path ? `${path}.${k}` : k));
      if (sc.propertyNames !== undefined) errs.push(...validate(root, sc.propertyNames as Schema, k, `${path}{${k}}`));
    }
  }
  if (sc.allOf !== undefined) for (const b of sc.allOf as Schema[]) errs.push(...validate(root, b, v, path));
  if (sc.anyOf !== undefined && !(sc.anyOf as Schema[]).some((b) => validate(root, b, v, path).length === 0)) errs.push(`${path}: matches none of anyOf (${bestBranch(root, sc.anyOf as Schema[], v, path)})`);
  if (sc.oneOf !== undefined) {
    const ok = (sc.oneOf as Schema[]).filter((b) => validate(root, b, v, path).length === 0).length;
    if (ok !== 1) errs.push(`${path}: matches ${ok} of oneOf${ok === 0 ? ` (${bestBranch(root, sc.oneOf as Schema[], v, path)})` : ''}`);
  }
  if (sc.if !== undefined) {
    const cond = validate(root, sc.if as Schema, v, path).length === 0;
    const next = cond ? sc.then : sc.else;
    if (next !== undefined) errs.push(...validate(root, next as Schema, v, path));
  }
  return errs;
}

/** The schema a mapping's key is checked against: properties, then patternProperties, then additionalProperties. */
function subschema(sc: Record<string, unknown>, k: string): Schema | undefined {
  const props = sc.properties as Record<string, Schema> | undefined;
  if (props && k in props) return props[k];
  for (const [re, s] of Object.entries((sc.patternProperties as Record<string, Schema> | undefined) ?? {})) if (new RegExp(re, 'u').test(k)) return s;
  return sc.additionalProperties as Schema | undefined;
}

function bestBranch(root: Schema, branches: Schema[], v: unknown, path: string): string {
  const all = branches.map((b) => validate(root, b, v, path));
  return all.sort((a, b) => a.length - b.length)[0]?.slice(0, 2).join('; ') ?? '';
}

/**
 * The object schemas (with `properties`) that hold `v` at `path` under `s`: where an anyOf/oneOf/if branches, the
 * branches `v` is valid against. The keys a closed object schema allows are its `properties`' names.
 */
export function objectSchemasAt(root: Schema, s: Schema, doc: unknown, path: readonly (string | number)[]): Record<string, unknown>[] {
  // The schema itself and the branches `v` takes (valid anyOf/oneOf branches, every allOf, the if's then or else).
  const branches = (sc: Schema, v: unknown): Record<string, unknown>[] => {
    const x = deref(root, sc);
    if (typeof x !== 'object') return [];
    const out: Record<string, unknown>[] = [x];
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const b of (x[k] as Schema[] | undefined) ?? []) if (k === 'allOf' || validate(root, b, v).length === 0) out.push(...branches(b, v));
    if (x.if !== undefined) {
      const next = validate(root, x.if as Schema, v).length === 0 ? x.then : x.else;
      if (next !== undefined) out.push(...branches(next as Schema, v));
    }
    return out;
  };
  let cur: { sc: Schema; v: unknown }[] = [{ sc: s, v: doc }];
  for (const p of path) {
    const next: { sc: Schema; v: unknown }[] = [];
    for (const { sc, v } of cur) {
      const child = (v as Record<string | number, unknown>)[p];
      for (const o of branches(sc, v)) {
        const sub = Array.isArray(v) ? (o.items as Schema | undefined) : subschema(o, String(p));
        if (sub !== undefined) next.push({ sc: sub, v: child });
      }
    }
    cur = next;
  }
  return cur.flatMap(({ sc, v }) => branches(sc, v)).filter((o) => o.properties !== undefined);
}
