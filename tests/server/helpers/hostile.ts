/**
 * Hostile requests built from the OpenAPI document: for every documented operation, a
 * valid-looking request (sampled from its schemas) and the broken variants real traffic
 * brings: NUL in every string field and parameter, deep nesting, malformed multipart,
 * numbers that are not finite or not integers, and wrong types. Nothing here knows a
 * route by name, so a new route is covered the day it is added to the document.
 */
export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody: Schema | null;
  multipartBody: Schema | null;
}

export interface HostileCase {
  operation: Operation;
  kind: string;
  /** The field or parameter that carries the hostile value, when there is one. */
  field: string | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
}

/** Every operation of the document, except the socket upgrade (not an HTTP exchange). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path === '/ws') continue;
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: content['application/json']?.schema ?? null,
        multipartBody: content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** Known field names get values our handlers accept, so hostile variants reach deep code. */
export type Overrides = Record<string, unknown>;

function firstBranch(schema: Schema): Schema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  return branches.find((b) => b.type !== 'object' || b.properties) ?? branches[0];
}

export function sample(schema: Schema | undefined, name: string, overrides: Overrides): unknown {
  if (name in overrides) return overrides[name];
  if (!schema) return 'fuzz';
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  const s = firstBranch(schema);
  if (s !== schema) return sample(s, name, overrides);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date-time') return '2024-05-01T10:00:00Z';
      return 'f'.repeat(Math.max(4, s.minLength ?? 0));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(s.items, name, overrides)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        // A described-only property is a file field: JSON bodies leave it out.
        if (!child.type && !child.anyOf && !child.enum && !(key in overrides)) continue;
        out[key] = sample(child, key, overrides);
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

interface Leaf {
  path: string[];
  schema: Schema;
}

/** Every property of a body schema, nested ones included, with the schema it was sampled from. */
function leaves(schema: Schema, prefix: string[] = []): Leaf[] {
  const s = firstBranch(schema);
  if (s.type !== 'object' || !s.properties) return prefix.length ? [{ path: prefix, schema }] : [];
  const out: Leaf[] = prefix.length ? [{ path: prefix, schema }] : [];
  for (const [key, child] of Object.entries(s.properties)) out.push(...leaves(child, [...prefix, key]));
  return out;
}

function withValue(body: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object' || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy;
}

const NUL = 'fu\u0000zz';
const NESTING = 500;
export const nestedArray = (depth = NESTING): string => '['.repeat(depth) + ']'.repeat(depth);
export const nestedObject = (depth = NESTING): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** Raw JSON numbers JSON.parse turns into Infinity or that are not integers, and strings that coerce to them. */
const NUMBER_TEXTS = ['1e309', '-1e309', '"1e309"', '"Infinity"', '"-Infinity"', '"NaN"', '1.5', '"0x10"'];
const WRONG_TYPES = ['["x"]', '{"a":1}', 'true', '12345', 'null', '"fuzz"'];

function isNumeric(schema: Schema): boolean {
  const s = firstBranch(schema);
  return s.type === 'integer' || s.type === 'number' || Boolean(schema.anyOf?.some((b) => b.type === 'number' || b.type === 'integer'));
}

function isString(schema: Schema): boolean {
  const s = firstBranch(schema);
  return s.type === 'string' || Boolean(s.enum);
}

/** JSON text of body with the value at path replaced by raw JSON text (so 1e309 stays 1e309). */
function rawJson(body: unknown, path: string[], raw: string): string {
  const marker = '__HOSTILE_VALUE__';
  return JSON.stringify(withValue(body, path, marker)).replace(`"${marker}"`, () => raw);
}

/** A form; `jsonField` is sent as a part declared application/json (parsers turn those into objects). */
function multipart(fields: Record<string, unknown>, boundary = 'hostileboundary', jsonField?: string): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n${
        name === jsonField ? 'content-type: application/json\r\n' : ''
      }\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}

export interface CaseContext {
  overrides: Overrides;
  /** Path parameter value for an operation (fixtures: a real cause, cart, payment …). */
  pathValue(path: string, name: string): string;
  /** Headers of the caller who may use this operation (a user, or an admin for admin routes). */
  authFor(operation: Operation): Record<string, string>;
}

let keyCounter = 0;

/** Kinds every route must refuse with 400 once the caller is let in: the body cannot be read or is too deep. */
export const ALWAYS_400 = new Set([
  'deep-json',
  'deep-multipart-json',
  'broken-json',
  'nul-key-json',
  'nul-idempotency-key',
  'multipart-no-boundary',
  'multipart-wrong-boundary',
  'multipart-unterminated',
  'multipart-garbage',
]);

