/** Business statuses carried in the envelope (ARCHITECTURE "API", SPEC §8). */
export const Status = {
  ok: 200,
  invalid: 400,
  notAllowed: 401,
  noPermission: 403,
  notFound: 404,
  conflict: 409,
  precondition: 414,
  secondFactor: 468,
  unavailable: 580,
  sessionInvalid: 9999,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** Statuses handed to the caller as results, without a toast (SPEC §8). */
export const QUIET_STATUSES: readonly number[] = [414, 409, 468, 580, 404];
/** Statuses that mean the session is invalid (SPEC §8). */
export const SESSION_INVALID_STATUSES: readonly number[] = [9999, 0];

export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  attachment: T;
  /** On failures: the request's id, as in the `x-request-id` header and the server's log lines about it. */
  requestId?: string;
}

export interface FieldError {
  field: string;
  message: string;
}
