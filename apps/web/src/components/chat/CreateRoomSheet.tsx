import { CHAT_JOIN_POLICIES, ChatRoomCreateInput } from '@polaris/contract';
import { Selector, TextArea } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRoom } from '@/api/chat.ts';
import { Button } from '@/components/Button.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { useForm } from '@/components/useForm.ts';

type Policy = (typeof CHAT_JOIN_POLICIES)[number];

/** A new community room: name, description, who may join. Hands the created room's id on. */
export function CreateRoomSheet({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(roomId: string): void;
}) {
  const { t } = useTranslation();
  const form = useForm({ name: '', description: '' });
  const [policy, setPolicy] = useState<Policy>('public');
  const create = useCreateRoom();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.accept(form.validate(ChatRoomCreateInput, { ...form.values, joinPolicy: policy }));
    if (!data) return;
    create.mutate(data, {
      onSuccess: (room) => {
        form.reset();
        setPolicy('public');
        onCreated(room.id);
      },
      onError: form.reportTo(['name', 'description']),
    });
  };

  return (
    <Sheet visible={open} onClose={onClose}>
      <form className={`${ui.sheet} ${ui.form}`} onSubmit={submit} data-testid="create-room-sheet">
        <h2 className={ui.sheetTitle}>{t('chat.create.title')}</h2>
        <TextField
          id="room-name"
          testId="room-name-input"
          label={t('chat.create.name')}
          placeholder={t('chat.create.namePlaceholder')}
          maxLength={60}
          {...form.field('name')}
        />
        <div>
          <label className={ui.hint} htmlFor="room-description">
            {t('chat.create.description')}
          </label>
          <TextArea
            id="room-description"
            data-testid="room-description-input"
            value={form.values.description}
            onChange={form.field('description').onChange}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            showCount
          />
          {form.errors.description && <p className={ui.error}>{form.errors.description}</p>}
        </div>
        <div>
          <span className={ui.hint} id="room-policy-label">
            {t('chat.create.policy')}
          </span>
          <Selector
            aria-labelledby="room-policy-label"
            style={{ marginTop: 8 }}
            value={[policy]}
            onChange={(value) => value[0] && setPolicy(value[0])}
            options={CHAT_JOIN_POLICIES.map((value) => ({
              value,
              label: t(value === 'public' ? 'chat.create.public' : 'chat.create.invite'),
            }))}
            data-testid="room-policy"
          />
        </div>
        <p className={ui.hint} id="room-policy-hint">
          {t(policy === 'public' ? 'chat.create.publicHint' : 'chat.create.inviteHint')}
        </p>
        <Button variant="primary" type="submit" block loading={create.isPending} data-testid="room-create-submit">
          {t('chat.create.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
