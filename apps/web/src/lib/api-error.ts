import { type FieldError, Status } from '@polaris/contract';

/**
 * How a call failed, and whether the user was already told (api/request.ts shows what it says it shows):
 *   - 'quiet'   (414, 409, 468, 580, 404): nothing shown; the caller decides (read `status`, `msg`, `attachment`).
 *   - 'invalid' (400 with a field list): nothing shown; the form puts `fields` under its inputs.
 *   - 'session' (9999, 0): session cleared, the one-time "log in again" prompt is shown.
 *   - 'business' | 'http' | 'network' | 'timeout': a toast was shown.
 *   - 'aborted': the caller cancelled (e.g. TanStack Query unmounted); nothing shown.
 */
export type ApiErrorKind = 'quiet' | 'invalid' | 'session' | 'business' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope status, or the HTTP status for kind 'http', or 0 when nothing came back. */
    readonly status: number,
    message: string,
    readonly attachment: unknown = null,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request layer has not shown anything, so the caller should. */
  get unreported(): boolean {
    return this.kind === 'quiet' || this.kind === 'invalid';
  }
}

export function isApiError(error: unknown, kind?: ApiErrorKind): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/**
 * Whether a failed read means "there is no such thing": the server answered 404, or refused the request only
 * because of the field that names the thing (an unknown asset code, say). Pages show their not-found state
 * for it, and an error with a retry for anything else.
 */
export function isNotFound(error: unknown, idField?: string): boolean {
  if (!isApiError(error)) return false;
  if (error.status === Status.notFound) return true;
  return (
    idField !== undefined &&
    error.kind === 'invalid' &&
    error.fields.length > 0 &&
    error.fields.every((field) => field.field === idField)
  );
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

export function fieldErrorsOf(attachment: unknown): FieldError[] {
  return Array.isArray(attachment) ? attachment.filter(isFieldError) : [];
}
