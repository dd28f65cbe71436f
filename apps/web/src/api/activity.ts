import {
  type Activity,
  activityApi,
  type CALENDAR_FILTERS,
  type CalendarItemOutput,
  type CheckinOutput,
  calendarApi,
  FILE_PATHS,
  hashTradePassword,
  type NftsOutput,
  type Registration,
  type TicketsOutput,
} from '@polaris/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { saveFile } from '@/lib/save-file.ts';
import { sessionStore, useSession } from '@/lib/session.ts';
import { activityListParams, deviceTimeZone, type ListFilter } from './activity-requests.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Guest-side activity endpoints (docs/activities.md): discovery, details, sign-up, tickets, NFTs, calendar. */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type Ticket = Out<typeof TicketsOutput>['items'][number];
export type Nft = Out<typeof NftsOutput>['items'][number];
export type CheckinResult = Out<typeof CheckinOutput>;
export type CalendarItem = Out<typeof CalendarItemOutput>;
export type CalendarFilter = (typeof CALENDAR_FILTERS)[number];
export type When = 'upcoming' | 'past' | 'all';

export const activityKeys = {
  all: ['activity'] as const,
  list: (filter: ListFilter) => [...activityKeys.all, 'list', filter] as const,
  explore: (city: string) => [...activityKeys.all, 'explore', city] as const,
  categories: (city: string) => [...activityKeys.all, 'categories', city] as const,
  cities: () => [...activityKeys.all, 'cities'] as const,
  detail: (id: string) => [...activityKeys.all, 'detail', id] as const,
  tickets: (when: When) => [...activityKeys.all, 'tickets', when] as const,
  nfts: () => [...activityKeys.all, 'nfts'] as const,
  ticketNft: (id: string) => [...activityKeys.all, 'ticketNft', id] as const,
};

const calendarKeys = {
  all: ['calendar'] as const,
  month: (month: string, filter: CalendarFilter) => [...calendarKeys.all, 'month', month, filter] as const,
  list: (filter: CalendarFilter) => [...calendarKeys.all, 'list', filter] as const,
  feed: () => [...calendarKeys.all, 'feed'] as const,
  hostLinks: () => [...calendarKeys.all, 'hostLinks'] as const,
  cityFeed: (city: string) => [...calendarKeys.all, 'cityFeed', city] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

/** Shared by the list hook and the first screen's prefetch (components/activity/home-prefetch.ts). */
export const activityListOptions = (filter: ListFilter) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(activityApi.list, activityListParams(filter, pageParam)),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The server caches anonymous discovery for 5 s (DISCOVERY_CACHE_MS), so asking again sooner would get the
    // same answer; writes invalidate these keys explicitly. It also keeps the prefetched first page from being
    // fetched a second time when the list mounts.
    staleTime: 5_000,
  });

export function useActivityList(filter: ListFilter, enabled = true) {
  return useInfiniteQuery({ ...activityListOptions(filter), enabled, placeholderData: keepPreviousData });
}

export function useExplore(city: string) {
  return useQuery({
    queryKey: activityKeys.explore(city),
    queryFn: () => api.call(activityApi.explore, { city: city || undefined, tz: deviceTimeZone() }),
  });
}

export function useCategories(city: string) {
  return useQuery({
    queryKey: activityKeys.categories(city),
    queryFn: () => api.call(activityApi.categories, { city: city || undefined }),
  });
}

export const citiesOptions = () =>
  queryOptions({
    queryKey: activityKeys.cities(),
    queryFn: () => api.call(activityApi.cities),
    staleTime: 60_000,
  });

export function useCities() {
  return useQuery(citiesOptions());
}

export function useActivity(id: string, invite?: string) {
  return useQuery({
    // The answer depends on who asks (myRegistration, can), so the login state is part of the key.
    queryKey: [...activityKeys.detail(id), useLoggedIn()],
    enabled: id !== '',
    queryFn: () => api.call(activityApi.detail, { id, invite }),
  });
}

export interface SignUpRequest {
  activityId: string;
  ticketTypeId?: string;
  inviteCode?: string;
  /** A promo code checked on the screen (docs/activities.md "Promo codes"). */
  promoCode?: string;
  /** Answers to the organizer's registration questions, by question id. */
  answers?: Record<string, string>;
  /** Typed by the user for a priced ticket; hashed with the uid before it leaves the device. */
  password?: string;
  idempotencyKey?: string;
}

/**
 * The registration an answer carried, written into the activity's cached page at once (the button and the ticket
 * change on the tap's answer); the page is still marked stale, for the counts and the `can` the answer does not carry.
 */
