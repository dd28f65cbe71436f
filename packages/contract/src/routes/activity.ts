import type * as s from '../activity/index.ts';
import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type { ActivitySplitOutput, DistributionInput, DistributionOutput, SplitInput } from '../split.ts';

/** The activity module's calls (apps/server/src/modules/activity): paths and types only; schemas in activity.schemas.ts. */
export const activityApi = {
  blastSend: route<typeof s.BlastSendInput, typeof s.BlastOutput>('POST', '/activity/blast/send'),
  blastList: route<typeof s.ActivityRefInput, typeof s.BlastListOutput>('GET', '/activity/blast/list'),
  blastCancel: route<typeof s.BlastRefInput, typeof s.BlastOutput>('POST', '/activity/blast/cancel'),
  checkin: route<typeof s.CheckinInput, typeof s.CheckinOutput>('POST', '/activity/checkin'),
  checkinSelf: route<typeof s.SelfCheckinInput, typeof s.CheckinOutput>('POST', '/activity/checkin/self'),
  checkinUndo: route<typeof s.RegistrationRefInput, typeof EmptyOutput>('POST', '/activity/checkin/undo'),
  nfts: route<typeof s.NftListInput, typeof s.NftsOutput>('GET', '/activity/nfts'),
  nftOwner: route<typeof s.NftOwnerVisibilityInput, typeof s.NftOutput>('POST', '/activity/nft/owner'),
  list: route<typeof s.ActivityListInput, typeof s.ActivityPageOutput>('GET', '/activity/list'),
  explore: route<typeof s.ExploreInput, typeof s.ExploreOutput>('GET', '/activity/explore'),
  cities: route<typeof EmptyInput, typeof s.CitiesOutput>('GET', '/activity/cities'),
  detail: route<typeof s.ActivityDetailInput, typeof s.ActivityOutput>('GET', '/activity/detail'),
  mine: route<typeof s.MyActivitiesInput, typeof s.ActivityPageOutput>('GET', '/activity/mine'),
  hosting: route<typeof s.HostingInput, typeof s.HostingPageOutput>('GET', '/activity/hosting'),
  create: route<typeof s.CreateActivityInput, typeof s.ActivityOutput>('POST', '/activity/create'),
  update: route<typeof s.UpdateActivityInput, typeof s.ActivityOutput>('POST', '/activity/update'),
  publish: route<typeof s.ActivityIdInput, typeof s.ActivityOutput>('POST', '/activity/publish'),
  draft: route<typeof s.DraftInput, typeof s.DraftOutput>('GET', '/activity/draft'),
  draftSave: route<typeof s.SaveDraftInput, typeof s.DraftOutput>('POST', '/activity/draft/save'),
  draftDelete: route<typeof s.DraftInput, typeof EmptyOutput>('POST', '/activity/draft/delete'),
  manageOverview: route<typeof s.ActivityRefInput, typeof s.OverviewOutput>('GET', '/activity/manage/overview'),
  manageAttendees: route<typeof s.AttendeesInput, typeof s.AttendeesOutput>('GET', '/activity/manage/attendees'),
  manageApprove: route<typeof s.RegistrationRefInput, typeof s.RegistrationOutput>('POST', '/activity/manage/approve'),
  manageReject: route<typeof s.RegistrationRefInput, typeof s.RegistrationOutput>('POST', '/activity/manage/reject'),
  manageSignCode: route<typeof s.ActivityRefInput, typeof s.SignCodeOutput>('GET', '/activity/manage/signCode'),
  manageInvite: route<typeof s.InviteInput, typeof s.InviteOutput>('POST', '/activity/manage/invite'),
  manageMarketing: route<typeof s.MarketingInput, typeof s.MarketingOutput>('POST', '/activity/manage/marketing'),
  manageCancel: route<typeof s.CancelActivityInput, typeof s.CancelActivityOutput>('POST', '/activity/manage/cancel'),
  ticketNft: route<typeof s.TicketNftInput, typeof s.TicketNftOutput>('GET', '/activity/ticket/nft'),
  ticketGoogleWallet: route<typeof s.GoogleWalletInput, typeof s.GoogleWalletOutput>(
    'GET',
    '/activity/ticket/googleWallet',
  ),
  ticketNftAddress: route<typeof s.NftAddressInput, typeof s.TicketNftOutput>('POST', '/activity/ticket/nft/address'),
  openMasterDistribution: route<typeof DistributionInput, typeof DistributionOutput>(
    'GET',
    '/open/master/distribution',
  ),
  openMasterSplit: route<typeof SplitInput, typeof ActivitySplitOutput>('POST', '/open/master/split'),
  signup: route<typeof s.SignUpInput, typeof s.RegistrationOutput>('POST', '/activity/signup'),
  signupCancel: route<typeof s.ActivityRefInput, typeof s.RegistrationOutput>('POST', '/activity/signup/cancel'),
  ticketTransfer: route<typeof s.TicketTransferInput, typeof s.RegistrationOutput>('POST', '/activity/ticket/transfer'),
  tickets: route<typeof s.MyTicketsInput, typeof s.TicketsOutput>('GET', '/activity/tickets'),
  categories: route<typeof s.CategoriesInput, typeof s.CategoriesOutput>('GET', '/activity/categories'),
};
