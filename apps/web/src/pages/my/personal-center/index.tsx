import { PersonalInfoInput, type UserInfo } from '@polaris/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authKeys, useUserInfo } from '@/api/auth.ts';
import { api } from '@/api/request.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { TextField } from '@/components/TextField.tsx';
import { type FieldErrors, validate } from '@/lib/auth-forms.ts';
import { sessionStore } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';

/** The profile: a user name and a display name; the create-activity gate asks for one of them (SPEC §4). */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useUserInfo();
  const [uname, setUname] = useState('');
  const [openName, setOpenName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!info.data) return;
    setUname(info.data.uname ?? '');
    setOpenName(info.data.openName ?? '');
  }, [info.data]);

  const save = useMutation({
    mutationFn: (input: { uname?: string; openName?: string }) => api.post<UserInfo>('/user/personalInfo', input),
    onSuccess: (updated) => {
      sessionStore.getState().setUserInfo(updated);
      queryClient.setQueryData(authKeys.userInfo(), updated);
      Toast.show({ content: t('profile.saved') });
      navigate(-1);
    },
    onError: (error) => reportFormError(error, ['uname', 'openName'], setErrors),
  });

  const submit = () => {
    const values = { uname: uname.trim() || undefined, openName: openName.trim() || undefined };
    const checked = validate(PersonalInfoInput, values, language);
    if (!checked.ok) {
      setErrors(checked.errors.body ? { uname: checked.errors.body } : checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  };

  return (
    <Frame title={t('profile.title')}>
      <div style={{ padding: 16 }}>
        <p style={{ marginTop: 0, color: 'var(--adm-color-weak)' }}>{t('profile.intro')}</p>
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
        <Button
          variant="primary"
          block
          loading={save.isPending}
          onClick={submit}
          data-testid="profile-save"
          style={{ marginTop: 16 }}
        >
          {t('profile.save')}
        </Button>
      </div>
    </Frame>
  );
}
