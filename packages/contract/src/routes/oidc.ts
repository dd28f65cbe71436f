import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput, SessionOutput } from '../auth.ts';
import type {
  LinkedProvidersOutput,
  OidcLinkInput,
  OidcStartOutput,
  OidcTicketInput,
  OidcTicketOutput,
  UnlinkProviderInput,
} from '../oidc.ts';

/** The oidc module's calls (apps/server/src/modules/oidc): paths and types only; schemas in oidc.schemas.ts. */
export const oidcApi = {
  userOidcTicket: route<typeof OidcTicketInput, typeof OidcTicketOutput>('POST', '/user/oidc/ticket'),
  userOidcLink: route<typeof OidcLinkInput, typeof SessionOutput>('POST', '/user/oidc/link'),
  userIdentityProviders: route<typeof EmptyInput, typeof LinkedProvidersOutput>('GET', '/user/identity/providers'),
  userIdentityProvidersUnlink: route<typeof UnlinkProviderInput, typeof EmptyOutput>(
    'POST',
    '/user/identity/providers/unlink',
  ),
  userGoogleLogin: route<typeof EmptyInput, typeof OidcStartOutput>('GET', '/user/google/login'),
  userAppleLogin: route<typeof EmptyInput, typeof OidcStartOutput>('GET', '/user/apple/login'),
};
