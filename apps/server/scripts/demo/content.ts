import type { ActivityCategory } from '@polaris/contract';

/**
 * What `npm run demo` puts in the database. Every person is a demo account on the reserved `.example` domain
 * and named "Demo · …", and every activity says in its description that it is demo content, so nobody takes
 * it for a real event. The addresses are also the seed's marker: the demo user existing means a run happened.
 */

export const DEMO_DOMAIN = 'polaris.example';
export const DEMO_EMAIL = `demo@${DEMO_DOMAIN}`;
/** 8–16 characters with letters and digits, like every login password. */
export const DEMO_PASSWORD = 'demo1234';
/** The transaction password that pays for tickets and transfers. */
export const DEMO_TRADE_PASSWORD = '123456';

export type PersonKey = 'demo' | 'taipei' | 'harbour' | 'lion' | 'tokyo' | 'mei' | 'kenji' | 'priya' | 'wei';

export interface DemoPerson {
  key: PersonKey;
  email: string;
  name: string;
  /** Deposits credited through the local chain simulator: asset, chain, amount. */
  deposits: [asset: string, chain: string, amount: string][];
}

export const PEOPLE: DemoPerson[] = [
  {
    key: 'demo',
    email: DEMO_EMAIL,
    name: 'Demo · Alex Chen',
    deposits: [
      ['USDT', 'BSC', '1000'],
      ['USDT', 'Ton', '250'],
      ['ETH', 'ETH', '0.75'],
      ['SOL', 'Solana', '12.5'],
      ['TON', 'Ton', '80'],
      ['XDR', 'BSC', '500'],
    ],
  },
  { key: 'taipei', email: `taipei.builders@${DEMO_DOMAIN}`, name: 'Demo · 台北開發者公會', deposits: [] },
  { key: 'harbour', email: `harbour.circle@${DEMO_DOMAIN}`, name: 'Demo · 維港加密圈', deposits: [] },
  { key: 'lion', email: `lion.city.makers@${DEMO_DOMAIN}`, name: 'Demo · Lion City Makers', deposits: [] },
  { key: 'tokyo', email: `tokyo.night@${DEMO_DOMAIN}`, name: 'Demo · Tokyo Night Collective', deposits: [] },
  { key: 'mei', email: `mei@${DEMO_DOMAIN}`, name: 'Demo · Mei Lin', deposits: [['USDT', 'BSC', '300']] },
  { key: 'kenji', email: `kenji@${DEMO_DOMAIN}`, name: 'Demo · Kenji Sato', deposits: [['USDT', 'BSC', '300']] },
  { key: 'priya', email: `priya@${DEMO_DOMAIN}`, name: 'Demo · Priya Nair', deposits: [['USDT', 'Polygon', '300']] },
  { key: 'wei', email: `wei@${DEMO_DOMAIN}`, name: 'Demo · Wei Zhang', deposits: [['USDT', 'BSC', '300']] },
];

/** Transfers between demo people, so the wallet records show more than deposits. */
export const TRANSFERS: { from: PersonKey; to: PersonKey; asset: string; amount: string; memo: string }[] = [
  { from: 'mei', to: 'demo', asset: 'USDT', amount: '20', memo: 'Demo · dinner split' },
  { from: 'demo', to: 'kenji', asset: 'USDT', amount: '8.5', memo: 'Demo · taxi to the venue' },
];

export interface Place {
  city: string;
  timezone: string;
  address: string;
  latitude: number;
  longitude: number;
}

const TAIPEI = { city: 'Taipei', timezone: 'Asia/Taipei' };
const HONG_KONG = { city: 'Hong Kong', timezone: 'Asia/Hong_Kong' };
const SINGAPORE = { city: 'Singapore', timezone: 'Asia/Singapore' };
const TOKYO = { city: 'Tokyo', timezone: 'Asia/Tokyo' };
const KUALA_LUMPUR = { city: 'Kuala Lumpur', timezone: 'Asia/Kuala_Lumpur' };

