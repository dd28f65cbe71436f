import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { EnvelopeLoader, PacketNotFound } from '@/components/redpacket/Envelope.tsx';
import { isRedPacketCode } from '@/components/redpacket/rules.ts';
import { SendForm } from '@/components/redpacket/SendForm.tsx';
import { rememberSentPassword } from '@/components/redpacket/sent-password.ts';

/**
 * A red packet by link (`?redpacketCode=`): the envelope to open. Without a code, the form that sends a password packet,
 * or with `?kind=share` a share packet (anyone with the link, no password); it then goes on to the share page.
 */
export default function RedEnvelopePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('redpacketCode');
  if (code !== null) {
    return (
      <Frame title={t('redpacket.envelope.title')}>
        {isRedPacketCode(code) ? <OpenPacket code={code} /> : <PacketNotFound />}
      </Frame>
    );
  }
  const kind = params.get('kind') === 'share' ? 'share' : 'password';
  return (
    <Frame title={t(kind === 'share' ? 'redpacket.send.shareTitle' : 'redpacket.send.passwordTitle')}>
      <RequireLogin>
        <SendPacket kind={kind} />
      </RequireLogin>
    </Frame>
  );
}

function OpenPacket({ code }: { code: string }) {
  const navigate = useNavigate();
  return (
    <EnvelopeLoader
      tall
      code={code}
      onClaimed={() => navigate(href(PATHS.redEnvelopeReceive, { redpacketCode: code }), { replace: true })}
    />
  );
}

function SendPacket({ kind }: { kind: 'password' | 'share' }) {
  const navigate = useNavigate();
  return (
    <SendForm
      key={kind}
      kind={kind}
      onSent={(packet, password) => {
        if (password) rememberSentPassword(packet.code, password);
        navigate(href(PATHS.redEnvelopePasswordShare, { redpacketCode: packet.code }), { replace: true });
      }}
    />
  );
}
