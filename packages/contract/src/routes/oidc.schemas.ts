import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput, SessionOutput } from '../auth.ts';
import {
  LinkedProvidersOutput,
  OidcLinkInput,
  OidcStartOutput,
  OidcTicketInput,
  OidcTicketOutput,
  UnlinkProviderInput,
} from '../oidc.ts';
import { oidcApi as api } from './oidc.ts';

/** The oidc module's calls with their schemas: what the server registers and development builds parse with. */
export const oidcSchemas = {
  userOidcTicket: withSchemas(api.userOidcTicket, OidcTicketInput, OidcTicketOutput),
  userOidcLink: withSchemas(api.userOidcLink, OidcLinkInput, SessionOutput),
  userIdentityProviders: withSchemas(api.userIdentityProviders, EmptyInput, LinkedProvidersOutput),
  userIdentityProvidersUnlink: withSchemas(api.userIdentityProvidersUnlink, UnlinkProviderInput, EmptyOutput),
  userGoogleLogin: withSchemas(api.userGoogleLogin, EmptyInput, OidcStartOutput),
  userAppleLogin: withSchemas(api.userAppleLogin, EmptyInput, OidcStartOutput),
};
