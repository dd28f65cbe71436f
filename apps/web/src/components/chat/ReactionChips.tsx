import type { ChatMessage, ChatReaction } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import css from './actions.module.css';

/** A message's reactions under its bubble: each kind with its count, pressed when it is the reader's; a tap toggles. */
export function ReactionChips({
  message,
  onToggle,
}: {
  message: ChatMessage;
  onToggle?(emoji: ChatReaction['emoji'], on: boolean): void;
}) {
  const { t } = useTranslation();
  const reactions = message.reactions ?? [];
  if (reactions.length === 0 || message.deleted) return null;
  return (
    <ul className={css.chips} aria-label={t('chatActions.reactions')} data-testid="reaction-chips">
      {reactions.map((reaction) => (
        <li key={reaction.emoji}>
          <button
            type="button"
            className={css.chip}
            aria-pressed={reaction.mine}
            aria-label={t(reaction.mine ? 'chatActions.reactionChipMine' : 'chatActions.reactionChip', {
              emoji: reaction.emoji,
              n: reaction.count,
            })}
            disabled={!onToggle}
            onClick={() => onToggle?.(reaction.emoji, !reaction.mine)}
            data-testid="reaction-chip"
            data-emoji={reaction.emoji}
            data-mine={reaction.mine}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <span className={css.count} aria-hidden>
              {reaction.count}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
