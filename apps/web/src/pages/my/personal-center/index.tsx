import { PersonalInfoInput } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { MailOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUserInfo } from '@/api/auth.ts';
import { useSaveNames } from '@/api/profile.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { ListGroup, ListRow } from '@/components/ListRow.tsx';
import { AvatarEditor } from '@/components/me/AvatarEditor.tsx';
import styles from '@/components/me/profile.module.css';
import { TextField } from '@/components/TextField.tsx';
import { type FieldErrors, validate } from '@/lib/auth-forms.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';

/**
 * The one profile page, opened from the Me tab's card: the picture (cropped and resized here), the display name
 * people see, the user name, and what cannot be changed here (email, UID). The create-activity gate sends a person
 * without a name here too (SPEC §4), and saving the names returns to where they came from.
 */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const info = useUserInfo();
  const user = useSession((state) => state.userInfo);
  const [uname, setUname] = useState('');
  const [openName, setOpenName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!info.data) return;
    setUname(info.data.uname ?? '');
    setOpenName(info.data.openName ?? '');
  }, [info.data]);

  const save = useSaveNames();
  const submit = () => {
    const values = { uname: uname.trim() || undefined, openName: openName.trim() || undefined };
    const checked = validate(PersonalInfoInput, values, language);
    if (!checked.ok) {
      setErrors(checked.errors.body ? { uname: checked.errors.body } : checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => {
        Toast.show({ content: t('profile.saved') });
        navigate(-1);
      },
      onError: (error) => reportFormError(error, ['uname', 'openName'], setErrors),
    });
  };

  return (
    <Frame title={t('profile.title')}>
      <div className={styles.page}>
        <AvatarEditor />
        <TextField
          id="profile-open-name"
          testId="profile-open-name"
          label={t('contract:fields.openName')}
          value={openName}
          onChange={(value) => {
            setOpenName(value);
            setErrors({});
          }}
          maxLength={30}
          error={errors.openName}
        />
        <TextField
          id="profile-uname"
          testId="profile-uname"
          label={t('contract:fields.uname')}
          value={uname}
          onChange={(value) => {
            setUname(value);
            setErrors({});
          }}
          maxLength={30}
          error={errors.uname}
        />
        <p className={styles.intro}>{t('profile.intro')}</p>
        <Button variant="primary" block loading={save.isPending} onClick={submit} data-testid="profile-save">
          {t('profile.save')}
        </Button>
        <ListGroup id="profile-account-title" title={t('me.account')}>
          <ListRow
            icon={<MailOutline />}
            title={t('contract:fields.email')}
            control={
              <span className={styles.fixed} data-testid="profile-email">
                {user?.email}
              </span>
            }
          />
          <ListRow
            icon={<UserOutline />}
            title={t('me.uid')}
            control={
              <span className={styles.fixed} data-testid="profile-uid">
                {user?.uid}
              </span>
            }
          />
        </ListGroup>
      </div>
    </Frame>
  );
}
