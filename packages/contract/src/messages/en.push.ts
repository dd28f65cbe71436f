/** Push notifications (docs/notifications.md, "Push"): refusals, and the buttons a notification shows by kind. */
export const enPush = {
  push: {
    tooMany: 'Too many devices get notifications: turn them off on one first (or sign it out)',
    actions: {
      openTicket: 'Open ticket',
      claim: 'Claim',
      reply: 'Reply',
      view: 'View',
    },
  },
};
