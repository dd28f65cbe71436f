// The page-loading spinner animates with react-spring; loaded apart from the shell (PageState.tsx).
import { SpinLoading } from 'antd-mobile';

export default SpinLoading;
