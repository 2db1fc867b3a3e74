/** The one error type routes throw; the error handler turns it into ApiErrorBody. */
import type { ApiErrorBody } from '../../shared/contract/common';
import type { ErrorCode } from '../../shared/api-errors';
import { english } from './localize';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return this.errors ? { detail: this.detail, code: this.code, errors: this.errors } : { detail: this.detail, code: this.code };
  }
}

/** The detail of every answer whose fields say what is wrong. */
export const VALIDATION_DETAIL = english('errors.validation.fields');

export function validationError(errors: FieldErrors, detail = VALIDATION_DETAIL): ApiError {
  return new ApiError(400, 'validation_error', detail, errors);
}

/** Collects field messages while checking a request; throw only when something was added. */
export class FieldErrorList {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw validationError(this.errors);
  }
}

export const REQUIRED = english('errors.field.required');
export const BLANK = english('errors.field.blank');
