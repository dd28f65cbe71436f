/**
 * The text of every notice kind (NOTICE_KINDS in notice.ts): a title and a body, filled with the notice's params.
 * Params are formatted by the module that announces the event (amounts with their asset, dates in the activity's
 * time zone). The zh catalogues are checked key-for-key against this one.
 */
export const enNotices = {
  notice: {
    registrationConfirmed: {
      title: 'You are going: {{title}}',
      body: '{{date}} · {{place}}. Your ticket is in the app.',
    },
    registrationPending: {
      title: 'Registration sent: {{title}}',
      body: 'The organizer approves each registration; we will tell you when they decide.',
    },
    registrationApproved: { title: 'Approved: {{title}}', body: 'You are going. {{date}} · {{place}}.' },
    registrationDeclined: {
      title: 'Not approved: {{title}}',
      body: 'The organizer did not approve your registration. Anything you paid has been returned to your wallet.',
    },
    waitlistPromoted: { title: 'A seat opened: {{title}}', body: 'You are off the waitlist and going. {{date}}.' },
    seriesOccurrenceOpened: { title: 'New date: {{title}}', body: 'Sign-up is open for {{date}} · {{place}}.' },
    activityChanged: { title: 'Changed: {{title}}', body: 'Now {{date}} · {{place}}. {{refund}}' },
    activityCancelled: { title: 'Cancelled: {{title}}', body: 'The organizer cancelled it. {{refund}}' },
    activityReminder: {
      title: 'Starting {{lead}}: {{title}}',
      body: '{{date}} · {{place}}. Your ticket is in the app. {{deposit}}',
    },
    checkedIn: {
      title: 'Checked in: {{title}}',
      body: 'Welcome! Your attendance badge is in your collection.',
    },
    blast: { title: 'Message from {{title}}', body: '{{message}}' },
    newRegistration: { title: 'New registration: {{title}}', body: '{{name}} registered ({{going}} going).' },
    approvalNeeded: { title: 'Approval needed: {{title}}', body: '{{name}} is waiting for your approval.' },
    payoutReleased: { title: 'Payout released: {{title}}', body: '{{amount}} is now in your wallet.' },
    mention: { title: '{{name}} mentioned you in {{room}}', body: '{{text}}' },
    reply: { title: '{{name}} replied to you in {{room}}', body: '{{text}}' },
    directMessage: { title: '{{name}}', body: '{{text}}' },
    addedToRoom: { title: 'You were added to {{room}}', body: '{{name}} added you.' },
    liveStarted: { title: 'Live now in {{room}}', body: '{{name}} started a live stream.' },
    reactions: { title: 'New reactions in {{room}}', body: '{{count}} reacted {{emoji}} to your message: {{text}}' },
    redpacketReceived: { title: '{{name}} sent you a red packet', body: '{{greeting}}' },
    redpacketClaimed: {
      title: 'Your red packet is being opened',
      body: '{{claimed}} of {{count}} opened, {{amount}} claimed.',
    },
    redpacketExpired: { title: 'Red packet expired', body: '{{amount}} that nobody opened is back in your wallet.' },
    submissionReceived: { title: 'New submission: {{title}}', body: '{{name}} submitted work for your bounty.' },
    submissionApproved: { title: 'Approved and paid: {{title}}', body: '{{amount}} is now in your wallet.' },
    submissionRejected: { title: 'Submission not accepted: {{title}}', body: '{{reason}}' },
    bountyDeadline: { title: 'Deadline soon: {{title}}', body: 'The bounty closes {{date}}.' },
    depositCredited: { title: 'Deposit received', body: '{{amount}} is now in your wallet.' },
    withdrawalCompleted: { title: 'Withdrawal sent', body: '{{amount}} was sent to {{address}}.' },
    withdrawalFailed: {
      title: 'Withdrawal failed',
      body: '{{amount}} could not be sent and is back in your wallet.',
    },
    withdrawalDelayed: {
      title: 'Withdrawal delayed',
      body: '{{amount}} is waiting for our hot wallet to be refilled. It stays reserved for you and goes out as soon as it is.',
    },
    transferReceived: { title: 'You received {{amount}}', body: 'From {{name}}.' },
    membershipExpiring: {
      title: 'Your membership ends soon',
      body: '{{tier}} ends {{date}}. Renew to keep its perks.',
    },
    membershipRenewed: { title: 'Membership renewed', body: '{{tier}} now runs until {{date}}.' },
    newDevice: {
      title: 'New sign-in to your account',
      body: 'Signed in on {{device}}. If this was not you, change your password now.',
    },
    passwordChanged: {
      title: 'Your password was changed',
      body: 'If this was not you, reset your password now: your other devices were signed out.',
    },
    secondFactorChanged: {
      title: 'Your authenticator was {{change}}',
      body: 'If this was not you, reset your password now.',
    },
    /** Words the bodies are built from. */
    words: {
      refunded: '{{amount}} has been returned to your wallet.',
      noRefund: '',
      depositReminder:
        'Your no-show deposit of {{amount}} is frozen: check in to get it back; if you do not come it is not returned.',
      refundRight:
        'Because of this change you may cancel for a full refund of {{amount}} until {{until}}, whatever the usual 24-hour rule says.',
      online: 'Online',
      leadHours: 'in {{hours}} h',
      leadMinutes: 'in {{minutes}} min',
      enabled: 'turned on',
      disabled: 'turned off',
      unsubscribe: 'Stop these emails: {{link}}',
      open: 'Open: {{link}}',
    },
    unsubscribeAsk: 'Stop {{category}} emails?',
    unsubscribeButton: 'Stop these emails',
    unsubscribed: 'You will no longer get {{category}} emails.',
    categories: {
      activity: 'Activities',
      organizer: 'Activities I organize',
      chat: 'Chat',
      redpacket: 'Red packets',
      bounty: 'Bounties',
      wallet: 'Wallet',
      membership: 'Membership',
      security: 'Security',
    },
    badToken: 'This link is not valid',
    badTimezone: 'Not a known time zone',
    blastRateLimited: 'At most {{max}} messages per activity per day',
    blastEmpty: 'Write a message',
    blastTooLong: 'The message is too long: at most {{max}} characters',
    blastAudience: 'Choose who receives it',
    blastNobody: 'Nobody is in this audience yet: the message would reach 0 people',
    blastTooEarly: 'Choose a time in the future, at most 30 days ahead',
    pushEndpoint: 'This push address is not accepted',
    pushUnavailable: 'Push notifications are not set up on this server',
  },
};
