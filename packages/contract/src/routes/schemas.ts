import type { z } from 'zod';
import { UploadImageOutput } from '../activity/activities.ts';
import type { RouteSchemas } from '../api-route.ts';
import { KycStatusOutput } from '../identity.ts';
import { UserInfoOutput } from '../user.ts';
import { activitySchemas } from './activity.schemas.ts';
import { depositSchemas } from './activity-deposit.schemas.ts';
import { activitySeriesSchemas } from './activity-series.schemas.ts';
import { airdropSchemas } from './airdrop.schemas.ts';
import { appSchemas } from './app.schemas.ts';
import { authSchemas } from './auth.schemas.ts';
import { bountySchemas } from './bounty.schemas.ts';
import { calendarSchemas } from './calendar.schemas.ts';
import { captchaSchemas } from './captcha.schemas.ts';
import { chainSchemas } from './chain.schemas.ts';
import { chatSchemas } from './chat.schemas.ts';
import { chatGuardSchemas } from './chat-guard.schemas.ts';
import { chatPollSchemas } from './chat-polls.schemas.ts';
import { daogameSchemas } from './daogame.schemas.ts';
import { UPLOADS, type UploadRoute } from './files.ts';
import { identitySchemas } from './identity.schemas.ts';
import { inviteSchemas } from './invite.schemas.ts';
import { listingSchemas } from './listing.schemas.ts';
import { liveSchemas } from './live.schemas.ts';
import { marketSchemas } from './market.schemas.ts';
import { masterSchemas } from './master.schemas.ts';
import { notificationsSchemas } from './notifications.schemas.ts';
import { oidcSchemas } from './oidc.schemas.ts';
import { peopleSchemas } from './people.schemas.ts';
import { placesSchemas } from './places.schemas.ts';
import { pushSchemas } from './push.schemas.ts';
import { redpacketSchemas } from './redpacket.schemas.ts';
import { reservesSchemas } from './reserves.schemas.ts';
import { securitySchemas } from './security.schemas.ts';
import { userSchemas } from './user.schemas.ts';
import { vipSchemas } from './vip.schemas.ts';
import { walletSchemas } from './wallet.schemas.ts';

export {
  activitySchemas,
  activitySeriesSchemas,
  airdropSchemas,
  appSchemas,
  authSchemas,
  bountySchemas,
  calendarSchemas,
  captchaSchemas,
  chainSchemas,
  chatGuardSchemas,
  chatPollSchemas,
  chatSchemas,
  daogameSchemas,
  depositSchemas,
  identitySchemas,
  inviteSchemas,
  listingSchemas,
  liveSchemas,
  marketSchemas,
  masterSchemas,
  notificationsSchemas,
  oidcSchemas,
  peopleSchemas,
  placesSchemas,
  pushSchemas,
  redpacketSchemas,
  reservesSchemas,
  securitySchemas,
  userSchemas,
  vipSchemas,
  walletSchemas,
};

/** Every paired route, for the server's check that it registers each and development builds' answer parsing. */
export const ROUTE_SCHEMAS: readonly RouteSchemas[] = [
  ...Object.values(activitySchemas),
  ...Object.values(activitySeriesSchemas),
  ...Object.values(airdropSchemas),
  ...Object.values(appSchemas),
  ...Object.values(authSchemas),
  ...Object.values(bountySchemas),
  ...Object.values(captchaSchemas),
  ...Object.values(calendarSchemas),
  ...Object.values(chainSchemas),
  ...Object.values(chatSchemas),
  ...Object.values(chatPollSchemas),
  ...Object.values(depositSchemas),
  ...Object.values(chatGuardSchemas),
  ...Object.values(daogameSchemas),
  ...Object.values(identitySchemas),
  ...Object.values(inviteSchemas),
  ...Object.values(listingSchemas),
  ...Object.values(liveSchemas),
  ...Object.values(marketSchemas),
  ...Object.values(masterSchemas),
  ...Object.values(notificationsSchemas),
  ...Object.values(oidcSchemas),
  ...Object.values(peopleSchemas),
  ...Object.values(placesSchemas),
  ...Object.values(pushSchemas),
  ...Object.values(redpacketSchemas),
  ...Object.values(reservesSchemas),
  ...Object.values(securitySchemas),
  ...Object.values(userSchemas),
  ...Object.values(vipSchemas),
  ...Object.values(walletSchemas),
];

/** An upload with the schema its answer comes from: a schema that does not give the upload's type is a type error. */
function uploadWithSchema<O extends z.ZodType>(upload: UploadRoute<z.output<O>>, output: O) {
  return { method: 'POST' as const, path: upload.path, output };
}

/** The uploads of `UPLOADS` with their answers' schemas: the server registers each path with the same one. */
export const UPLOAD_SCHEMAS = [
  uploadWithSchema(UPLOADS.avatar, UserInfoOutput),
  uploadWithSchema(UPLOADS.activityImage, UploadImageOutput),
  uploadWithSchema(UPLOADS.listingLogo, UploadImageOutput),
  uploadWithSchema(UPLOADS.kycDocument, KycStatusOutput),
];
