/** Short share links' previews (docs/new-user-polish.md "links"): what a chat app shows under a shared link. */
export const enShare = {
  share: {
    siteName: 'Polaris',
    siteDescription:
      'Find, host and join crypto community meetups, talk in chat rooms with live video, and hold your assets in a built-in wallet.',
    open: 'Open in Polaris',
    online: 'Online',
    activity: { title: 'An activity on Polaris', description: 'Open the link to see the activity and sign up.' },
    bounty: { title: 'A bounty on Polaris', description: 'Complete the task and earn the reward.' },
    redpacket: { title: 'A red packet for you', description: 'Open it in Polaris before the shares run out.' },
    register: {
      title: 'You are invited to Polaris',
      description: 'Sign up with this invitation: you both get a welcome reward.',
    },
    room: { title: 'Join a chat room on Polaris', description: 'Open the link to join the conversation.' },
    notFound: { title: 'Link not found', description: 'This link does not exist or is no longer available.' },
  },
  embed: {
    title: 'Activities by {{name}}',
    empty: 'No upcoming activities yet.',
    cancelled: 'Cancelled',
  },
  walletPass: {
    event: 'Event',
    starts: 'Starts',
    venue: 'Venue',
    ticket: 'Ticket',
    organizer: 'Organizer',
    link: 'Activity page',
  },
};
