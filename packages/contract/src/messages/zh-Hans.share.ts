import type { enShare } from './en.share.ts';
import type { Shape } from './shape.ts';

export const zhHansShare: Shape<typeof enShare> = {
  share: {
    siteName: 'Polaris',
    siteDescription: '发现、举办并参加加密社群的聚会，在聊天室里直播交流，用内置钱包保管你的资产。',
    open: '在 Polaris 打开',
    online: '线上',
    activity: { title: 'Polaris 上的活动', description: '打开链接查看活动并报名。' },
    bounty: { title: 'Polaris 上的悬赏任务', description: '完成任务，赢取奖励。' },
    redpacket: { title: '送你一个红包', description: '在 Polaris 打开它，先到先得。' },
    register: { title: '邀请你加入 Polaris', description: '用这个邀请注册，你们双方都能获得迎新奖励。' },
    room: { title: '加入 Polaris 上的聊天室', description: '打开链接加入对话。' },
    notFound: { title: '找不到链接', description: '这个链接不存在或已失效。' },
  },
  embed: {
    title: '{{name}} 的活动',
    empty: '目前没有即将举行的活动。',
    cancelled: '已取消',
  },
  walletPass: {
    event: '活动',
    starts: '开始时间',
    venue: '地点',
    ticket: '票种',
    organizer: '主办人',
    link: '活动页面',
  },
};