/**
 * The language an activity is written in. A real community in the region posts in the language of its crowd, so
 * the demo mixes them: Taipei and Hong Kong hosts in Traditional Chinese, Singapore, Kuala Lumpur and a Tokyo
 * online class partly in Simplified Chinese, the international events in English (issue 23).
 */
export type DemoLanguage = 'zh-Hant' | 'zh-Hans' | 'en';

export interface DemoActivity {
  title: string;
  lang: DemoLanguage;
  category: ActivityCategory;
  host: PersonKey;
  /** Days from today (negative: already happened), local start time in the activity's zone, and length. */
  day: number;
  at: string;
  hours: number;
  place: Place | { online: string; timezone: string };
  /** A price in USDT; absent means free. */
  price?: string;
  capacity?: number;
  requireApproval?: boolean;
  featured?: boolean;
  questions?: { label: string; type: 'text' | 'choice'; required: boolean; options?: string[] }[];
  blurb: string;
  /** Who signs up: the demo user and other demo people. */
  guests: PersonKey[];
  /** Past activities: who was checked in at the door (each gets an attendance NFT). */
  checkedIn?: PersonKey[];
  /** Approval-required activities: whose request the host approves (the rest stay pending). */
  approved?: PersonKey[];
}

export const ACTIVITIES: DemoActivity[] = [
  // Coming up
  {
    title: '台北 Web3 開發者之夜',
    lang: 'zh-Hant',
    category: 'meetup',
    host: 'taipei',
    day: 3,
    at: '19:00',
    hours: 3,
    place: {
      ...TAIPEI,
      address: 'No. 7, Section 5, Xinyi Road, Xinyi District',
      latitude: 25.0339,
      longitude: 121.5645,
    },
    capacity: 80,
    featured: true,
    blurb: '在地開發者的閃電講、展示攤位，還有充足時間認識正在做鏈上產品的朋友。',
    guests: ['demo', 'mei', 'kenji', 'wei'],
  },
  {
    title: '香港數碼資產峰會',
    lang: 'zh-Hant',
    category: 'conference',
    host: 'harbour',
    day: 12,
    at: '09:00',
    hours: 9,
    place: { ...HONG_KONG, address: '1 Expo Drive, Wan Chai', latitude: 22.2833, longitude: 114.1733 },
    price: '25',
    capacity: 300,
    featured: true,
    blurb: '一整天的座談：亞洲的資產託管、穩定幣與監管，附交流午餐。',
    guests: ['demo', 'priya', 'wei'],
  },
  {
    title: 'Smart Contract Security Workshop',
    lang: 'en',
    category: 'workshop',
    host: 'lion',
    day: 6,
    at: '14:00',
    hours: 4,
    place: { ...SINGAPORE, address: '79 Ayer Rajah Crescent', latitude: 1.2966, longitude: 103.7872 },
    price: '10',
    capacity: 30,
    requireApproval: true,
    questions: [
      {
        label: 'How much Solidity have you written?',
        type: 'choice',
        required: true,
        options: ['None yet', 'A few contracts', 'In production'],
      },
    ],
    blurb: 'Hands-on: find and fix re-entrancy, oracle and access-control bugs in a deliberately broken vault.',
    guests: ['demo', 'kenji', 'mei'],
    approved: ['kenji'],
  },
  {
    title: 'Rooftop Launch Party',
    lang: 'en',
    category: 'party',
    host: 'harbour',
    day: 9,
    at: '20:00',
    hours: 4,
    place: { ...HONG_KONG, address: '33 Wyndham Street, Central', latitude: 22.2806, longitude: 114.1549 },
    capacity: 120,
    blurb: 'Music, skyline views and a toast to every team that shipped this quarter.',
    guests: ['mei', 'priya'],
  },
  {
    title: 'DAO 治理圆桌会',
    lang: 'zh-Hans',
    category: 'web3',
    host: 'lion',
    day: 2,
    at: '20:00',
    hours: 1.5,
    place: { online: 'https://meet.polaris.example/dao-roundtable', timezone: 'Asia/Singapore' },
    blurb: '线上公开讨论：投票、委托，以及小型 DAO 如何让决策持续推进。',
    guests: ['priya', 'wei'],
  },
  {
    title: 'Rust for Backend Engineers',
    lang: 'en',
    category: 'tech',
    host: 'tokyo',
    day: 8,
    at: '19:00',
    hours: 2.5,
    place: { ...TOKYO, address: '2-11-3 Meguro, Meguro-ku', latitude: 35.6339, longitude: 139.7155 },
    price: '5',
    capacity: 50,
    blurb: 'From Axum to SQLx: a practical evening on building fast, boring, reliable services in Rust.',
    guests: ['demo', 'kenji'],
  },
  {
    title: '河濱日出 10K 慢跑',
    lang: 'zh-Hant',
    category: 'sports',
    host: 'taipei',
    day: 5,
    at: '06:30',
    hours: 2,
    place: { ...TAIPEI, address: 'Dajia Riverside Park, Zhongshan District', latitude: 25.0747, longitude: 121.5318 },
    capacity: 40,
    blurb: '沿著河濱輕鬆跑 10 公里，跑完一起喝咖啡。任何配速都歡迎。',
    guests: ['wei', 'mei'],
  },
  {
    title: '象山夕陽健行',
    lang: 'zh-Hant',
    category: 'outdoor',
    host: 'taipei',
    day: 4,
    at: '16:30',
    hours: 3,
    place: {
      ...TAIPEI,
      address: 'Xiangshan Trailhead, Lane 150, Section 5, Xinyi Road',
      latitude: 25.0273,
      longitude: 121.5707,
    },
    capacity: 25,
    blurb: '短而陡的步道，在黃金時刻登上看城市最美的位置。記得帶水和手電筒。',
    guests: ['kenji'],
  },
  {
    title: 'Generative Art & NFT Gallery Walk',
    lang: 'en',
    category: 'art',
    host: 'lion',
    day: 10,
    at: '15:00',
    hours: 2,
    place: { ...SINGAPORE, address: '39 Keppel Road, Tanjong Pagar Distripark', latitude: 1.2714, longitude: 103.8353 },
    price: '8',
    capacity: 35,
    featured: true,
    blurb: 'A guided walk through three studios showing code-based art, with the artists on hand.',
    guests: ['priya'],
  },
  {
    title: 'Lo-fi Beats & Blocks Live Session',
    lang: 'en',
    category: 'music',
    host: 'tokyo',
    day: 7,
    at: '20:00',
    hours: 3,
    place: { ...TOKYO, address: '1-12-9 Shibuya, Shibuya-ku', latitude: 35.6595, longitude: 139.7005 },
    price: '12',
    capacity: 90,
    blurb: 'Three producers play live sets; tickets double as an on-chain stamp for the crowd.',
    guests: ['kenji', 'wei'],
  },
  {
    title: '饒河夜市美食巡禮',
    lang: 'zh-Hant',
    category: 'food',
    host: 'taipei',
    day: 1,
    at: '19:00',
    hours: 2.5,
    place: {
      ...TAIPEI,
      address: 'Raohe Street Night Market, Songshan District',
      latitude: 25.0509,
      longitude: 121.5775,
    },
    capacity: 4,
    blurb: '胡椒餅、藥燉排骨和麻糬：小團體一起吃遍我們最愛的攤位。',
    guests: ['demo', 'mei', 'kenji', 'priya', 'wei'],
  },
  {
    title: '加密资产税务答疑会',
    lang: 'zh-Hans',
    category: 'other',
    host: 'lion',
    day: 11,
    at: '10:00',
    hours: 2,
    place: {
      ...KUALA_LUMPUR,
      address: 'Level 5, 8 Jalan Kerinchi, Bangsar South',
      latitude: 3.1117,
      longitude: 101.6654,
    },
    blurb: '带上你关于交易申报、质押收益和空投的问题。仅提供一般性建议。',
    guests: ['wei'],
  },
  {
    title: '新加坡稳定币交流会',
    lang: 'zh-Hans',
    category: 'meetup',
    host: 'lion',
    day: 15,
    at: '19:00',
    hours: 2,
    place: { ...SINGAPORE, address: '5 Straits View, Marina One', latitude: 1.2765, longitude: 103.8523 },
    capacity: 100,
    blurb: '发行方、钱包和商家交流区域内用稳定币支付的经验。',
    guests: ['priya', 'mei'],
  },
  {
    title: '零知识证明入门',
    lang: 'zh-Hans',
    category: 'tech',
    host: 'tokyo',
    day: 13,
    at: '12:00',
    hours: 1.5,
    place: { online: 'https://meet.polaris.example/zk-101', timezone: 'Asia/Tokyo' },
    blurb: '证明是什么、成本多少、零知识证明已经在哪些产品里使用。不需要数学背景。',
    guests: ['demo', 'wei'],
  },
  {
    title: 'Hardware Wallet Setup Clinic',
    lang: 'en',
    category: 'workshop',
    host: 'lion',
    day: 6,
    at: '11:00',
    hours: 2,
    place: {
      ...KUALA_LUMPUR,
      address: '163 Jalan Sultan Ismail, Bukit Bintang',
      latitude: 3.1478,
      longitude: 101.7133,
    },
    price: '3',
    capacity: 20,
    blurb: 'Set up a hardware wallet step by step, back up the seed properly and practise a recovery.',
    guests: ['mei'],
  },
  {
    title: '點心與 DeFi 早午餐',
    lang: 'zh-Hant',
    category: 'food',
    host: 'harbour',
    day: 16,
    at: '11:00',
    hours: 2,
    place: { ...HONG_KONG, address: '2 Tsim Sha Tsui East Road, Kowloon', latitude: 22.2988, longitude: 114.1772 },
    price: '15',
    capacity: 24,
    blurb: '蝦餃、燒賣，輕鬆聊聊收益、風險，以及什麼才真正可持續。',
    guests: ['kenji', 'priya'],
  },
  {
    title: '親友錢包入門課',
    lang: 'zh-Hant',
    category: 'web3',
    host: 'demo',
    day: 5,
    at: '19:30',
    hours: 2,
    place: { ...TAIPEI, address: 'No. 1, Songshou Road, Xinyi District', latitude: 25.0365, longitude: 121.5672 },
    price: '5',
    capacity: 12,
    requireApproval: true,
    blurb: 'Alex 帶新手建立第一個錢包、完成第一筆轉帳，並學會避開釣魚詐騙。',
    guests: ['mei', 'kenji', 'wei'],
    approved: ['kenji'],
  },
  // Already happened
  {
    title: '開發者之夜：黑客松成果展',
    lang: 'zh-Hant',
    category: 'meetup',
    host: 'taipei',
    day: -14,
    at: '19:00',
    hours: 3,
    place: {
      ...TAIPEI,
      address: 'No. 7, Section 5, Xinyi Road, Xinyi District',
      latitude: 25.0339,
      longitude: 121.5645,
    },
    capacity: 60,
    blurb: '上個月黑客松的隊伍展示作品，現場觀眾投票選出冠軍。',
    guests: ['demo', 'mei', 'kenji', 'wei'],
    checkedIn: ['demo', 'mei', 'kenji'],
  },
  {
    title: 'Tokyo Blockchain Forum',
    lang: 'en',
    category: 'conference',
    host: 'tokyo',
    day: -30,
    at: '10:00',
    hours: 8,
    place: { ...TOKYO, address: '3-5-1 Marunouchi, Chiyoda-ku', latitude: 35.6764, longitude: 139.7638 },
    price: '20',
    capacity: 400,
    blurb: 'Talks on scaling, payments and regulation in Japan, with an evening reception.',
    guests: ['demo', 'kenji', 'priya'],
    checkedIn: ['demo', 'kenji', 'priya'],
  },
  {
    title: 'Harbour Night Ride',
    lang: 'en',
    category: 'sports',
    host: 'harbour',
    day: -7,
    at: '20:00',
    hours: 2,
    place: { ...HONG_KONG, address: 'Tsim Sha Tsui Promenade, Kowloon', latitude: 22.2934, longitude: 114.1722 },
    capacity: 30,
    blurb: 'A relaxed 20 km ride along the waterfront, ending with noodles.',
    guests: ['demo', 'wei'],
    checkedIn: ['demo', 'wei'],
  },
  {
    title: 'Synthwave on the Bay',
    lang: 'en',
    category: 'music',
    host: 'lion',
    day: -21,
    at: '21:00',
    hours: 3,
    place: { ...SINGAPORE, address: '1 Esplanade Drive', latitude: 1.2897, longitude: 103.8559 },
    price: '6',
    capacity: 150,
    blurb: 'Retro synths, neon and a sold-out outdoor stage by the water.',
    guests: ['demo', 'mei', 'priya'],
    checkedIn: ['mei', 'priya'],
  },
  {
    title: '墨與像素：書法創作會',
    lang: 'zh-Hant',
    category: 'art',
    host: 'taipei',
    day: -3,
    at: '14:00',
    hours: 3,
    place: {
      ...TAIPEI,
      address: 'No. 1, Bade Road Section 1, Zhongzheng District',
      latitude: 25.0443,
      longitude: 121.5297,
    },
    capacity: 20,
    blurb: '毛筆書法遇上繪圖機：每個人都帶走一張手寫和一張機器畫的作品。',
    guests: ['demo', 'priya'],
    checkedIn: ['demo', 'priya'],
  },
  {
    title: 'Intro to Self-Custody',
    lang: 'en',
    category: 'workshop',
    host: 'demo',
    day: -10,
    at: '19:00',
    hours: 2,
    place: { ...TAIPEI, address: 'No. 1, Songshou Road, Xinyi District', latitude: 25.0365, longitude: 121.5672 },
    price: '2',
    capacity: 15,
    blurb: 'Alex’s first workshop: keys, seeds, backups and the habits that keep funds safe.',
    guests: ['mei', 'kenji', 'priya', 'wei'],
    checkedIn: ['mei', 'kenji', 'priya'],
  },
];

