import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import ui from './activity.module.css';

/** A labelled address or snippet to copy: shown whole (wrapped anywhere), with a copy button named after it. */
export function CopyableText({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 12 }}>
      <p className={ui.muted} style={{ margin: '0 0 4px' }}>
        {label}
      </p>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <code
          style={{
            flex: 1,
            minWidth: 0,
            overflowWrap: 'anywhere',
            fontSize: 12,
            background: 'var(--px-sunken)',
            padding: 8,
            borderRadius: 6,
          }}
          data-testid={testId}
        >
          {value}
        </code>
        <Button
          size="small"
          onClick={() => void copyWithToast(value, label)}
          data-testid={`${testId}-copy`}
          aria-label={t('common.copy', { label })}
        >
          <FileOutline aria-hidden />
        </Button>
      </div>
    </div>
  );
}
