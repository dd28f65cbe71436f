import { activitySeriesApi, type SeriesCreateInput, type SeriesOf, type UpdateActivityInput } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { activityKeys } from './activity.ts';
import { hostKeys } from './activity-manage.ts';
import { api } from './request.ts';

/** Recurring series (docs/activities.md "Recurring series"): the series page, following, ending, editing all following. */

const seriesKeys = {
  all: ['activity-series'] as const,
  detail: (id: string) => [...seriesKeys.all, 'detail', id] as const,
  of: (activityId: string) => [...seriesKeys.all, 'of', activityId] as const,
};

export function useSeries(id: string) {
  return useQuery({
    queryKey: seriesKeys.detail(id),
    enabled: id !== '',
    queryFn: () => api.call(activitySeriesApi.get, { id }, { silent: true }),
    retry: false,
  });
}

/** The series an activity belongs to (its `series` null when it does not repeat). */
export function useSeriesOf(activityId: string) {
  return useQuery({
    queryKey: seriesKeys.of(activityId),
    enabled: activityId !== '',
    queryFn: () => api.call(activitySeriesApi.of, { activityId }, { silent: true }),
    retry: false,
  });
}

export function createSeries(input: z.input<typeof SeriesCreateInput>) {
  return api.call(activitySeriesApi.create, input);
}

/**
 * The manage page's "Repeat…": a published activity becomes occurrence 0 of a new series. The answer is the series
 * page's data and says what the activity now belongs to; the organizer's lists gain the dates it made.
 */
export function useCreateSeries(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof SeriesCreateInput>) => createSeries(input),
    onSuccess: (series) => {
      queryClient.setQueryData(seriesKeys.detail(series.id), series);
      const of: SeriesOf = {
        series: {
          id: series.id,
          index: 0,
          title: series.title,
          frequency: series.frequency,
          canManage: series.canManage,
        },
      };
      queryClient.setQueryData(seriesKeys.of(activityId), of);
      void queryClient.invalidateQueries({ queryKey: hostKeys.hostingAll() });
    },
  });
}

export function useFollowSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => api.call(activitySeriesApi.follow, { id, follow }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seriesKeys.detail(id) }),
  });
}

export function useEndSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(activitySeriesApi.end, { id }),
    onSuccess: (series) => queryClient.setQueryData(seriesKeys.detail(id), series),
  });
}

export function useUpdateFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof UpdateActivityInput>) => api.call(activitySeriesApi.updateFollowing, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: hostKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
    },
  });
}