/** Personal entries in the demo user's calendar, days from today and local hour in Taipei. */
export const CALENDAR_ENTRIES = [
  { title: 'Demo · Coffee with the Builders Guild', day: 2, at: '10:00', hours: 1, location: 'Simple Kaffa, Taipei' },
  { title: 'Demo · Prepare onboarding slides', day: 4, at: '09:00', hours: 2, location: null },
];

export const DEMO_NOTE = 'Demo content created by `npm run demo`; not a real event.';

/** The words the seed adds around an activity, in the activity's own language. */
export const DEMO_WORDS: Record<
  DemoLanguage,
  { footer: (host: string) => string; paidTicket: string; freeTicket: string }
> = {
  en: {
    footer: (host) => `Hosted by ${host}. ${DEMO_NOTE}`,
    paidTicket: 'General admission',
    freeTicket: 'Free entry',
  },
  'zh-Hant': {
    footer: (host) => `主辦：${host}。這是 \`npm run demo\` 建立的示範內容，不是真實活動。`,
    paidTicket: '一般票',
    freeTicket: '免費入場',
  },
  'zh-Hans': {
    footer: (host) => `主办：${host}。这是 \`npm run demo\` 创建的示范内容，不是真实活动。`,
    paidTicket: '普通票',
    freeTicket: '免费入场',
  },
};