export function showRegistration(client: QueryClient, registration: Registration) {
  client.setQueriesData<Activity>({ queryKey: activityKeys.detail(registration.activityId) }, (page) =>
    page ? { ...page, myRegistration: registration } : page,
  );
}

/** A self check-in's answer: my ticket on the activity's page shows checked in at once. */
export function showCheckin(client: QueryClient, activityId: string, checkin: CheckinResult) {
  client.setQueriesData<Activity>({ queryKey: activityKeys.detail(activityId) }, (page) => {
    const mine = page?.myRegistration;
    if (!page || !mine || mine.id !== checkin.registrationId) return page;
    return { ...page, myRegistration: { ...mine, checkedIn: true, checkedInAt: checkin.checkedInAt } };
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, ...input }: SignUpRequest) => {
      const uid = sessionStore.getState().userInfo?.uid ?? '';
      return api.call(activityApi.signup, {
        ...input,
        tradePassword: password === undefined ? undefined : hashTradePassword(password, uid),
      });
    },
    onSuccess: (registration) => showRegistration(queryClient, registration),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export function useCancelSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => api.call(activityApi.signupCancel, { activityId }),
    onSuccess: (registration) => showRegistration(queryClient, registration),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** Give my confirmed ticket to another user by uid. */
export function useTransferTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { activityId: string; toUid: string; totp?: string }) =>
      api.call(activityApi.ticketTransfer, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
}

export function useTickets(when: When) {
  return useInfiniteQuery({
    queryKey: activityKeys.tickets(when),
    enabled: useLoggedIn(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(activityApi.tickets, { when, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useNfts() {
  return useInfiniteQuery({
    queryKey: activityKeys.nfts(),
    enabled: useLoggedIn(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(activityApi.nfts, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** My ticket's attendance NFT on its chain (nothing off chain); asked again while a batch is on its way. */
export function useTicketNft(activityId: string) {
  return useQuery({
    queryKey: activityKeys.ticketNft(activityId),
    enabled: useLoggedIn(),
    queryFn: () => api.call(activityApi.ticketNft, { activityId }),
    refetchInterval: (query) => {
      const state = query.state.data?.nft?.state;
      return state === 'queued' || state === 'burning' ? 15_000 : false;
    },
  });
}

/** The address my attendance NFT is minted to (null: the platform's custody); the answer is the new state. */
export function useSetNftAddress(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string | null) => api.call(activityApi.ticketNftAddress, { activityId, address }),
    onSuccess: (answer) => queryClient.setQueryData(activityKeys.ticketNft(activityId), answer),
  });
}

export function useSelfCheckin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { activityId: string; signCode: string }) => api.call(activityApi.checkinSelf, input),
    onSuccess: (checkin, { activityId }) => {
      showCheckin(queryClient, activityId, checkin);
      return queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

// Calendar

export function useCalendarMonth(month: string, filter: CalendarFilter) {
  return useQuery({
    queryKey: calendarKeys.month(month, filter),
    enabled: useLoggedIn(),
    queryFn: () => api.call(calendarApi.month, { month, filter, tz: deviceTimeZone() }),
    placeholderData: keepPreviousData,
  });
}

export function useCalendarList(filter: CalendarFilter) {
  return useQuery({
    queryKey: calendarKeys.list(filter),
    enabled: useLoggedIn(),
    queryFn: () => api.call(calendarApi.list, { filter, limit: 200 }),
  });
}

export interface CalendarEntryFields {
  title: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  location?: string | null;
  note?: string | null;
}

export function useCreateCalendarEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarEntryFields) => api.call(calendarApi.entryCreate, { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export function useDeleteCalendarEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(calendarApi.entryDelete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKeys.feed(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(calendarApi.feed),
  });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(calendarApi.feedReset),
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed(), feed),
  });
}

/** The organizer's own public feed and embeddable listing (they never change: fetched once a session). */
export function useHostCalendarLinks() {
  return useQuery({
    queryKey: calendarKeys.hostLinks(),
    enabled: useLoggedIn(),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => api.call(calendarApi.hostLinks),
  });
}

/** A city's public feed, to subscribe to; the city as activities name it. */
export function useCityCalendarFeed(city: string | null) {
  return useQuery({
    queryKey: calendarKeys.cityFeed(city ?? ''),
    enabled: city !== null && city !== '',
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => api.call(calendarApi.cityFeed, { city: city! }),
  });
}

/** The .ics export (a raw route that needs the session token, which travels only in a header), saved as a file. */
export async function downloadCalendarExport(): Promise<void> {
  const file = await api.download(FILE_PATHS.calendarExport, 'text/calendar');
  saveFile(file.blob, file.filename ?? 'polaris.ics');
}
