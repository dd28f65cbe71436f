import { useTranslation } from 'react-i18next';
import { Frame } from '@/app/Frame.tsx';
import { ActivityEditor } from '@/components/host/editor/ActivityEditor.tsx';
import { LoginNeeded } from '@/components/host/ManageShell.tsx';
import { useSession } from '@/lib/session.ts';

/** /pages/activity/create/index — reached through the create gate (SPEC §4); the server checks it again (414). */
export default function CreateActivityPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((state) => state.loginStatus);
  return <Frame title={t('host.createTitle')}>{loggedIn ? <ActivityEditor /> : <LoginNeeded />}</Frame>;
}
