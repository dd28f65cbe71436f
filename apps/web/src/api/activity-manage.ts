import type {
  AttendeesOutput,
  CheckinOutput,
  CreateActivityInput,
  HostingGroup,
  UploadImageOutput,
} from '@polaris/contract';
import { activityApi, FILE_PATHS, UPLOADS } from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { saveFile } from '@/lib/save-file.ts';
import { useSession } from '@/lib/session.ts';
import { activityKeys } from './activity.ts';
import { api } from './request.ts';

/** Organizer-side activity endpoints (docs/activities.md): create, edit, drafts, images, manage, check-in. */

export type UploadedImage = z.output<typeof UploadImageOutput>;
type AttendeesPage = z.output<typeof AttendeesOutput>;
export type Attendee = AttendeesPage['items'][number];
export type CheckinResult = z.output<typeof CheckinOutput>;
export type ActivityWrite = z.input<typeof CreateActivityInput>;
export type AttendeeFilter = 'pending' | 'approved' | 'waitlisted' | 'rejected' | 'cancelled' | 'checkedIn';

export const hostKeys = {
  all: ['activity-host'] as const,
  detail: (id: string) => [...hostKeys.all, 'detail', id] as const,
  draft: (id: string) => [...hostKeys.all, 'draft', id] as const,
  overview: (id: string) => [...hostKeys.all, 'overview', id] as const,
  attendees: (id: string, status?: AttendeeFilter) => [...hostKeys.all, 'attendees', id, status ?? 'all'] as const,
  signCode: (id: string) => [...hostKeys.all, 'signCode', id] as const,
  hostingAll: () => [...hostKeys.all, 'hosting'] as const,
  hosting: (group: HostingGroup) => [...hostKeys.hostingAll(), group] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useHostActivity(id: string) {
  return useQuery({
    queryKey: hostKeys.detail(id),
    enabled: useLoggedIn() && id !== '',
    queryFn: () => api.call(activityApi.detail, { id }, { silent: true }),
    retry: false,
  });
}

/** My activities → hosting: one group of what the user organizes or co-hosts, page by page, with each group's count. */
export function useHosting(group: HostingGroup) {
  return useInfiniteQuery({
    queryKey: hostKeys.hosting(group),
    enabled: useLoggedIn(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(activityApi.hosting, { group, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The kept form for a new activity (`activityId` absent) or an edit. */
export function useDraft(activityId: string | undefined) {
  return useQuery({
    queryKey: hostKeys.draft(activityId ?? 'new'),
    enabled: useLoggedIn(),
    queryFn: () => api.call(activityApi.draft, activityId ? { activityId } : {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function saveDraft(activityId: string | undefined, data: Record<string, unknown>) {
  return api.call(
    activityApi.draftSave,
    { ...(activityId ? { activityId } : {}), data },
    {
      silent: true,
    },
  );
}

export function deleteDraft(activityId: string | undefined) {
  return api.call(activityApi.draftDelete, activityId ? { activityId } : {}, { silent: true });
}

export function useCreateActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivityWrite) => api.call(activityApi.create, input),
    onSuccess: (activity) => {
      queryClient.setQueryData(hostKeys.detail(activity.id), activity);
      // A new public activity changes the lists and the cities list (its count, a new city).
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: hostKeys.hostingAll() });
    },
  });
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<ActivityWrite> & { id: string }) => api.call(activityApi.update, input),
    onSuccess: (activity) => {
      queryClient.setQueryData(hostKeys.detail(activity.id), activity);
      void queryClient.invalidateQueries({ queryKey: hostKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(activityApi.publish, { id }),
    onSuccess: (activity) => {
      queryClient.setQueryData(hostKeys.detail(activity.id), activity);
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: hostKeys.hostingAll() });
    },
  });
}

/** Multipart upload of a cover; the server's field errors (type, size) come back as an `invalid` ApiError. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api.upload(UPLOADS.activityImage, body);
}

/** The attendee CSV (a raw route that needs the session token, which travels only in a header), saved as a file. */
export async function downloadAttendeesCsv(activityId: string): Promise<void> {
  const file = await api.download(FILE_PATHS.attendeesCsv, 'text/csv', { params: { activityId } });
  saveFile(file.blob, file.filename ?? `attendees-${activityId}.csv`);
}

export function useOverview(activityId: string) {
  return useQuery({
    queryKey: hostKeys.overview(activityId),
    enabled: useLoggedIn() && activityId !== '',
    queryFn: () => api.call(activityApi.manageOverview, { activityId }, { silent: true }),
    retry: false,
  });
}

export function useAttendees(activityId: string, status?: AttendeeFilter) {
  return useQuery({
    queryKey: hostKeys.attendees(activityId, status),
    enabled: useLoggedIn() && activityId !== '',
    queryFn: () => api.call(activityApi.manageAttendees, { activityId, status, limit: 200 }, { silent: true }),
    retry: false,
  });
}

function useInvalidateManage(activityId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: hostKeys.overview(activityId) });
    void queryClient.invalidateQueries({ queryKey: [...hostKeys.all, 'attendees', activityId] });
  };
}

export function useDecide(activityId: string) {
  const invalidate = useInvalidateManage(activityId);
  return useMutation({
    mutationFn: ({ registrationId, approve }: { registrationId: string; approve: boolean }) =>
      api.call(approve ? activityApi.manageApprove : activityApi.manageReject, { activityId, registrationId }),
    onSettled: invalidate,
  });
}

export function useSignCode(activityId: string) {
  return useQuery({
    queryKey: hostKeys.signCode(activityId),
    enabled: useLoggedIn() && activityId !== '',
    queryFn: () => api.call(activityApi.manageSignCode, { activityId }, { silent: true }),
    retry: false,
  });
}

export function useCheckin(activityId: string) {
  const invalidate = useInvalidateManage(activityId);
  return useMutation({
    mutationFn: (ticketCode: string) => api.call(activityApi.checkin, { activityId, ticketCode }),
    onSettled: invalidate,
  });
}

export function useUndoCheckin(activityId: string) {
  const invalidate = useInvalidateManage(activityId);
  return useMutation({
    mutationFn: (registrationId: string) => api.call(activityApi.checkinUndo, { activityId, registrationId }),
    onSettled: invalidate,
  });
}

export function useInvite(activityId: string) {
  return useMutation({
    mutationFn: (emails: string[]) => api.call(activityApi.manageInvite, { activityId, emails }),
  });
}

export function useMarketing(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { featured: boolean; shareTitle: string | null; shareText: string | null }) =>
      api.call(activityApi.manageMarketing, { activityId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostKeys.detail(activityId) }),
  });
}

/** The organizer cancels the whole activity: everyone is refunded what is held (POST /activity/manage/cancel). */
export function useCancelActivity(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(activityApi.manageCancel, { activityId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hostKeys.all }),
  });
}
