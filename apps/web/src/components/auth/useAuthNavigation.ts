import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { planLoginBack } from '@/app/back.ts';
import { canGoBack, lastPageOutside, previousPath } from '@/app/history.ts';
import { isAuthFlowPath, PATHS } from '@/app/paths.ts';

/** The back button of the login pages (SPEC §2). */
export function useLoginBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const plan = planLoginBack(previousPath(), canGoBack());
    if (plan.kind === 'back') navigate(-1);
    else navigate(PATHS.activityHome, { replace: true });
  }, [navigate]);
}

/**
 * After login or sign-up: return to the page the user was on before the auth pages, stepping back over
 * them so they do not linger in the history; with no such page, the activity home.
 */
export function useFinishLogin(): (message: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (message: string) => {
      Toast.show({ content: message, duration: TOAST_DURATION_MS });
      const before = lastPageOutside(isAuthFlowPath);
      if (before && before.delta < 0) navigate(before.delta);
      else navigate(PATHS.activityHome, { replace: true });
    },
    [navigate],
  );
}
