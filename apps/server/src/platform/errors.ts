import { type FieldError, Status } from '@polaris/contract';

/**
 * A business outcome that is not success. Thrown by services, turned into the envelope by the error
 * handler: HTTP 200 with `status`, `msg` translated from `messageKey`, and `attachment`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly attachment: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** A 400 naming fields; each entry's message is a catalogue key translated with the field's label. */
export class FieldsError extends AppError {
  constructor(
    readonly fields: { field: string; messageKey: string; params?: Record<string, string | number> }[],
    status: number = Status.invalid,
  ) {
    super(status, fields[0]?.messageKey ?? 'validation.invalid', fields[0]?.params ?? {});
    this.name = 'FieldsError';
  }
}

/** Already-translated field errors, as produced by schema validation. */
export class ValidationError extends AppError {
  constructor(readonly fieldErrors: FieldError[]) {
    super(Status.invalid, 'validation.invalid', {}, fieldErrors);
    this.name = 'ValidationError';
  }
}

/**
 * A service this request needs is out of reach (live video's Janus): HTTP 503 with `retry-after` and the envelope,
 * like a lost database connection, so clients and load balancers know to try again.
 */
export class ServiceUnavailableError extends AppError {
  constructor(messageKey: string, cause?: unknown) {
    super(503, messageKey);
    this.name = 'ServiceUnavailableError';
    this.cause = cause;
  }
}

/** A FieldsError naming one field: what a service throws when a value the schema let through breaks a rule. */
export const fieldError = (field: string, messageKey: string, params?: Record<string, string | number>) =>
  new FieldsError([{ field, messageKey, params }]);
