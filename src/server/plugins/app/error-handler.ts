/**
 * Every non-2xx answer has the shape of ApiErrorBody. Schema validation
 * errors become per-field messages; unexpected errors are logged and answered
 * with a generic 500 so no stack trace or SQL ever reaches a client.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody, ErrorCode } from '../../../shared/api-errors';
import { NON_FIELD_ERRORS } from '../../../shared/api-errors';
import { ApiError, BLANK, FieldErrorList, REQUIRED } from '../../lib/api-error';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function messageFor(error: AjvError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required': return REQUIRED;
    case 'minLength': return p.limit === 1 ? BLANK : `Ensure this field has at least ${p.limit} characters.`;
    case 'maxLength': return `Ensure this field has no more than ${p.limit} characters.`;
    case 'format': return p.format === 'email' ? 'Enter a valid email address.' : `Enter a valid ${p.format}.`;
    case 'type': return p.type === 'string' ? 'Not a valid string.' : `A valid ${p.type} is required.`;
    case 'minimum': return `Ensure this value is greater than or equal to ${p.limit}.`;
    case 'maximum': return `Ensure this value is less than or equal to ${p.limit}.`;
    case 'enum': return 'Not a valid choice.';
    default: return 'This value is not valid.';
  }
}

/** Turns Ajv errors into {"field": ["message"]}; nested paths keep their last segment. */
export function fieldErrorsFromValidation(errors: AjvError[], context?: string): Record<string, string[]> {
  const list = new FieldErrorList();
  const seen = new Set<string>();
  for (const error of errors) {
    let field = error.instancePath.split('/').filter(Boolean).pop() ?? '';
    if (error.keyword === 'required') field = String(error.params.missingProperty ?? field);
    // anyOf reports each branch; one message per field is enough.
    if (!field) field = NON_FIELD_ERRORS;
    const message = field === NON_FIELD_ERRORS && context === 'body'
      ? 'Invalid data. Expected a JSON object.'
      : messageFor(error);
    if (seen.has(field) && error.keyword !== 'required') continue;
    seen.add(field);
    list.add(field, message);
  }
  return list.errors;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error', 401: 'not_authenticated', 403: 'permission_denied', 404: 'not_found',
  409: 'conflict', 413: 'payload_too_large', 415: 'unsupported_media', 422: 'validation_error', 429: 'rate_limited',
};

export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (error.validation) {
      const errors = fieldErrorsFromValidation(error.validation as AjvError[], error.validationContext);
      const body: ApiErrorBody = { detail: 'Please correct the highlighted fields.', code: 'validation_error', errors };
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = { detail: error.message || 'Bad request.', code: CODE_BY_STATUS[status] ?? 'validation_error' };
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'Unhandled error');
    const body: ApiErrorBody = { detail: 'Something went wrong on our side.', code: 'server_error' };
    return reply.code(500).send(body);
  });
}, { name: 'error-handler' });
