import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/api/auth.ts';
import { confirm as confirmDialog } from '@/app/overlays.ts';
import { Avatar } from '@/components/Avatar.tsx';
import { Button } from '@/components/Button.tsx';
import { VipBadge } from '@/components/VipBadge.tsx';
import { copyText } from '@/lib/clipboard.ts';
import { displayNameOf } from '@/lib/identity.ts';
import { useSession } from '@/lib/session.ts';
import styles from './me.module.css';

/**
 * The signed-in person's header pieces, shared by the Me tab (pages/home) and the profile page
 * (pages/my/personal-center). `testIdPrefix` keeps each page's test ids (`me-…`, `profile-…`).
 */

/**
 * Avatar, display name (else user name) with the VIP badge, and email; the caller puts them in its own row (a link
 * on the Me tab).
 */
export function ProfileIdentity({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const name = displayNameOf(user);
  return (
    <>
      <Avatar
        name={name || user?.email}
        avatar={user?.avatar ?? null}
        person={user?.uid}
        size={56}
        className={styles.avatarRing}
        testId={`${testIdPrefix}-avatar`}
      />
      <div style={{ flex: 1 }}>
        <p className={styles.name} data-testid={`${testIdPrefix}-name`}>
          {name || t('me.noName')} <VipBadge vip={user?.vip} />
        </p>
        <p className={styles.email} data-testid={`${testIdPrefix}-email`}>
          {user?.email}
        </p>
      </div>
    </>
  );
}

/** "UID: 123" with a copy button that says whether the copy worked. */
export function UidRow({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.userInfo?.uid);
  const copyUid = async () => {
    const label = t('me.uid');
    const ok = uid ? await copyText(uid) : false;
    Toast.show({
      content: ok ? t('common.copied', { label }) : t('common.copyFailed', { label }),
      duration: TOAST_DURATION_MS,
    });
  };
  return (
    <div className={styles.uid}>
      <span>
        {t('me.uid')}: <span data-testid={`${testIdPrefix}-uid`}>{uid}</span>
      </span>
      <button
        type="button"
        className={styles.copy}
        onClick={() => void copyUid()}
        aria-label={t('common.copy', { label: t('me.uid') })}
        data-testid={`${testIdPrefix}-copy-uid`}
      >
        <FileOutline aria-hidden />
      </button>
    </div>
  );
}

/** Log out after a confirmation; `afterLogout` runs once the session is gone (My returns to the Me tab). */
export function LogoutButton({ testId, afterLogout }: { testId: string; afterLogout?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const confirm = async () => {
    const sure = await confirmDialog({
      title: t('me.logoutTitle'),
      content: t('me.logoutContent'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await logout.mutateAsync();
    Toast.show({ content: t('me.loggedOut'), duration: TOAST_DURATION_MS });
    afterLogout?.();
  };
  return (
    <Button
      variant="danger"
      className={styles.logout}
      block
      loading={logout.isPending}
      disabled={logout.isPending}
      onClick={() => void confirm()}
      data-testid={testId}
    >
      {t('me.logout')}
    </Button>
  );
}
