import { LiveStageCreateInput } from '@polaris/contract';
import { Button, Selector } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateStage } from '@/api/live.ts';
import { TextField } from '@/components/TextField.tsx';
import css from './live.module.css';

/** Title and audience of a new live stage; hands the created stage's id on. */
export function StageSetup({ onCreated }: { onCreated(id: string): void }) {
  const { t } = useTranslation();
  const create = useCreateStage();
  const [title, setTitle] = useState('');
  const [audience, setAudience] = useState<'link' | 'members'>('link');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = LiveStageCreateInput.safeParse({ title, audience });
    if (!checked.success) return setError(t('contract:validation.required', { field: t('live.stageTitle') }));
    setError(undefined);
    create.mutate({ title: checked.data.title, audience }, { onSuccess: (stage) => onCreated(stage.id) });
  };

  return (
    <form className={css.body} onSubmit={submit}>
      <TextField
        id="live-title"
        testId="live-title"
        label={t('live.stageTitle')}
        placeholder={t('live.stageTitlePlaceholder')}
        value={title}
        onChange={setTitle}
        error={error}
        maxLength={80}
      />
      <span className={css.muted}>{t('live.audience')}</span>
      <Selector
        value={[audience]}
        onChange={(value) => value[0] && setAudience(value[0])}
        options={[
          { label: t('live.audienceLink'), value: 'link' as const },
          { label: t('live.audienceMembers'), value: 'members' as const },
        ]}
      />
      <Button type="submit" color="primary" block loading={create.isPending} data-testid="live-create">
        {t('live.create')}
      </Button>
    </form>
  );
}
