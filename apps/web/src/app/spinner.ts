// The page-loading spinner animates with react-spring; loaded apart from the shell (PageState.tsx).
export { SpinLoading as default } from 'antd-mobile';
