import type { enShare } from './en.share.ts';
import type { Shape } from './shape.ts';

export const zhHantShare: Shape<typeof enShare> = {
  share: {
    siteName: 'Polaris',
    siteDescription: '發現、舉辦並參加加密社群的聚會，在聊天室裡直播交流，用內建錢包保管你的資產。',
    open: '在 Polaris 開啟',
    online: '線上',
    activity: { title: 'Polaris 上的活動', description: '打開連結查看活動並報名。' },
    bounty: { title: 'Polaris 上的懸賞任務', description: '完成任務，贏取獎勵。' },
    redpacket: { title: '送你一個紅包', description: '在 Polaris 打開它，先到先得。' },
    register: { title: '邀請你加入 Polaris', description: '用這個邀請註冊，你們雙方都能獲得迎新獎勵。' },
    room: { title: '加入 Polaris 上的聊天室', description: '打開連結加入對話。' },
    notFound: { title: '找不到連結', description: '這個連結不存在或已失效。' },
  },
  embed: {
    title: '{{name}} 的活動',
    empty: '目前沒有即將舉行的活動。',
    cancelled: '已取消',
  },
  walletPass: {
    event: '活動',
    starts: '開始時間',
    venue: '地點',
    ticket: '票種',
    organizer: '主辦人',
    link: '活動頁面',
  },
};
