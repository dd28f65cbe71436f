import type { ChatPoll } from '@polaris/contract';
import { CheckCircleFill, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '@/api/chat.ts';
import { usePollVoters, useVote } from '@/api/chat-polls.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { isPollOpen, percentages } from '@/lib/chat-polls.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import css from './PollCard.module.css';
import { PollClose } from './PollClose.tsx';

export interface PollCardProps {
  poll: ChatPoll;
  selfUid: string | null;
  /** The reader moderates the room (may close anyone's poll). */
  moderator: boolean;
  /** The reader is a member (may vote, audience permitting: the server answers for tickets and check-ins). */
  member: boolean;
}

/** Re-renders when the poll's close time passes, so an open card turns closed on its own. */
function useClosesOnTime(closesAt: string | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!closesAt) return undefined;
    const left = Date.parse(closesAt) - Date.now();
    if (left <= 0 || left > 2 ** 31 - 1) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), left + 50);
    return () => clearTimeout(timer);
  }, [closesAt]);
}

/**
 * A poll in the conversation (docs/chat.md "Polls"): the question, each option with its bar, percentage and count,
 * the reader's choice marked. Open and a member: a single-choice option votes when tapped (again: the vote moves);
 * a multiple-choice poll is ticked and sent with Vote. A named poll lists who voted for what; an anonymous one
 * only counts. Closed: the final results, no voting.
 */
export function PollCard({ poll, selfUid, moderator, member }: PollCardProps) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const headingId = useId();
  useClosesOnTime(poll.closesAt);
  const open = isPollOpen(poll, Date.now());
  const vote = useVote(poll.roomId);
  const mine = poll.mine ?? [];
  const [picked, setPicked] = useState<number[] | null>(null);
  const [showVoters, setShowVoters] = useState(false);
  const shares = percentages(poll.tallies);
  const canVote = open && member;
  const canClose = open && member && (moderator || (selfUid !== null && poll.authorUid === selfUid));

  const send = (choices: number[]) =>
    vote.mutate({ pollId: poll.id, choices }, { onSuccess: () => setPicked(null), onError: (e) => toastUnreported(e) });
  const ticked = picked ?? mine;
  const toggle = (index: number) =>
    setPicked(ticked.includes(index) ? ticked.filter((i) => i !== index) : [...ticked, index].sort((a, b) => a - b));
  const changed = picked !== null && picked.length > 0 && picked.join() !== mine.join();

  const facts = [
    poll.multiple ? t('chatPoll.card.multiple') : t('chatPoll.card.single'),
    poll.anonymous ? t('chatPoll.card.anonymous') : t('chatPoll.card.named'),
    ...(poll.audience === 'members' ? [] : [t(`chatPoll.card.${poll.audience}`)]),
  ];

  return (
    <section
      className={`${css.card} ${open ? '' : css.closed}`}
      aria-labelledby={headingId}
      data-testid="poll-card"
      data-poll-id={poll.id}
      data-open={open}
    >
      <p className={css.kicker}>
        <span className={css.badge}>{t('chatPoll.card.label')}</span>
        <span>{facts.join(' · ')}</span>
      </p>
      <h3 className={css.question} id={headingId}>
        {poll.question}
      </h3>
      <ul className={css.options}>
        {poll.options.map((option, index) => {
          const chosen = mine.includes(index);
          const result = (
            <>
              <span className={css.fill} style={{ width: `${shares[index]}%` }} aria-hidden />
              <span className={css.optionText}>
                {poll.multiple && canVote ? (
                  <span className={`${css.box} ${ticked.includes(index) ? css.boxOn : ''}`} aria-hidden />
                ) : null}
                {chosen && <CheckCircleFill className={css.check} aria-hidden />}
                <span className={css.optionName}>{option}</span>
              </span>
              <span className={css.percent}>{t('chatPoll.card.percent', { percent: shares[index] })}</span>
              <span className="px-visually-hidden">
                {t('chatPoll.card.votes', { count: poll.tallies[index] })}
                {chosen ? `, ${t('chatPoll.card.mine')}` : ''}
              </span>
            </>
          );
          const common = {
            className: `${css.option} ${chosen ? css.mine : ''}`,
            'data-testid': 'poll-option',
            'data-chosen': chosen,
            'data-percent': shares[index],
          };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed once the poll is posted; the index is the option's id.
            <li key={index}>
              {!canVote ? (
                <div {...common}>{result}</div>
              ) : poll.multiple ? (
                <button type="button" {...common} aria-pressed={ticked.includes(index)} onClick={() => toggle(index)}>
                  {result}
                </button>
              ) : (
                <button
                  type="button"
                  {...common}
                  aria-pressed={chosen}
                  disabled={vote.isPending}
                  onClick={() => !chosen && send([index])}
                >
                  {result}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {canVote && poll.multiple && (
        <button
          type="button"
          className={css.voteButton}
          disabled={!changed || vote.isPending}
          onClick={() => picked && send(picked)}
          data-testid="poll-vote"
        >
          {mine.length > 0 ? t('chatPoll.card.changeVote') : t('chatPoll.card.vote')}
        </button>
      )}
      <p className={css.footer}>
        <span data-testid="poll-voters" aria-live="polite">
          {poll.voters === 0 ? t('chatPoll.card.votersNone') : t('chatPoll.card.voters', { count: poll.voters })}
        </span>
        <span data-testid="poll-state">
          {open
            ? poll.closesAt && t('chatPoll.card.closesAt', { time: formatDateTime(poll.closesAt, language) })
            : t('chatPoll.card.closed')}
        </span>
      </p>
      <div className={css.actions}>
        {!poll.anonymous && poll.voters > 0 && member && (
          <button
            type="button"
            className={css.link}
            aria-expanded={showVoters}
            onClick={() => setShowVoters((shown) => !shown)}
            data-testid="poll-show-voters"
          >
            <UnorderedListOutline aria-hidden />{' '}
            {showVoters ? t('chatPoll.card.hideVoters') : t('chatPoll.card.showVoters')}
          </button>
        )}
        {canClose && <PollClose roomId={poll.roomId} pollId={poll.id} />}
      </div>
      {showVoters && <Voters poll={poll} />}
    </section>
  );
}

/** Who voted for what, by option (named polls only). */
function Voters({ poll }: { poll: ChatPoll }) {
  const { t } = useTranslation();
  const voters = usePollVoters(poll.id, true);
  if (voters.isPending) return <p className={css.note}>{t('chatPoll.card.votersLoading')}</p>;
  if (voters.isError) return <p className={css.note}>{t('chatPoll.card.votersFailed')}</p>;
  return (
    <dl className={css.voters} data-testid="poll-voter-list">
      {poll.options.map((option, index) => {
        const names = voters.data.items
          .filter((voter) => voter.choices.includes(index))
          .map((voter) => voter.name ?? t('chatPoll.card.user', { uid: voter.uid }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's id.
          <div key={index} className={css.voterRow}>
            <dt>{option}</dt>
            <dd>{names.length > 0 ? names.join(', ') : t('chatPoll.card.nobody')}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A `poll` message's card, with what the room says of the reader (member, moderator). */
export function MessagePoll({ poll, selfUid }: { poll: ChatPoll; selfUid: string | null }) {
  const room = useRoom(poll.roomId);
  const member = room.data?.role !== null && room.data?.role !== undefined;
  return <PollCard poll={poll} selfUid={selfUid} moderator={room.data?.can.moderate ?? false} member={member} />;
}
