import type { enPush } from './en.push.ts';
import type { Shape } from './shape.ts';

export const zhHantPush: Shape<typeof enPush> = {
  push: {
    tooMany: '接收通知的裝置太多了：請先在其中一台關閉通知（或將它登出）',
    actions: {
      openTicket: '打開門票',
      claim: '領取',
      reply: '回覆',
      view: '查看',
    },
  },
};
