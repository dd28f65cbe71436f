import { API_BASE, SIGNATURE_MAX_SKEW_MS, SIGNATURE_SCHEME, SIGNED_PATH_PREFIXES, Status } from '@polaris/contract';

/**
 * What the OpenAPI document says beside the schemas: the envelope and its business statuses as shared components,
 * and in words the signing of signed calls and the client-side password hashes (platform/openapi.ts builds it).
 */
export type Json = Record<string, unknown>;

export const COMPONENTS = '#/components/schemas/';
export const ref = (id: string) => ({ $ref: `${COMPONENTS}${id}` });

/** Where the WebSocket's AsyncAPI document is served (linked from this one). */
export const ASYNCAPI_PATH = '/asyncapi.json';
export const OPENAPI_PATH = '/openapi.json';

/** What each business status means; typed by `Status`, so a new status cannot be left undocumented. */
const STATUS_MEANINGS: Record<keyof typeof Status, string> = {
  ok: 'Success: `attachment` is the operation’s result.',
  invalid:
    'Invalid input: `attachment` is a list of `FieldError` (`{ field, message }`), one per bad field, nested fields by dotted path (`data.title`).',
  notAllowed:
    'Not allowed: no `token` on an operation that needs one, or a signed call whose signature is missing, stale, reused or wrong.',
  noPermission: 'No permission: the caller may not do this (not the owner, a rule of the operation not met).',
  notFound: 'Not found; also answered for another user’s private resource.',
  conflict:
    'Conflict: a duplicate, already done, or asked again too soon (for codes, `attachment.resendIn` is the seconds left).',
  precondition:
    'A precondition is missing: profile incomplete, email or phone not bound, trade password not set. `msg` says which.',
  secondFactor: 'A second factor is required or wrong: the TOTP code or the trade password.',
  unavailable: 'Unavailable in the caller’s region, or the feature is closed or not configured here.',
  sessionInvalid:
    'Session invalid: the token is unknown, expired or revoked, or the `uid` header names another user. Log in again.',
};

const statusOption = ([name, code]: [string, number]) => ({
  const: code,
  title: name,
  description: STATUS_MEANINGS[name as keyof typeof Status],
});

/** The shared schemas every operation uses: the envelope, its statuses and field errors. */
export const ENVELOPE_SCHEMAS: Record<string, Json> = {
  Status: {
    type: 'integer',
    description:
      'The business status of an answer. Every request a handler answered is HTTP 200; `status` says what happened.',
    oneOf: Object.entries(Status).map(statusOption),
  },
  FailureStatus: {
    type: 'integer',
    description: 'Every business status other than 200 (success).',
    oneOf: Object.entries(Status)
      .filter(([, code]) => code !== Status.ok)
      .map(statusOption),
  },
  FieldError: {
    type: 'object',
    description: 'One bad field of a request, with a message in the caller’s language.',
    required: ['field', 'message'],
    properties: {
      field: { type: 'string', description: 'The field’s name; a dotted path for a nested one (`data.title`).' },
      message: { type: 'string' },
    },
  },
  FieldErrors: { type: 'array', items: ref('FieldError') },
  Failure: {
    type: 'object',
    description:
      'An answer whose `status` is not 200. `attachment` is the list of field errors for 400, a small object where an operation says so (`{ resendIn }` for a code asked again too soon), and null otherwise.',
    required: ['status', 'msg', 'attachment'],
    properties: {
      status: ref('FailureStatus'),
      msg: { type: 'string', description: 'What went wrong, in the caller’s language.' },
      attachment: { anyOf: [ref('FieldErrors'), { type: 'object' }, { type: 'null' }] },
      requestId: {
        type: 'string',
        description:
          'The request’s id, also in the `x-request-id` header and the server’s log lines: quote it to support.',
      },
    },
  },
  HttpError: {
    type: 'object',
    description:
      'Answered with an HTTP status other than 200, for what no handler produced: 404 unknown route, 413 payload too large, 429 rate limited (see `retry-after`), 500 crash, 503 maintenance or a service out of reach. `status` repeats the HTTP status.',
    required: ['status', 'msg'],
    properties: {
      status: { type: 'integer' },
      msg: { type: 'string' },
      attachment: {},
      requestId: { type: 'string', description: 'As in `Failure`.' },
    },
  },
};

/** The success envelope of an operation whose result is `attachment`, or a failure. */
export const envelopeOf = (attachment: unknown) => ({
  oneOf: [
    {
      type: 'object',
      required: ['status', 'msg', 'attachment'],
      properties: {
        status: { type: 'integer', const: Status.ok },
        msg: { type: 'string' },
        attachment,
      },
    },
    ref('Failure'),
  ],
});

/** What the contract's client-side hashes look like, for the components that carry them. */
export const CLIENT_HASHES = {
  login: {
    algorithm: 'SHA-256',
    input: 'polarisex/login/v1:{password}',
    encoding: 'hex, lowercase, 64 characters',
    utf8: true,
  },
  trade: {
    algorithm: 'SHA-256',
    input: 'polarisex/trade/v1:{uid}:{password}',
    encoding: 'hex, lowercase, 64 characters',
    utf8: true,
  },
};
export const COMPONENT_NOTES: Record<string, Json> = {
  passwordHashField: {
    description:
      'Never the typed password: `hex(sha256(utf8("polarisex/login/v1:" + password)))` (`hashLoginPassword` in packages/contract/src/hashing.ts). The 8–16 letters-and-digits rule is the client’s to enforce; the server checks the hash’s form and stores argon2id of it.',
    'x-client-hash': CLIENT_HASHES.login,
  },
  tradePasswordField: {
    description:
      'Never the typed trade password: `hex(sha256(utf8("polarisex/trade/v1:" + uid + ":" + password)))`, with the caller’s `uid` in decimal (`hashTradePassword` in packages/contract/src/hashing.ts).',
    'x-client-hash': CLIENT_HASHES.trade,
  },
};

