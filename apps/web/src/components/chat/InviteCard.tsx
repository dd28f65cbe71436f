import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useJoinRoom } from '@/api/chat.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { isNotFound } from '@/lib/api-error.ts';
import css from './chat.module.css';

/**
 * An invite link (`?invite=<token>`) opened: the room cannot be looked at before joining, so the user is asked
 * to join rather than joined by following a link.
 */
export function InviteCard({ token, onDismiss }: { token: string; onDismiss(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const join = useJoinRoom();
  const invalid = isNotFound(join.error) || isNotFound(join.error, 'inviteToken');
  return (
    <section className={css.card} data-testid="invite-card" aria-labelledby="invite-title">
      <h2 className={css.cardTitle} id="invite-title">
        {t('chat.invite.title')}
      </h2>
      <p className={css.hint} role={invalid ? 'alert' : undefined}>
        {invalid ? t('chat.invite.invalid') : t('chat.invite.body')}
      </p>
      <div className={css.row2}>
        {!invalid && (
          <Button
            variant="primary"
            loading={join.isPending}
            onClick={() =>
              join.mutate(
                { inviteToken: token },
                {
                  onSuccess: (room) => navigate(href(PATHS.chat, { id: room.id }), { replace: true }),
                  // A dead link is said in the card; anything else the request layer left quiet, as a toast.
                  onError: (error) => {
                    if (!isNotFound(error) && !isNotFound(error, 'inviteToken')) toastUnreported(error);
                  },
                },
              )
            }
            data-testid="invite-join"
          >
            {t('chat.invite.join')}
          </Button>
        )}
        <Button variant="text" onClick={onDismiss}>
          {t('chat.invite.dismiss')}
        </Button>
      </div>
    </section>
  );
}
