import { NON_FIELD_ERRORS } from '../../../../shared/api-errors';
import { ApiError, errorMessage } from '../../../lib/api-client';

export interface FormErrors {
  /** The sentence shown above the form (server detail or a connection problem). */
  form: string | null;
  /** First message per field, shown under that field. */
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { form: null, fields: {} };

/** Turns a failed call into what the form shows: {detail, errors} from the server, or a network message. */
export function toFormErrors(error: unknown, fallback: string): FormErrors {
  const fields: Record<string, string> = {};
  const body = error instanceof ApiError ? error.errorBody : null;
  for (const [field, messages] of Object.entries(body?.errors ?? {})) {
    if (field !== NON_FIELD_ERRORS && Array.isArray(messages) && messages[0]) fields[field] = messages[0];
  }
  const nonField = body?.errors?.[NON_FIELD_ERRORS]?.[0];
  return { form: nonField ?? errorMessage(error, fallback), fields };
}
