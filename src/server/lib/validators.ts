/**
 * Fastify's schema validation, hardened for every route at once (app.ts installs it as the
 * schema controller's validator factory):
 *
 * 1. Fastify's usual Ajv pass, which coerces query strings and form fields ("2" → 2).
 * 2. A strict pass (no coercion, NaN/Infinity refused) over the coerced data. Coercion has
 *    gaps: inside anyOf a failed branch can leave ["x"] where a boolean|string is declared,
 *    and "Infinity" or "1e309" coerce to a number that slips past `maximum`. Whatever the
 *    first pass let through must still match the schema exactly.
 * 3. The input rules of lib/input-guard.ts (no NUL anywhere, bounded nesting, finite numbers),
 *    also in parts a schema leaves open (additional properties, unknown values).
 *
 * Problems are reported as Ajv errors, so the error handler names the field like any other.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { findInputProblems, type InputProblem } from './input-guard';

export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

interface DataContext {
  parentData: Record<string, unknown>;
  parentDataProperty: string;
}

type ValidateFn = ((data: unknown, context?: DataContext) => unknown) & {
  errors?: ValidationIssue[] | null;
  schemaEnv?: unknown;
};

type Factory = ReturnType<typeof AjvCompiler>;
type RouteDefinition = Parameters<ReturnType<Factory>>[0];

const pointer = (path: string[]) => path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function issueFor(problem: InputProblem): ValidationIssue {
  return { instancePath: pointer(problem.path), keyword: problem.kind, params: {} };
}

function guarded(coercing: ValidateFn, strict: ValidateFn): ValidateFn {
  const validate: ValidateFn = (data, context) => {
    const passed = context ? coercing(data, context) : coercing(data);
    // Async schemas are not used here; hand them back untouched rather than guess.
    if (passed instanceof Promise) return passed;
    // Coercion may replace the root value itself (Fastify passes the request as its parent);
    // a missing body is validated as null but stays undefined on the request.
    const replaced = context ? context.parentData[context.parentDataProperty] : undefined;
    const current = replaced === undefined ? data : replaced;
    let issues: ValidationIssue[] = passed ? [] : [...(coercing.errors ?? [])];
    if (passed && !strict(current)) issues = [...(strict.errors ?? [])];
    issues.push(...findInputProblems(current).map(issueFor));
    validate.errors = issues.length > 0 ? issues : null;
    return issues.length === 0;
  };
  validate.schemaEnv = coercing.schemaEnv;
  return validate;
}

/**
 * Compiles a route's validators when its first request arrives rather than at start-up: two Ajv
 * passes for every part of some 110 operations were most of a start's CPU (≈0.4 s) and memory held
 * for routes a process may never serve. A schema Ajv cannot compile then fails that route's requests
 * (a 500) instead of the start; every route's schemas are compiled by the tests (hostile-input).
 */
function compiledOnFirstUse(compile: () => ValidateFn): ValidateFn {
  let compiled: ValidateFn | null = null;
  const validate: ValidateFn = (data, context) => {
    compiled ??= compile();
    const result = compiled(data, context);
    validate.errors = compiled.errors;
    return result;
  };
  // Fastify hands Ajv validators their parent (so coercion can replace the root value) only when this is set.
  validate.schemaEnv = true;
  return validate;
}

/** A drop-in for Fastify's `schemaController.compilersFactory.buildValidator`. */
export function hardenedValidators(): Factory {
  const pool = AjvCompiler();
  const build = (externalSchemas: Parameters<Factory>[0], options?: Parameters<Factory>[1]) => {
    const coercing = pool(externalSchemas, options);
    const customOptions = { ...(options?.customOptions ?? {}), coerceTypes: false, strictNumbers: true };
    const strict = pool(externalSchemas, { ...options, customOptions } as Parameters<Factory>[1]);
    return (route: RouteDefinition) =>
      compiledOnFirstUse(() => guarded(coercing(route) as unknown as ValidateFn, strict(route) as unknown as ValidateFn));
  };
  // Fastify only calls the returned function and reads .errors / .schemaEnv, which compiledOnFirstUse() provides.
  return build as unknown as Factory;
}
