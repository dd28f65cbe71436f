import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput, SessionOutput } from '../auth.ts';
import * as s from '../oidc.ts';
import { oidcApi as api } from './oidc.ts';

/** The oidc module's calls with their schemas: what the server registers and development builds parse with. */
export const oidcSchemas = {
  userOidcTicket: withSchemas(api.userOidcTicket, s.OidcTicketInput, s.OidcTicketOutput),
  userOidcLink: withSchemas(api.userOidcLink, s.OidcLinkInput, SessionOutput),
  userIdentityProviders: withSchemas(api.userIdentityProviders, EmptyInput, s.LinkedProvidersOutput),
  userIdentityProvidersUnlink: withSchemas(api.userIdentityProvidersUnlink, s.UnlinkProviderInput, EmptyOutput),
  userGoogleLogin: withSchemas(api.userGoogleLogin, EmptyInput, s.OidcStartOutput),
  userAppleLogin: withSchemas(api.userAppleLogin, EmptyInput, s.OidcStartOutput),
};
