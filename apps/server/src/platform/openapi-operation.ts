import { needsSignature, SECOND_FACTOR_FIELD, SIGNATURE_MAX_SKEW_MS, secondFactorOf } from '@polaris/contract';
import { envelopeOf, type Json, ref } from './openapi-envelope.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import type { RegisteredRoute } from './router.ts';

/** A file route's success: its content type, with the body's shape as far as it has one. */
function fileResponse(produces: string) {
  const mediaType = produces.split(';')[0]!.trim();
  const schema = mediaType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
  return {
    description: 'The file on success; a failure answers the envelope (`application/json`) instead',
    content: {
      [mediaType]: { schema },
      ...(mediaType === 'application/json' ? {} : { 'application/json': { schema: ref('Failure') } }),
    },
  };
}

const AUTH_TEXT = {
  public: 'public.',
  optional: 'optional `token` (a bad one is status 9999).',
  user: '`token` (401 without, 9999 if bad).',
};

function descriptionOf(route: RegisteredRoute, signed: boolean): string {
  const lines = [route.summary, '', `Auth: ${AUTH_TEXT[route.auth]}`];
  if (signed) lines.push('Signed: `timestamp`, `nonce`, `authorization` (HMAC-SHA256, see `x-signed-requests`).');
  if (route.region === 'gated') lines.push('Region: status 580 where the caller’s region is blocked.');
  if (route.rateLimit !== false) {
    const preset = route.rateLimit ?? 'default';
    const { max, timeWindow } = RATE_LIMITS[preset];
    lines.push(`Rate limit: \`${preset}\`, ${max} per ${timeWindow / 1000} s per address (HTTP 429).`);
  }
  if (route.multipart) lines.push('Upload: one file in the multipart field `file`, the rest in the query.');
  return lines.join('\n');
}

/**
 * One route's operation: its id, text, security, extensions, parameters, body and responses. `input` is the
 * input's component, `inputName` and `outputName` the names the document gives them.
 */
export function operationOf(
  route: RegisteredRoute,
  operationId: string,
  { input, inputName, outputName }: { input: Json; inputName: string; outputName: string | null },
): Json {
  const signed = needsSignature(route.path);
  const security =
    route.auth === 'public'
      ? []
      : route.auth === 'optional'
        ? [{}, { token: [] }]
        : [signed ? { token: [], signatureTimestamp: [], signatureNonce: [], signature: [] } : { token: [] }];
  const operation: Record<string, unknown> = {
    operationId,
    summary: route.summary,
    description: descriptionOf(route, signed),
    tags: route.tags,
    security,
    // Answers status 580 where the caller's region is blocked (README: BLOCKED_COUNTRIES).
    ...(route.region ? { 'x-region': route.region } : {}),
    // Asks for the authenticator code in this field while it is on, or answers 468 (docs/security-centre.md).
    ...(secondFactorOf(route.path) ? { 'x-second-factor': SECOND_FACTOR_FIELD } : {}),
    ...(signed ? { 'x-signed': true } : {}),
    ...(route.rateLimit !== false ? { 'x-rate-limit': route.rateLimit ?? 'default' } : {}),
    responses: {
      '200': outputName
        ? {
            description: 'The envelope: status 200 with the result, or a failure',
            content: { 'application/json': { schema: envelopeOf(ref(outputName)) } },
          }
        : fileResponse(route.produces ?? 'application/octet-stream'),
      default: { $ref: '#/components/responses/HttpError' },
    },
  };
  const parameters: Record<string, unknown>[] = Object.entries(route.params ?? {}).map(([name, example]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    example,
  }));
  // A GET's input and a multipart upload's (its query: the body is the file) are query parameters.
  if (route.method === 'GET' || route.multipart) {
    const properties = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (route.multipart) {
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    };
  } else if (route.method !== 'GET') {
    operation.requestBody = { required: true, content: { 'application/json': { schema: ref(inputName) } } };
  }
  if (route.method === 'GET' || parameters.length > 0) operation.parameters = parameters;
  return operation;
}

/** The token, and the three headers of a signed call (`x-signed-requests`). */
export const SECURITY_SCHEMES = {
  token: {
    type: 'apiKey',
    in: 'header',
    name: 'token',
    description:
      'The session token from a sign-in (`attachment.token`). Old clients may send it as the `token` query parameter; new ones must not.',
  },
  signatureTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'timestamp',
    description: `Signed calls: milliseconds since the epoch, within ${SIGNATURE_MAX_SKEW_MS / 60_000} minutes of the server’s clock.`,
  },
  signatureNonce: {
    type: 'apiKey',
    in: 'header',
    name: 'nonce',
    description: 'Signed calls: 8–64 of `A-Z a-z 0-9 _ -`, never used twice within a session.',
  },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'authorization',
    description:
      '`HMAC-SHA256 <hex>`: HMAC-SHA256 keyed with the session’s `signingKey` (hex-decoded) over `METHOD\\npath\\ntimestamp\\nnonce\\nhex(sha256(raw body))` (see `x-signed-requests`).',
  },
};
