import {
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
import { BlastListOutput, BlastOutput, BlastRefInput, BlastSendInput } from '../activity/blast.ts';
import {
  CheckinInput,
  CheckinOutput,
  NftListInput,
  NftOutput,
  NftOwnerVisibilityInput,
  NftsOutput,
  SelfCheckinInput,
  SignCodeOutput,
} from '../activity/checkin.ts';
import { HostingInput, HostingPageOutput } from '../activity/hosting.ts';
import {
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
import { NftAddressInput, TicketNftInput, TicketNftOutput } from '../activity/nft-chain.ts';
import { RegistrationOutput } from '../activity/registrations.ts';
import {
  ActivityRefInput,
  MyTicketsInput,
  SignUpInput,
  TicketsOutput,
  TicketTransferInput,
} from '../activity/tickets.ts';
import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import { ActivitySplitOutput, DistributionInput, DistributionOutput, SplitInput } from '../split.ts';
import { activityApi as api } from './activity.ts';

/** The activity module's calls with their schemas: what the server registers and development builds parse with. */
export const activitySchemas = {
  blastSend: withSchemas(api.blastSend, BlastSendInput, BlastOutput),
  blastList: withSchemas(api.blastList, ActivityRefInput, BlastListOutput),
  blastCancel: withSchemas(api.blastCancel, BlastRefInput, BlastOutput),
  checkin: withSchemas(api.checkin, CheckinInput, CheckinOutput),
  checkinSelf: withSchemas(api.checkinSelf, SelfCheckinInput, CheckinOutput),
  checkinUndo: withSchemas(api.checkinUndo, RegistrationRefInput, EmptyOutput),
  nfts: withSchemas(api.nfts, NftListInput, NftsOutput),
  nftOwner: withSchemas(api.nftOwner, NftOwnerVisibilityInput, NftOutput),
  list: withSchemas(api.list, ActivityListInput, ActivityPageOutput),
  explore: withSchemas(api.explore, ExploreInput, ExploreOutput),
  cities: withSchemas(api.cities, EmptyInput, CitiesOutput),
  detail: withSchemas(api.detail, ActivityDetailInput, ActivityOutput),
  mine: withSchemas(api.mine, MyActivitiesInput, ActivityPageOutput),
  hosting: withSchemas(api.hosting, HostingInput, HostingPageOutput),
  create: withSchemas(api.create, CreateActivityInput, ActivityOutput),
  update: withSchemas(api.update, UpdateActivityInput, ActivityOutput),
  publish: withSchemas(api.publish, ActivityIdInput, ActivityOutput),
  draft: withSchemas(api.draft, DraftInput, DraftOutput),
  draftSave: withSchemas(api.draftSave, SaveDraftInput, DraftOutput),
  draftDelete: withSchemas(api.draftDelete, DraftInput, EmptyOutput),
  manageOverview: withSchemas(api.manageOverview, ActivityRefInput, OverviewOutput),
  manageAttendees: withSchemas(api.manageAttendees, AttendeesInput, AttendeesOutput),
  manageApprove: withSchemas(api.manageApprove, RegistrationRefInput, RegistrationOutput),
  manageReject: withSchemas(api.manageReject, RegistrationRefInput, RegistrationOutput),
  manageSignCode: withSchemas(api.manageSignCode, ActivityRefInput, SignCodeOutput),
  manageInvite: withSchemas(api.manageInvite, InviteInput, InviteOutput),
  manageMarketing: withSchemas(api.manageMarketing, MarketingInput, MarketingOutput),
  manageCancel: withSchemas(api.manageCancel, CancelActivityInput, CancelActivityOutput),
  ticketNft: withSchemas(api.ticketNft, TicketNftInput, TicketNftOutput),
  ticketNftAddress: withSchemas(api.ticketNftAddress, NftAddressInput, TicketNftOutput),
  openMasterDistribution: withSchemas(api.openMasterDistribution, DistributionInput, DistributionOutput),
  openMasterSplit: withSchemas(api.openMasterSplit, SplitInput, ActivitySplitOutput),
  signup: withSchemas(api.signup, SignUpInput, RegistrationOutput),
  signupCancel: withSchemas(api.signupCancel, ActivityRefInput, RegistrationOutput),
  ticketTransfer: withSchemas(api.ticketTransfer, TicketTransferInput, RegistrationOutput),
  tickets: withSchemas(api.tickets, MyTicketsInput, TicketsOutput),
  categories: withSchemas(api.categories, CategoriesInput, CategoriesOutput),
};
