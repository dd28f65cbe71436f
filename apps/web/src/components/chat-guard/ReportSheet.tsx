import { CHAT_REPORT_REASONS, type ChatReportReason } from '@polaris/contract';
import { Radio, TextArea } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportTarget, useReport } from '@/api/chat-guard.ts';
import { showToast } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import css from './chat-guard.module.css';

/** Reporting a message (`seq`) or a person (`uid`): a reason from the fixed list and, if wished, a few words. */
export function ReportSheet({ target, onClose }: { target: ReportTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ChatReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReport();
  const close = () => {
    setReason(null);
    setNote('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || !reason) return;
    report.mutate(
      { ...target, reason, note: note.trim() },
      {
        onSuccess: () => {
          void showToast(t('chatGuard.sent'), 2000);
          close();
        },
        onError: (error) => toastUnreported(error),
      },
    );
  };
  return (
    <Sheet visible={target !== null} onClose={close} testId="report-sheet">
      <form className={`${ui.sheet} ${ui.form}`} onSubmit={submit}>
        <h2 className={ui.sheetTitle}>
          {t(target?.seq === undefined ? 'chatGuard.reportPersonTitle' : 'chatGuard.reportTitle')}
        </h2>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={ui.hint}>{t('chatGuard.reasonLabel')}</legend>
          <Radio.Group value={reason ?? undefined} onChange={(value) => setReason(value as ChatReportReason)}>
            <div style={{ display: 'grid', gap: 14, marginTop: 10 }}>
              {CHAT_REPORT_REASONS.map((value) => (
                <Radio key={value} value={value} data-testid={`report-reason-${value}`}>
                  {t(`chatGuard.reasons.${value}`)}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        </fieldset>
        <div>
          <label className={ui.hint} htmlFor="report-note">
            {t('chatGuard.noteLabel')}
          </label>
          <TextArea
            className={css.note}
            id="report-note"
            value={note}
            onChange={setNote}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="report-note"
          />
        </div>
        <Button
          variant="primary"
          type="submit"
          block
          disabled={reason === null}
          loading={report.isPending}
          data-testid="report-submit"
        >
          {t('chatGuard.send')}
        </Button>
      </form>
    </Sheet>
  );
}
