import { Toast } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadAvatar } from '@/api/profile.ts';
import { Avatar } from '@/components/Avatar.tsx';
import { Button } from '@/components/Button.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { displayNameOf } from '@/lib/identity.ts';
import { useSession } from '@/lib/session.ts';
import { AvatarCropper } from './AvatarCropper.tsx';
import styles from './profile.module.css';

/** The profile's picture: tap to choose one, crop it to a square, and it is resized here and sent. */
export function AvatarEditor() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadAvatar();
  const name = displayNameOf(user) || user?.email;
  return (
    <div className={styles.avatarBlock}>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => input.current?.click()}
        aria-label={t('profile.changeAvatar')}
      >
        <Avatar name={name} avatar={user?.avatar ?? null} person={user?.uid} size={96} testId="profile-avatar" />
        <span className={styles.avatarBadge} aria-hidden>
          <CameraOutline />
        </span>
      </button>
      <Button size="small" onClick={() => input.current?.click()} data-testid="profile-avatar-change">
        {t('profile.changeAvatar')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (chosen) setFile(chosen);
        }}
        data-testid="profile-avatar-input"
      />
      <AvatarCropper
        file={file}
        busy={upload.isPending}
        onCancel={() => setFile(null)}
        onCrop={(blob) =>
          upload.mutate(blob, {
            onSuccess: () => {
              setFile(null);
              Toast.show({ content: t('profile.avatarSaved') });
            },
            onError: (error) => {
              // A field error (type, size) is the layer's to leave to us; others were already shown.
              if (isApiError(error, 'invalid')) {
                Toast.show({ content: error.fields[0]?.message ?? t('profile.avatarFailed') });
              }
            },
          })
        }
      />
    </div>
  );
}
