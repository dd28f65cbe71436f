import { Navigate } from 'react-router-dom';
import { PATHS } from '@/app/paths.ts';

/**
 * "My" repeated the Me tab with other words (issue 23 item 9). Its rows now live on the Me tab and its header is the
 * profile page, so the path opens the profile page, replacing itself in history.
 */
export default function MyPage() {
  return <Navigate to={PATHS.personalCenter} replace />;
}
