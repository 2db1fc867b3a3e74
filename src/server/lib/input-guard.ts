/**
 * Rules every piece of request input keeps, whatever the route:
 * - no NUL character (U+0000) in any string or object key: PostgreSQL refuses it in text
 *   and jsonb, and no field of ours has a use for it;
 * - no nesting deeper than MAX_INPUT_DEPTH: our payloads are a few levels deep, and deep
 *   nesting only serves to exhaust recursive code (fingerprints, jsonb, validators);
 * - numbers are finite (JSON's 1e309 parses to Infinity; coercion turns "Infinity" into one).
 * The validator (lib/validators.ts) applies them to params, query and body of every route;
 * the JSON and multipart parsers apply the depth rule before anything else reads a body.
 */
import { english } from './localize';

export const MAX_INPUT_DEPTH = 32;

export type InputProblemKind = 'nul' | 'depth' | 'finite';

export interface InputProblem {
  kind: InputProblemKind;
  /** Keys from the root to the offending value (NULs removed so the name can be shown). */
  path: string[];
}

export const INPUT_MESSAGES: Record<InputProblemKind, string> = {
  // The character is a value: the catalog's runtime would read a \u escape in a message as the character itself.
  nul: english('errors.input.nul', { char: '\\u0000' }),
  depth: english('errors.input.depth', { max: MAX_INPUT_DEPTH }),
  finite: english('errors.input.finite'),
};

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const printable = (key: string) => key.replace(/\u0000/g, '');

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  // Plain data only (parsed params and query strings are null-prototype dictionaries);
  // uploaded files and buffers are checked by the code that reads them.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Walks a value without recursion (so hostile depth cannot exhaust the stack); stops after `limit` problems. */
export function findInputProblems(root: unknown, limit = 20): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0 && problems.length < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) problems.push({ kind: 'nul', path });
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) problems.push({ kind: 'finite', path });
    } else if (isContainer(value)) {
      if (path.length >= MAX_INPUT_DEPTH) {
        problems.push({ kind: 'depth', path });
        continue;
      }
      for (const [key, child] of Object.entries(value)) {
        const childPath = [...path, printable(key)];
        if (key.includes('\u0000')) problems.push({ kind: 'nul', path: childPath });
        else stack.push({ value: child, path: childPath });
      }
    }
  }
  return problems;
}

/** True when JSON text opens more than `max` arrays/objects at once; a linear scan, nothing parsed. */
export function jsonTooDeep(text: string, max = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

export const TOO_DEEP_BODY = english('errors.input.bodyDepth', { max: MAX_INPUT_DEPTH });

/**
 * JSON text a client sent inside a field (a multipart field, a string holding JSON), parsed
 * with the same limits as a body: the value, or the message to show on that field.
 */
export function parseJsonText(
  text: string,
  invalidMessage = english('errors.input.json'),
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (jsonTooDeep(text)) return { ok: false, error: INPUT_MESSAGES.depth };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: invalidMessage };
  }
  const problem = findInputProblems(value, 1)[0];
  return problem ? { ok: false, error: INPUT_MESSAGES[problem.kind] } : { ok: true, value };
}
