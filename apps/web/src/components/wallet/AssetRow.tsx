import type { ReactNode } from 'react';
import { ListRow } from '@/components/ListRow.tsx';
import { AssetIcon } from './AssetIcon.tsx';

/**
 * A coin in a list (the wallet, choosing one, showing or hiding them, the market): its logo, its code in bold and a
 * line under it, and at the end what the page shows of it (an amount, a price, a switch).
 */
export function AssetRow({
  code,
  icon,
  detail,
  end,
  onClick,
  testId,
}: {
  code: string;
  /** The coin's logo, where the source has one. */
  icon?: string;
  detail: ReactNode;
  end: ReactNode;
  onClick?: () => void;
  testId?: string;
}) {
  return (
    <ListRow
      media={<AssetIcon code={code} src={icon} />}
      title={code}
      strong
      detail={detail}
      control={end}
      onClick={onClick}
      testId={testId}
    />
  );
}
