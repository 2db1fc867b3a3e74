/**
 * Every non-2xx answer has the shape of ApiErrorBody. Schema validation
 * errors become per-field messages; unexpected errors are logged and answered
 * with a generic 500 so no stack trace or SQL ever reaches a client. Fastify's
 * own refusals (bad URL encoding, too long a path parameter, body too large,
 * unsupported content type, broken JSON …) get our wording, never theirs, and the
 * answers Fastify writes outside any route (frameworkErrors, clientError) too.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../../shared/contract/common';
import { NON_FIELD_ERRORS, type ErrorCode } from '../../../shared/api-errors';
import { ApiError, BLANK, FieldErrorList, REQUIRED } from '../../lib/api-error';
import { INPUT_MESSAGES } from '../../lib/input-guard';
import type { ValidationIssue } from '../../lib/validators';

function messageFor(error: ValidationIssue): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return REQUIRED;
    case 'minLength':
      return p.limit === 1 ? BLANK : `Ensure this field has at least ${p.limit} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${p.limit} characters.`;
    case 'format':
      return p.format === 'email' ? 'Enter a valid email address.' : `Enter a valid ${p.format}.`;
    case 'type':
      return p.type === 'string' ? 'Not a valid string.' : `A valid ${p.type} is required.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${p.limit}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${p.limit}.`;
    case 'enum':
      return 'Not a valid choice.';
    case 'nul':
      return INPUT_MESSAGES.nul;
    case 'depth':
      return INPUT_MESSAGES.depth;
    case 'finite':
      return INPUT_MESSAGES.finite;
    default:
      return 'This value is not valid.';
  }
}

/** Keywords that say more than the schema's own complaint about the same field. */
const FIRST = new Set(['nul', 'depth', 'finite']);

/** Turns Ajv errors into {"field": ["message"]}; nested paths keep their last segment. */
export function fieldErrorsFromValidation(errors: ValidationIssue[], context?: string): Record<string, string[]> {
  const list = new FieldErrorList();
  const seen = new Set<string>();
  const ordered = [...errors.filter((e) => FIRST.has(e.keyword)), ...errors.filter((e) => !FIRST.has(e.keyword))];
  for (const error of ordered) {
    let field = error.instancePath.split('/').filter(Boolean).pop()?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
    if (error.keyword === 'required') field = String(error.params.missingProperty ?? field);
    // anyOf reports each branch; one message per field is enough.
    if (!field) field = NON_FIELD_ERRORS;
    const message =
      field === NON_FIELD_ERRORS && context === 'body' && !FIRST.has(error.keyword)
        ? 'Invalid data. Expected a JSON object.'
        : messageFor(error);
    if (seen.has(field) && error.keyword !== 'required') continue;
    seen.add(field);
    list.add(field, message);
  }
  return list.errors;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media',
  422: 'validation_error',
  429: 'rate_limited',
  431: 'payload_too_large',
};

/** Our words for the 4xx errors Fastify and its plugins raise; their own messages may name internals. */
const KNOWN: Record<string, { status: number; detail: string; code?: ErrorCode }> = {
  FST_ERR_BAD_URL: { status: 400, detail: 'The address is not valid: check its percent-encoding.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'The address is too long.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    detail: 'Unsupported content type: send application/json (or multipart/form-data where a form accepts files).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'The request body is empty, but its content type says JSON.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, detail: 'The Content-Type header is not valid.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, detail: 'The request is not multipart/form-data.' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, detail: 'A form field declared as JSON is not valid JSON.' },
  FST_PROTO_VIOLATION: { status: 400, detail: 'A field name is not allowed.' },
  FST_PARTS_LIMIT: { status: 413, detail: 'The form has too many parts.' },
  FST_FILES_LIMIT: { status: 413, detail: 'The form has too many files.' },
  FST_FIELDS_LIMIT: { status: 413, detail: 'The form has too many fields.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: 'A file is too large.' },
  FST_MP_PREMATURE_CLOSE: { status: 400, detail: 'The request ended before the form was complete.' },
};

const GENERIC: Record<number, string> = {
  400: 'Bad request.',
  401: 'Authentication required.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  408: 'The request took too long.',
  409: 'Conflict.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'Unsupported content type.',
  429: 'Too many requests.',
  431: 'The request headers are too large.',
};

const SERVER_ERROR: ApiErrorBody = { detail: 'Something went wrong on our side.', code: 'server_error' };

/** The answer for any error: status and body, never a message we did not write. */
export function answerFor(error: FastifyError | ApiError): { status: number; body: ApiErrorBody; headers: Record<string, string> } {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.toBody(), headers: error.headers };
  if (error.validation) {
    const errors = fieldErrorsFromValidation(error.validation as ValidationIssue[], error.validationContext);
    return { status: 400, body: { detail: 'Please correct the highlighted fields.', code: 'validation_error', errors }, headers: {} };
  }
  const known = error.code ? KNOWN[error.code] : undefined;
  if (known) {
    return {
      status: known.status,
      body: { detail: known.detail, code: known.code ?? CODE_BY_STATUS[known.status] ?? 'validation_error' },
      headers: {},
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { detail: GENERIC[status] ?? 'Bad request.', code: CODE_BY_STATUS[status] ?? 'validation_error' }, headers: {} };
  }
  return { status: 500, body: SERVER_ERROR, headers: {} };
}

/** Fastify's errors raised before routing (bad URL, too long a parameter): same shape as the rest. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = answerFor(error);
  if (status >= 500) request.log.error({ err: error }, 'Framework error');
  void reply.code(status).send(body);
}

const REASONS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, GENERIC[408]],
  HPE_HEADER_OVERFLOW: [431, GENERIC[431]],
};

/** Requests Node's HTTP parser cannot read at all: answered on the raw socket, still in our shape. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = REASONS[error.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify({ detail, code: CODE_BY_STATUS[status] ?? 'validation_error' } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : status === 408 ? 'Request Timeout' : 'Request Header Fields Too Large'}\r\n` +
        `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const { status, body, headers } = answerFor(error);
      if (status >= 500) request.log.error({ err: error }, 'Unhandled error');
      return reply.code(status).headers(headers).send(body);
    });
  },
  { name: 'error-handler' },
);
