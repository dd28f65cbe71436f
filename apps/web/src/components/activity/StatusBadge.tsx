import type { RegistrationStatus } from '@polaris/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLOR: Record<RegistrationStatus | 'checkedIn', string> = {
  pending: 'warning',
  approved: 'primary',
  waitlisted: 'default',
  rejected: 'danger',
  cancelled: 'default',
  checkedIn: 'success',
};

/** A registration's state as a badge: pending, approved, waitlisted, checked in, rejected, cancelled. */
export function StatusBadge({ status, checkedIn }: { status: RegistrationStatus; checkedIn: boolean }) {
  const { t } = useTranslation();
  const key = checkedIn && status === 'approved' ? 'checkedIn' : status;
  return (
    <Tag
      color={COLOR[key]}
      fill={key === 'cancelled' ? 'outline' : 'solid'}
      data-testid="ticket-status"
      data-status={key}
    >
      {t(`tickets.status.${key}`)}
    </Tag>
  );
}