/** The hostile variants of one operation, each a complete inject() request. */
export function hostileCases(op: Operation, ctx: CaseContext): HostileCase[] {
  const cases: HostileCase[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) baseQuery[p.name] = String(sample(p.schema, p.name, ctx.overrides));
  const urlFor = (pathOverride: Record<string, string> = {}, query: Record<string, string> = baseQuery) => {
    let url = op.path;
    for (const p of pathParams) {
      url = url.replace(`{${p.name}}`, pathOverride[p.name] ?? encodeURIComponent(ctx.pathValue(op.path, p.name)));
    }
    const qs = Object.entries(query)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    return qs ? `${url}?${qs}` : url;
  };
  const auth = ctx.authFor(op);
  const add = (kind: string, field: string | null, extra: Partial<HostileCase> = {}) =>
    cases.push({ operation: op, kind, field, method: op.method, url: urlFor(), headers: { ...auth }, ...extra });

  for (const p of pathParams) add('nul-path', p.name, { url: urlFor({ [p.name]: '%00' }) });
  for (const p of queryParams) {
    add('nul-query', p.name, { url: urlFor({}, { ...baseQuery, [p.name]: NUL }) });
    if (p.schema && isNumeric(p.schema)) {
      for (const text of ['1e309', 'Infinity', '-Infinity', 'NaN', '1.5', '1e3']) {
        add('number-query', p.name, { url: urlFor({}, { ...baseQuery, [p.name]: text }) });
      }
    }
    add('array-query', p.name, { url: `${urlFor()}${urlFor().includes('?') ? '&' : '?'}${p.name}=a&${p.name}=b` });
  }

  const jsonHeaders = { ...auth, 'content-type': 'application/json' };
  if (op.jsonBody) {
    const base = sample(op.jsonBody, '', ctx.overrides);
    for (const leaf of leaves(op.jsonBody)) {
      const field = leaf.path.join('.');
      if (isString(leaf.schema)) add('nul-json', field, { headers: jsonHeaders, payload: rawJson(base, leaf.path, JSON.stringify(NUL)) });
      if (isNumeric(leaf.schema)) {
        for (const text of NUMBER_TEXTS) add('number-json', field, { headers: jsonHeaders, payload: rawJson(base, leaf.path, text) });
      }
      for (const text of WRONG_TYPES) add('type-json', field, { headers: jsonHeaders, payload: rawJson(base, leaf.path, text) });
      for (const nested of [nestedArray(), nestedObject()]) {
        keyCounter += 1;
        add('deep-json', field, {
          headers: { ...jsonHeaders, 'idempotency-key': `hostile-${keyCounter}` },
          payload: rawJson(base, leaf.path, nested),
        });
      }
    }
    add('nul-key-json', null, { headers: jsonHeaders, payload: JSON.stringify({ ...(base as object), ['k\u0000']: 'v' }) });
    for (const nested of [nestedArray(), nestedObject(), nestedArray(50_000)]) {
      keyCounter += 1;
      add('deep-json', null, { headers: { ...jsonHeaders, 'idempotency-key': `hostile-${keyCounter}` }, payload: nested });
    }
    add('broken-json', null, { headers: jsonHeaders, payload: '{"a":' });
    add('nul-idempotency-key', null, { headers: { ...jsonHeaders, 'idempotency-key': 'key-\u0000' }, payload: JSON.stringify(base) });
  }
  if (op.multipartBody) {
    const base = sample(op.multipartBody, '', ctx.overrides) as Record<string, unknown>;
    const typed = (boundary = 'hostileboundary') => ({ ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` });
    for (const leaf of leaves(op.multipartBody).filter((l) => l.path.length === 1)) {
      add('nul-multipart', leaf.path[0], { headers: typed(), payload: multipart({ ...base, [leaf.path[0]]: NUL }) });
      add('deep-multipart', leaf.path[0], { headers: typed(), payload: multipart({ ...base, [leaf.path[0]]: nestedArray() }) });
      add('deep-multipart-json', leaf.path[0], {
        headers: typed(),
        payload: multipart({ ...base, [leaf.path[0]]: nestedObject() }, 'hostileboundary', leaf.path[0]),
      });
    }
    const body = multipart(base);
    add('multipart-no-boundary', null, { headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: body });
    add('multipart-wrong-boundary', null, { headers: typed('not-the-boundary'), payload: body });
    add('multipart-unterminated', null, { headers: typed(), payload: body.subarray(0, body.length - 24) });
    add('multipart-garbage', null, { headers: typed(), payload: Buffer.from('--hostileboundary\r\nnot a header\r\n\r\n') });
  }
  return cases;
}
