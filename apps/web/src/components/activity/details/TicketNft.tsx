import { type TicketNft as TicketNftView, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetNftAddress, useTicketNft } from '@/api/activity.ts';
import ui from '@/components/activity/activity.module.css';
import { Button } from '@/components/Button.tsx';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { TextField } from '@/components/TextField.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { shortHash } from '@/lib/wallet.ts';

/**
 * My ticket's attendance NFT on its chain (docs/activities.md, "Check-in and NFTs"): waiting, minted, being burned or
 * burned, with the chain, the contract and the token id to copy, and who holds it; before the mint, the address of my
 * own to mint it to. Nothing at all where NFTs are not on a chain.
 */
export function TicketNft({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const query = useTicketNft(activityId);
  const view = query.data;
  if (!view || (!view.nft && !view.canSetAddress)) return null;
  const { nft } = view;
  return (
    <div style={{ marginTop: 12 }} data-testid="ticket-nft">
      <div className={ui.sectionHead} style={{ margin: '0 0 4px' }}>
        <h3 className={ui.sectionTitle} style={{ fontSize: 14 }}>
          {t('nft.chain.title')}
        </h3>
        {nft && (
          <span className={ui.meta} data-testid="ticket-nft-state" data-state={nft.state}>
            {t(`nft.chain.state.${nft.state}`)}
          </span>
        )}
      </div>
      {nft && (
        <dl style={{ margin: 0 }}>
          <Row label={t('nft.chain.chain')}>{nft.chain.name}</Row>
          <Row label={t('nft.chain.contract')}>
            <Copyable text={nft.contract} label={t('nft.chain.contract')} testId="ticket-nft-contract" />
          </Row>
          <Row label={t('nft.chain.tokenId')}>
            <Copyable text={nft.tokenId} label={t('nft.chain.tokenId')} testId="ticket-nft-token" />
          </Row>
          <Row label={t('nft.chain.holder')}>{nft.owner ? shortHash(nft.owner) : t('nft.chain.custody')}</Row>
        </dl>
      )}
      {view.canSetAddress && <AddressForm activityId={activityId} view={view} />}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={ui.kv}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A long value shortened, with a button that copies all of it. */
function Copyable({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-value={text}>
      {shortHash(text)}{' '}
      <button
        type="button"
        className={ui.link}
        style={{ display: 'inline-flex', verticalAlign: 'middle' }}
        onClick={() => void copyWithToast(text, label)}
        aria-label={t('common.copy', { label })}
      >
        <FileOutline aria-hidden />
      </button>
    </span>
  );
}

/** The address of my own the NFT is minted to, until it is in a mint; blank or "use custody" for the platform's. */
function AddressForm({ activityId, view }: { activityId: string; view: TicketNftView }) {
  const { t } = useTranslation();
  const save = useSetNftAddress(activityId);
  const [address, setAddress] = useState(view.address ?? '');
  const [error, setError] = useState<string>();

  const submit = (chosen: string | null) => {
    setError(undefined);
    save.mutate(chosen, {
      onSuccess: (answer) => {
        setAddress(answer.address ?? '');
        Toast.show({ content: t('nft.chain.addressSaved'), duration: TOAST_DURATION_MS });
      },
      onError: (failure) => {
        if (!isApiError(failure) || !failure.unreported) return;
        setError(failure.fields[0]?.message ?? failure.message);
      },
    });
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(address.trim() || null);
      }}
      noValidate
      style={{ marginTop: 8 }}
    >
      <p className={ui.muted} style={{ margin: '0 0 8px', fontSize: 13 }}>
        {t('nft.chain.addressHint')}
      </p>
      <TextField
        id="ticket-nft-address"
        testId="ticket-nft-address"
        label={t('nft.chain.address')}
        placeholder="0x…"
        autoComplete="off"
        maxLength={100}
        value={address}
        onChange={setAddress}
        error={error}
      />
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <Button type="submit" size="small" loading={save.isPending} data-testid="ticket-nft-address-save">
          {t('nft.chain.save')}
        </Button>
        {view.address && (
          <Button size="small" onClick={() => submit(null)} data-testid="ticket-nft-address-custody">
            {t('nft.chain.useCustody')}
          </Button>
        )}
      </div>
    </form>
  );
}
