import type { enPush } from './en.push.ts';
import type { Shape } from './shape.ts';

export const zhHansPush: Shape<typeof enPush> = {
  push: {
    tooMany: '接收通知的设备太多了：请先在其中一台关闭通知（或将它退出登录）',
    actions: {
      openTicket: '打开门票',
      claim: '领取',
      reply: '回复',
      view: '查看',
    },
  },
};
