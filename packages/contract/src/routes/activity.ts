import type {
  ActivityDetailInput,
  ActivityIdInput,
  ActivityListInput,
  ActivityOutput,
  ActivityPageOutput,
  CategoriesInput,
  CategoriesOutput,
  CitiesOutput,
  CreateActivityInput,
  DraftInput,
  DraftOutput,
  ExploreInput,
  ExploreOutput,
  MarketingOutput,
  MyActivitiesInput,
  SaveDraftInput,
  UpdateActivityInput,
} from '../activity/activities.ts';
import type { BlastListOutput, BlastOutput, BlastRefInput, BlastSendInput } from '../activity/blast.ts';
import type {
  CheckinInput,
  CheckinOutput,
  NftListInput,
  NftOutput,
  NftOwnerVisibilityInput,
  NftsOutput,
  SelfCheckinInput,
  SignCodeOutput,
} from '../activity/checkin.ts';
import type { HostingInput, HostingPageOutput } from '../activity/hosting.ts';
import type {
  AttendeesInput,
  AttendeesOutput,
  CancelActivityInput,
  CancelActivityOutput,
  InviteInput,
  InviteOutput,
  MarketingInput,
  OverviewOutput,
  RegistrationRefInput,
} from '../activity/manage.ts';
import type { NftAddressInput, TicketNftInput, TicketNftOutput } from '../activity/nft-chain.ts';
import type { RegistrationOutput } from '../activity/registrations.ts';
import type {
  ActivityRefInput,
  MyTicketsInput,
  SignUpInput,
  TicketsOutput,
  TicketTransferInput,
} from '../activity/tickets.ts';
import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type { ActivitySplitOutput, DistributionInput, DistributionOutput, SplitInput } from '../split.ts';

/** The activity module's calls (apps/server/src/modules/activity): paths and types only; schemas in activity.schemas.ts. */
export const activityApi = {
  blastSend: route<typeof BlastSendInput, typeof BlastOutput>('POST', '/activity/blast/send'),
  blastList: route<typeof ActivityRefInput, typeof BlastListOutput>('GET', '/activity/blast/list'),
  blastCancel: route<typeof BlastRefInput, typeof BlastOutput>('POST', '/activity/blast/cancel'),
  checkin: route<typeof CheckinInput, typeof CheckinOutput>('POST', '/activity/checkin'),
  checkinSelf: route<typeof SelfCheckinInput, typeof CheckinOutput>('POST', '/activity/checkin/self'),
  checkinUndo: route<typeof RegistrationRefInput, typeof EmptyOutput>('POST', '/activity/checkin/undo'),
  nfts: route<typeof NftListInput, typeof NftsOutput>('GET', '/activity/nfts'),
  nftOwner: route<typeof NftOwnerVisibilityInput, typeof NftOutput>('POST', '/activity/nft/owner'),
  list: route<typeof ActivityListInput, typeof ActivityPageOutput>('GET', '/activity/list'),
  explore: route<typeof ExploreInput, typeof ExploreOutput>('GET', '/activity/explore'),
  cities: route<typeof EmptyInput, typeof CitiesOutput>('GET', '/activity/cities'),
  detail: route<typeof ActivityDetailInput, typeof ActivityOutput>('GET', '/activity/detail'),
  mine: route<typeof MyActivitiesInput, typeof ActivityPageOutput>('GET', '/activity/mine'),
  hosting: route<typeof HostingInput, typeof HostingPageOutput>('GET', '/activity/hosting'),
  create: route<typeof CreateActivityInput, typeof ActivityOutput>('POST', '/activity/create'),
  update: route<typeof UpdateActivityInput, typeof ActivityOutput>('POST', '/activity/update'),
  publish: route<typeof ActivityIdInput, typeof ActivityOutput>('POST', '/activity/publish'),
  draft: route<typeof DraftInput, typeof DraftOutput>('GET', '/activity/draft'),
  draftSave: route<typeof SaveDraftInput, typeof DraftOutput>('POST', '/activity/draft/save'),
  draftDelete: route<typeof DraftInput, typeof EmptyOutput>('POST', '/activity/draft/delete'),
  manageOverview: route<typeof ActivityRefInput, typeof OverviewOutput>('GET', '/activity/manage/overview'),
  manageAttendees: route<typeof AttendeesInput, typeof AttendeesOutput>('GET', '/activity/manage/attendees'),
  manageApprove: route<typeof RegistrationRefInput, typeof RegistrationOutput>('POST', '/activity/manage/approve'),
  manageReject: route<typeof RegistrationRefInput, typeof RegistrationOutput>('POST', '/activity/manage/reject'),
  manageSignCode: route<typeof ActivityRefInput, typeof SignCodeOutput>('GET', '/activity/manage/signCode'),
  manageInvite: route<typeof InviteInput, typeof InviteOutput>('POST', '/activity/manage/invite'),
  manageMarketing: route<typeof MarketingInput, typeof MarketingOutput>('POST', '/activity/manage/marketing'),
  manageCancel: route<typeof CancelActivityInput, typeof CancelActivityOutput>('POST', '/activity/manage/cancel'),
  ticketNft: route<typeof TicketNftInput, typeof TicketNftOutput>('GET', '/activity/ticket/nft'),
  ticketNftAddress: route<typeof NftAddressInput, typeof TicketNftOutput>('POST', '/activity/ticket/nft/address'),
  openMasterDistribution: route<typeof DistributionInput, typeof DistributionOutput>(
    'GET',
    '/open/master/distribution',
  ),
  openMasterSplit: route<typeof SplitInput, typeof ActivitySplitOutput>('POST', '/open/master/split'),
  signup: route<typeof SignUpInput, typeof RegistrationOutput>('POST', '/activity/signup'),
  signupCancel: route<typeof ActivityRefInput, typeof RegistrationOutput>('POST', '/activity/signup/cancel'),
  ticketTransfer: route<typeof TicketTransferInput, typeof RegistrationOutput>('POST', '/activity/ticket/transfer'),
  tickets: route<typeof MyTicketsInput, typeof TicketsOutput>('GET', '/activity/tickets'),
  categories: route<typeof CategoriesInput, typeof CategoriesOutput>('GET', '/activity/categories'),
};
