import { type ChatPoll, type ChatPollCreateInput, type ChatPollResults, chatPollApi } from '@polaris/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { History } from '@/lib/chat-messages.ts';
import { pollIn, updatePollIn, withAnswer, withOptimisticVote, withResults } from '@/lib/chat-polls.ts';
import { chatKeys } from './chat.ts';
import { api } from './request.ts';

/** Polls in rooms (docs/chat.md "Polls"): kept on their messages in the room's history cache. */

const pollKeys = {
  voters: (pollId: string) => [...chatKeys.all, 'pollVoters', pollId] as const,
};

/** A `poll` frame: the new results into the history, the reader's own vote kept. */
export function receivePollResults(client: QueryClient, roomId: string, results: ChatPollResults) {
  client.setQueryData<History>(chatKeys.messages(roomId), (history) =>
    updatePollIn(history, results.id, (poll) => withResults(poll, results)),
  );
  // A named poll's voter list open on screen is now behind: it is asked again when next shown.
  void client.invalidateQueries({ queryKey: pollKeys.voters(results.id), refetchType: 'none' });
}

function keepAnswer(client: QueryClient, roomId: string, answer: ChatPoll) {
  client.setQueryData<History>(chatKeys.messages(roomId), (history) =>
    updatePollIn(history, answer.id, (poll) => withAnswer(poll, answer)),
  );
}

export function useCreatePoll() {
  return useMutation({ mutationFn: (input: ChatPollCreateInput) => api.call(chatPollApi.create, input) });
}

/** A vote shows at once and is taken back if refused; the answer (with the reader's vote) then replaces it. */
export function useVote(roomId: string) {
  const client = useQueryClient();
  const key = chatKeys.messages(roomId);
  return useMutation({
    mutationFn: (input: { pollId: string; choices: number[] }) => api.call(chatPollApi.vote, input),
    onMutate: async ({ pollId, choices }) => {
      const before = pollIn(client.getQueryData<History>(key), pollId);
      client.setQueryData<History>(key, (history) =>
        updatePollIn(history, pollId, (poll) => withOptimisticVote(poll, choices)),
      );
      return { before };
    },
    onError: (_error, { pollId }, context) => {
      const before = context?.before;
      if (before) client.setQueryData<History>(key, (history) => updatePollIn(history, pollId, () => before));
    },
    onSuccess: ({ poll }) => {
      keepAnswer(client, roomId, poll);
      void client.invalidateQueries({ queryKey: pollKeys.voters(poll.id), refetchType: 'none' });
    },
  });
}

export function useClosePoll(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pollId: string) => api.call(chatPollApi.close, { pollId }),
    onSuccess: ({ poll }) => keepAnswer(client, roomId, poll),
  });
}

/** Who voted for what in a named poll, asked when the list is opened. */
export function usePollVoters(pollId: string, enabled: boolean) {
  return useQuery({
    queryKey: pollKeys.voters(pollId),
    enabled,
    queryFn: () => api.call(chatPollApi.voters, { pollId }),
  });
}
