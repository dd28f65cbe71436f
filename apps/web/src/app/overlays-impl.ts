import { Dialog, Toast } from 'antd-mobile';

export { Dialog, Toast };