export const SIGNING = {
  pathPrefixes: [...SIGNED_PATH_PREFIXES],
  algorithm: SIGNATURE_SCHEME,
  key: 'The session’s `signingKey` (hex, returned at login beside `token`), hex-decoded to bytes.',
  stringToSign: [
    'METHOD (upper case)',
    'path below the API base, without the query string (e.g. /user/identity/sessions)',
    'timestamp (the header, as sent)',
    'nonce (the header, as sent)',
    'lowercase hex SHA-256 of the raw request body as sent (of the empty string for a GET)',
  ],
  separator: '\n',
  headers: {
    timestamp: 'milliseconds since the epoch, 10–16 digits, within the clock skew of the server’s clock',
    nonce: '8–64 of A-Z a-z 0-9 _ -, never used twice in a session',
    authorization: `${SIGNATURE_SCHEME} <lowercase hex of the HMAC>`,
  },
  maxClockSkewMs: SIGNATURE_MAX_SKEW_MS,
  refusal:
    'status 401 (anything missing, stale, reused or wrong); `attachment.signature` is `stale` for a timestamp outside the clock skew, `refused` otherwise',
  reference: 'signRequest in packages/contract/src/signing.ts',
};

export const DESCRIPTION = `The Polaris API: activities, chat, wallet and the rest of the app, under \`${API_BASE}\`.

## Envelope and statuses
Every request a handler answers is **HTTP 200** with the envelope \`{ status, msg, attachment }\`. \`status\` is the
business status (\`Status\` below, with each meaning); \`msg\` is in the caller's language; on success \`attachment\`
is the operation's result, on 400 a list of \`FieldError\`. Other HTTP statuses come only from what no handler
produced (\`HttpError\`): 404 unknown route, 413 payload too large, 429 rate limited, 500, 503.
A few operations answer a file on success (its content type is listed) and the envelope on failure.

## Inputs
A GET's input is its query string; a POST's is its JSON body (the query string and the body are merged, the body
wins). \`password\`, \`newPassword\`, \`vcode\`, \`code\` and \`tradePassword\` are refused in a query string.

## Identity
Send the session's \`token\` header (security scheme \`token\`), obtained from \`postUserLogin\` and the other
sign-in operations (the session attachment \`{ uid, uuid, token, signingKey, expiresAt }\`). Optional headers:
\`uid\` (must match the token's user, else status 9999), \`uuid\`, \`appid\`, and \`locale\` (\`en_US\`, \`zh_CN\`,
\`zh_TW\`, \`zh_HK\`, or \`en\`, \`zh-Hans\`, \`zh-Hant\`; else \`Accept-Language\`; else Traditional Chinese).
No token where one is needed answers status 401; a bad one 9999.

## Signed calls
Operations under ${SIGNED_PATH_PREFIXES.map((prefix) => `\`${prefix}\``).join(' and ')} (marked \`x-signed: true\`,
security \`token\` + \`signatureTimestamp\` + \`signatureNonce\` + \`signature\`) also need three headers:

- \`timestamp\`: milliseconds since the epoch (10–16 digits), within ${SIGNATURE_MAX_SKEW_MS / 60_000} minutes of the server's clock;
- \`nonce\`: 8–64 characters of \`A-Z a-z 0-9 _ -\`, never used twice within a session;
- \`authorization\`: \`${SIGNATURE_SCHEME} <hex>\`, the lowercase hex HMAC-SHA256, keyed with the session's
  \`signingKey\` hex-decoded to bytes, of the UTF-8 string

\`\`\`
METHOD + "\\n" + path + "\\n" + timestamp + "\\n" + nonce + "\\n" + hex(sha256(body))
\`\`\`

where METHOD is upper case, path is below \`${API_BASE}\` without the query string (\`/user/identity/sessions\`),
timestamp and nonce are the headers as sent, and body is the raw request body exactly as sent (the empty string for
a GET). Anything missing, stale, reused or wrong answers status 401, with \`attachment.signature\` \`stale\` for a
timestamp outside the window (the device's clock is off) and \`refused\` otherwise (only a new sign-in mends it). The
same rule is in \`x-signed-requests\`.

## Passwords are hashed by the client
No typed password is ever sent. A login password travels as \`hex(sha256(utf8("polarisex/login/v1:" + password)))\`
and a trade password as \`hex(sha256(utf8("polarisex/trade/v1:" + uid + ":" + password)))\` (lowercase hex, 64
characters; schemas \`passwordHashField\` and \`tradePasswordField\`, extension \`x-client-hash\`). The server
stores argon2id of that hash, so it cannot check the password rule (8–16 letters and digits): the client does.

## Operations
Every operation has a stable \`operationId\`: its method and path in camel case (\`GET /activity/list\` is
\`getActivityList\`). Its description names its auth mode, its rate limit (per client address) and, for those
that move money, the region gate (status 580 where the caller's region is blocked; \`x-region: gated\`).
Typed inputs carry marks: \`x-cursor\` (a page position), \`x-date\`, \`x-token\`, \`x-url\`.

## Realtime
The chat WebSocket at \`${API_BASE}/ws\` is described by the AsyncAPI 3.0 document at
\`${API_BASE}${ASYNCAPI_PATH}\` (\`x-asyncapi\`).`;
