/**
 * application/json bodies: Fastify's own parser (prototype-poisoning checks included), after a
 * linear scan that refuses nesting deeper than MAX_INPUT_DEPTH. Deep nesting has no use in our
 * API and is how a small body exhausts recursive code further on.
 */
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/api-error';
import { jsonTooDeep, TOO_DEEP_BODY } from '../../lib/input-guard';

export default fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonTooDeep(body as string)) {
        done(new ApiError(400, 'validation_error', TOO_DEEP_BODY), undefined);
        return;
      }
      void parse(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
