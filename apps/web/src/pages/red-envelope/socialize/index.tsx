import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SendForm } from '@/components/redpacket/SendForm.tsx';

/** A social red packet: for my followers by default, or for the members of a room I am in; then its share page. */
export default function RedEnvelopeSocializePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Frame title={t('redpacket.send.socialTitle')}>
      <RequireLogin>
        <SendForm
          kind="social"
          onSent={(packet) =>
            navigate(href(PATHS.redEnvelopePasswordShare, { redpacketCode: packet.code }), { replace: true })
          }
        />
      </RequireLogin>
    </Frame>
  );
}
