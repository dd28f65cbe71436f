import { useTranslation } from 'react-i18next';
import { Frame } from '@/app/Frame.tsx';
import { ActivityEditor } from '@/components/host/editor/ActivityEditor.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';

/** /pages/activity/create/index — reached through the create gate (SPEC §4); the server checks it again (414). */
export default function CreateActivityPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('host.createTitle')}>
      <RequireLogin>
        <ActivityEditor />
      </RequireLogin>
    </Frame>
  );
}
