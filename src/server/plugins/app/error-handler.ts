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
import { ApiError, BLANK, FieldErrorList, REQUIRED, VALIDATION_DETAIL } from '../../lib/api-error';
import { localeOfRequest } from '../../lib/i18n';
import { INPUT_MESSAGES } from '../../lib/input-guard';
import { english, localizeErrorBody } from '../../lib/localize';
import type { ValidationIssue } from '../../lib/validators';

function messageFor(error: ValidationIssue): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return REQUIRED;
    case 'minLength':
      return p.limit === 1 ? BLANK : english('errors.field.minLength', { limit: String(p.limit) });
    case 'maxLength':
      return english('errors.field.maxLength', { limit: String(p.limit) });
    case 'format':
      return p.format === 'email' ? english('errors.field.email') : formatMessage(String(p.format));
    case 'type':
      return p.type === 'string' ? english('errors.field.notString') : typeMessage(String(p.type));
    case 'minimum':
      return english('errors.field.minimum', { limit: String(p.limit) });
    case 'maximum':
      return english('errors.field.maximum', { limit: String(p.limit) });
    case 'enum':
      return english('errors.field.choice');
    case 'nul':
      return INPUT_MESSAGES.nul;
    case 'depth':
      return INPUT_MESSAGES.depth;
    case 'finite':
      return INPUT_MESSAGES.finite;
    default:
      return english('errors.field.invalid');
  }
}

/** "Enter a valid uuid." and the like: the formats our schemas use have words of their own. */
function formatMessage(format: string): string {
  switch (format) {
    case 'uuid':
      return english('errors.field.uuid');
    case 'date':
      return english('errors.field.date');
    case 'date-time':
      return english('errors.field.dateTime');
    default:
      return english('errors.field.format', { format });
  }
}

/** "A valid integer is required." and the like. */
function typeMessage(type: string): string {
  switch (type) {
    case 'integer':
      return english('errors.field.integer');
    case 'number':
      return english('errors.field.number');
    case 'boolean':
      return english('errors.field.boolean');
    case 'object':
      return english('errors.field.object');
    case 'array':
      return english('errors.field.array');
    default:
      return english('errors.field.type', { type });
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
      field === NON_FIELD_ERRORS && context === 'body' && !FIRST.has(error.keyword) ? english('errors.body.notObject') : messageFor(error);
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
  FST_ERR_BAD_URL: { status: 400, detail: english('errors.request.badUrl') },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: english('errors.request.addressTooLong') },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: english('errors.request.bodyTooLarge') },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    detail: english('errors.request.unsupportedContentType'),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: english('errors.request.badContentLength') },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: english('errors.request.emptyJson') },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: english('errors.request.badJson') },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, detail: english('errors.request.badContentType') },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, detail: english('errors.request.notMultipart') },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, detail: english('errors.request.badJsonField') },
  FST_PROTO_VIOLATION: { status: 400, detail: english('errors.request.fieldNameNotAllowed') },
  FST_PARTS_LIMIT: { status: 413, detail: english('errors.request.tooManyParts') },
  FST_FILES_LIMIT: { status: 413, detail: english('errors.request.tooManyFiles') },
  FST_FIELDS_LIMIT: { status: 413, detail: english('errors.request.tooManyFields') },
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: english('errors.request.fileTooLarge') },
  FST_MP_PREMATURE_CLOSE: { status: 400, detail: english('errors.request.formCutOff') },
};

const GENERIC: Record<number, string> = {
  400: english('errors.status.badRequest'),
  401: english('errors.status.authRequired'),
  403: english('errors.status.forbidden'),
  404: english('errors.status.notFound'),
  405: english('errors.status.methodNotAllowed'),
  406: english('errors.status.notAcceptable'),
  408: english('errors.status.timeout'),
  409: english('errors.status.conflict'),
  413: english('errors.request.bodyTooLarge'),
  414: english('errors.request.addressTooLong'),
  415: english('errors.status.unsupportedMedia'),
  429: english('errors.status.tooManyRequests'),
  431: english('errors.status.headersTooLarge'),
};

const SERVER_ERROR: ApiErrorBody = { detail: english('errors.status.serverError'), code: 'server_error' };

/** The answer for any error: status and body, never a message we did not write. */
export function answerFor(error: FastifyError | ApiError): { status: number; body: ApiErrorBody; headers: Record<string, string> } {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.toBody(), headers: error.headers };
  if (error.validation) {
    const errors = fieldErrorsFromValidation(error.validation as ValidationIssue[], error.validationContext);
    return { status: 400, body: { detail: VALIDATION_DETAIL, code: 'validation_error', errors }, headers: {} };
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
    return { status, body: { detail: GENERIC[status] ?? GENERIC[400], code: CODE_BY_STATUS[status] ?? 'validation_error' }, headers: {} };
  }
  return { status: 500, body: SERVER_ERROR, headers: {} };
}

/** Fastify's errors raised before routing (bad URL, too long a parameter): same shape as the rest. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = answerFor(error);
  if (status >= 500) request.log.error({ err: error }, 'Framework error');
  void reply.code(status).send(localizeErrorBody(body, localeOfRequest(request.headers)));
}

const REASONS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, GENERIC[408]],
  HPE_HEADER_OVERFLOW: [431, GENERIC[431]],
};

/** Requests Node's HTTP parser cannot read at all: answered on the raw socket, still in our shape (in English: no header was read). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = REASONS[error.code ?? ''] ?? [400, english('errors.request.unreadable')];
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
      // The detail and field messages in the request's language (cookie, else Accept-Language); the code stays.
      return reply
        .code(status)
        .headers(headers)
        .send(localizeErrorBody(body, localeOfRequest(request.headers)));
    });
  },
  { name: 'error-handler' },
);
