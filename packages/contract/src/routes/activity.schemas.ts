import * as s from '../activity/index.ts';
import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import { ActivitySplitOutput, DistributionInput, DistributionOutput, SplitInput } from '../split.ts';
import { activityApi as api } from './activity.ts';

/** The activity module's calls with their schemas: what the server registers and development builds parse with. */
export const activitySchemas = {
  blastSend: withSchemas(api.blastSend, s.BlastSendInput, s.BlastOutput),
  blastList: withSchemas(api.blastList, s.ActivityRefInput, s.BlastListOutput),
  blastCancel: withSchemas(api.blastCancel, s.BlastRefInput, s.BlastOutput),
  checkin: withSchemas(api.checkin, s.CheckinInput, s.CheckinOutput),
  checkinSelf: withSchemas(api.checkinSelf, s.SelfCheckinInput, s.CheckinOutput),
  checkinUndo: withSchemas(api.checkinUndo, s.RegistrationRefInput, EmptyOutput),
  nfts: withSchemas(api.nfts, s.NftListInput, s.NftsOutput),
  nftOwner: withSchemas(api.nftOwner, s.NftOwnerVisibilityInput, s.NftOutput),
  list: withSchemas(api.list, s.ActivityListInput, s.ActivityPageOutput),
  explore: withSchemas(api.explore, s.ExploreInput, s.ExploreOutput),
  cities: withSchemas(api.cities, EmptyInput, s.CitiesOutput),
  detail: withSchemas(api.detail, s.ActivityDetailInput, s.ActivityOutput),
  mine: withSchemas(api.mine, s.MyActivitiesInput, s.ActivityPageOutput),
  hosting: withSchemas(api.hosting, s.HostingInput, s.HostingPageOutput),
  create: withSchemas(api.create, s.CreateActivityInput, s.ActivityOutput),
  update: withSchemas(api.update, s.UpdateActivityInput, s.ActivityOutput),
  publish: withSchemas(api.publish, s.ActivityIdInput, s.ActivityOutput),
  draft: withSchemas(api.draft, s.DraftInput, s.DraftOutput),
  draftSave: withSchemas(api.draftSave, s.SaveDraftInput, s.DraftOutput),
  draftDelete: withSchemas(api.draftDelete, s.DraftInput, EmptyOutput),
  manageOverview: withSchemas(api.manageOverview, s.ActivityRefInput, s.OverviewOutput),
  manageAttendees: withSchemas(api.manageAttendees, s.AttendeesInput, s.AttendeesOutput),
  manageApprove: withSchemas(api.manageApprove, s.RegistrationRefInput, s.RegistrationOutput),
  manageReject: withSchemas(api.manageReject, s.RegistrationRefInput, s.RegistrationOutput),
  manageSignCode: withSchemas(api.manageSignCode, s.ActivityRefInput, s.SignCodeOutput),
  manageInvite: withSchemas(api.manageInvite, s.InviteInput, s.InviteOutput),
  manageMarketing: withSchemas(api.manageMarketing, s.MarketingInput, s.MarketingOutput),
  manageCancel: withSchemas(api.manageCancel, s.CancelActivityInput, s.CancelActivityOutput),
  ticketNft: withSchemas(api.ticketNft, s.TicketNftInput, s.TicketNftOutput),
  ticketGoogleWallet: withSchemas(api.ticketGoogleWallet, s.GoogleWalletInput, s.GoogleWalletOutput),
  ticketNftAddress: withSchemas(api.ticketNftAddress, s.NftAddressInput, s.TicketNftOutput),
  openMasterDistribution: withSchemas(api.openMasterDistribution, DistributionInput, DistributionOutput),
  openMasterSplit: withSchemas(api.openMasterSplit, SplitInput, ActivitySplitOutput),
  signup: withSchemas(api.signup, s.SignUpInput, s.RegistrationOutput),
  signupCancel: withSchemas(api.signupCancel, s.ActivityRefInput, s.RegistrationOutput),
  ticketTransfer: withSchemas(api.ticketTransfer, s.TicketTransferInput, s.RegistrationOutput),
  tickets: withSchemas(api.tickets, s.MyTicketsInput, s.TicketsOutput),
  categories: withSchemas(api.categories, s.CategoriesInput, s.CategoriesOutput),
};
