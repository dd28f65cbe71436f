import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type RedPacket, useRedPacketClaims } from '@/api/redpacket.ts';
import { RoomAvatar } from '@/components/chat/RoomAvatar.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount } from '@/lib/wallet.ts';
import { nameOf } from './names.ts';
import css from './redpacket.module.css';

/** Who got what, newest first, page by page; the luckiest marked once it is over; the sender sees each entry. */
export function ClaimList({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const claims = useRedPacketClaims(packet.code);
  if (claims.isPending) return <Loading testId="claims-loading" />;
  if (claims.isError) return <LoadFailed onRetry={() => void claims.refetch()} message={claims.error.message} />;
  const items = claims.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className={ui.center} data-testid="claims-empty">
        {t('redpacket.receive.noClaims')}
      </p>
    );
  }
  return (
    <>
      <ul className={`${ui.list} ${css.rows}`} data-testid="claims-list">
        {items.map((claim) => (
          <li
            key={`${claim.person.uid}-${claim.claimedAt}`}
            className={ui.row}
            data-testid="claim-row"
            data-uid={claim.person.uid}
          >
            <RoomAvatar
              seed={claim.person.uid}
              name={nameOf(t, claim.person)}
              avatar={claim.person.avatar}
              size="small"
            />
            <div className={ui.rowMain}>
              <p className={ui.rowTitle}>{nameOf(t, claim.person)}</p>
              <p className={ui.rowSub}>{formatDateAndTime(claim.claimedAt, language)}</p>
            </div>
            <div className={ui.rowEnd}>
              <p className={ui.figure} data-testid="claim-amount">
                {assetAmount(claim.amount, packet.asset)}
              </p>
              {claim.luckiest && (
                <span className={css.luckiest} data-testid="claim-luckiest">
                  <StarFill aria-hidden /> {t('redpacket.receive.luckiest')}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <MoreLoader query={claims} end={t('records.end')} />
    </>
  );
}
