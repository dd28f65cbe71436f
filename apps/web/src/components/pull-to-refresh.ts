// antd-mobile's PullToRefresh, with react-spring and use-gesture behind it, as a chunk of its own (DeferredPullToRefresh.tsx).
import { PullToRefresh } from 'antd-mobile';

export default PullToRefresh;
