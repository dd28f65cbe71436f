import {
  CHAT_JOIN_POLICIES,
  type ChatRoom,
  ChatSettingsInput,
  IMAGE_TYPES,
  TOAST_DURATION_MS,
} from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/api/activity-manage.ts';
import { type ChatSettings, useRoomSettings } from '@/api/chat-manage.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { useForm } from '@/components/useForm.ts';
import styles from './chat-manage.module.css';
import { PollsByAdminsField } from './PollsByAdminsField.tsx';
import { RoomAvatar } from './RoomAvatar.tsx';
import { avatarFromUpload, slowModeChoices } from './rules.ts';
import { useDuration } from './useDuration.ts';

type Save = (settings: ChatSettings, done?: () => void) => void;

/**
 * What admins change: photo, name and description (saved together), who may join and slow mode (saved as soon
 * as they are picked, as Telegram does).
 */
export function RoomSettings({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const settings = useRoomSettings(room.id);
  const save: Save = (values, done) =>
    settings.mutate(values, {
      onSuccess: () => {
        Toast.show({ content: t('chatManage.edit.saved'), duration: TOAST_DURATION_MS });
        done?.();
      },
      onError: (error) => toastUnreported(error),
    });
  return (
    <section aria-labelledby="room-settings-title">
      <h2 className={ui.groupTitle} id="room-settings-title">
        {t('chatManage.edit.title')}
      </h2>
      <div className={styles.panel}>
        <AvatarField room={room} save={save} busy={settings.isPending} />
        <NameForm room={room} />
        {room.kind === 'community' && <JoinPolicyField room={room} save={save} busy={settings.isPending} />}
        <SlowModeField room={room} save={save} busy={settings.isPending} />
        <PollsByAdminsField room={room} save={save} busy={settings.isPending} />
      </div>
    </section>
  );
}

function AvatarField({ room, save, busy }: { room: ChatRoom; save: Save; busy: boolean }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const url = avatarFromUpload(await uploadImage(file));
      if (url) save({ avatar: url });
    } catch (error) {
      toastUnreported(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className={styles.avatarEdit}>
      <RoomAvatar name={room.name} avatar={room.avatar} size={56} testId="room-avatar-preview" />
      <div className={styles.field}>
        <span className={styles.label}>{t('chatManage.edit.avatar')}</span>
        <div className={styles.avatarButtons}>
          <label className={styles.pickButton}>
            {uploading
              ? t('chatManage.edit.uploading')
              : room.avatar
                ? t('chatManage.edit.changeAvatar')
                : t('chatManage.edit.chooseAvatar')}
            <input
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="px-visually-hidden"
              onChange={(event) => void pick(event)}
              disabled={uploading || busy}
              data-testid="room-avatar-input"
            />
          </label>
          {room.avatar && (
            <button
              type="button"
              className={styles.pickButton}
              style={{ color: 'var(--adm-color-danger)' }}
              onClick={() => save({ avatar: '' })}
              disabled={uploading || busy}
              data-testid="room-avatar-remove"
            >
              {t('chatManage.edit.removeAvatar')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Name and description, checked against the contract before they leave; the server's field errors land here too. */
function NameForm({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const settings = useRoomSettings(room.id);
  const form = useForm({ name: room.name, description: room.description });
  const changed = form.values.name.trim() !== room.name || form.values.description.trim() !== room.description;
  const submit = () => {
    if (!changed) return;
    const data = form.accept(form.validate(ChatSettingsInput, { roomId: room.id, ...form.values }));
    if (!data) return;
    settings.mutate(
      { name: data.name, description: data.description },
      {
        onSuccess: () => Toast.show({ content: t('chatManage.edit.saved'), duration: TOAST_DURATION_MS }),
        onError: form.reportTo(['name', 'description']),
      },
    );
  };
  const description = form.field('description');
  return (
    <form
      className={ui.form}
      style={{ gap: 14 }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <TextField
        id="room-name"
        testId="room-name"
        label={t('chatManage.edit.name')}
        maxLength={60}
        {...form.field('name')}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="room-description">
          {t('chatManage.edit.description')}
        </label>
        <textarea
          id="room-description"
          className={`${styles.textarea} ${description.error ? styles.invalid : ''}`}
          value={description.value}
          maxLength={500}
          placeholder={t('chatManage.edit.descriptionPlaceholder')}
          onChange={(event) => description.onChange(event.target.value)}
          aria-invalid={description.error ? true : undefined}
          aria-describedby={description.error ? 'room-description-error' : undefined}
          data-testid="room-description"
        />
        <span className={styles.counter}>{description.value.length}/500</span>
        {description.error && (
          <p className={ui.error} id="room-description-error" role="alert">
            {description.error}
          </p>
        )}
      </div>
      <Button
        variant="primary"
        type="submit"
        block
        disabled={!changed}
        loading={settings.isPending}
        data-testid="room-save"
      >
        {t('chatManage.edit.save')}
      </Button>
    </form>
  );
}

function JoinPolicyField({ room, save, busy }: { room: ChatRoom; save: Save; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label} style={{ marginBottom: 6 }}>
        {t('chatManage.edit.joinPolicy')}
      </legend>
      {CHAT_JOIN_POLICIES.map((policy) => (
        <label key={policy} className={styles.policyOption}>
          <input
            type="radio"
            name="room-join-policy"
            value={policy}
            checked={room.joinPolicy === policy}
            onChange={() => !busy && save({ joinPolicy: policy })}
            data-testid={`room-policy-${policy}`}
          />
          <span>
            <span className={styles.policyTitle}>{t(`chatManage.policy.${policy}`)}</span>
            <span className={styles.hint}>
              {policy === 'public' ? t('chatManage.edit.joinPolicyPublic') : t('chatManage.edit.joinPolicyInvite')}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function SlowModeField({ room, save, busy }: { room: ChatRoom; save: Save; busy: boolean }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label} style={{ marginBottom: 6 }}>
        {t('chatManage.edit.slowMode')}
      </legend>
      <div className={ui.chips}>
        {slowModeChoices(room.slowModeSeconds).map((seconds) => (
          <label key={seconds} className={ui.chip} data-testid={`room-slow-${seconds}`}>
            <input
              type="radio"
              name="room-slow-mode"
              className="px-visually-hidden"
              checked={room.slowModeSeconds === seconds}
              // Not disabled while saving: a disabled option greys out and the chosen one would flicker.
              onChange={() => !busy && save({ slowModeSeconds: seconds })}
            />
            {duration(seconds)}
          </label>
        ))}
      </div>
      <p className={styles.hint}>{t('chatManage.edit.slowModeHint')}</p>
    </fieldset>
  );
}
