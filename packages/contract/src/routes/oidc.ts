import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput, SessionOutput } from '../auth.ts';
import type * as s from '../oidc.ts';

/** The oidc module's calls (apps/server/src/modules/oidc): paths and types only; schemas in oidc.schemas.ts. */
export const oidcApi = {
  userOidcTicket: route<typeof s.OidcTicketInput, typeof s.OidcTicketOutput>('POST', '/user/oidc/ticket'),
  userOidcLink: route<typeof s.OidcLinkInput, typeof SessionOutput>('POST', '/user/oidc/link'),
  userIdentityProviders: route<typeof EmptyInput, typeof s.LinkedProvidersOutput>('GET', '/user/identity/providers'),
  userIdentityProvidersUnlink: route<typeof s.UnlinkProviderInput, typeof EmptyOutput>(
    'POST',
    '/user/identity/providers/unlink',
  ),
  userGoogleLogin: route<typeof EmptyInput, typeof s.OidcStartOutput>('GET', '/user/google/login'),
  userAppleLogin: route<typeof EmptyInput, typeof s.OidcStartOutput>('GET', '/user/apple/login'),
};
