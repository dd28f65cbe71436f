import type { Language } from '@polaris/contract';

/**
 * The demo catalogue shipped with the server (docs/daogame.md "Demo catalogue"): made-up games with their own
 * icons (`icons/<id>.svg`), so the tab works with no API key and no network. Scores and player counts are
 * plausible figures, not measurements.
 */

type Localised = Record<Language, string>;

export interface CatalogueCategory {
  id: string;
  name: Localised;
}

export interface CatalogueGame {
  id: string;
  name: string;
  categoryId: string;
  score: string;
  players: number;
  featured: boolean;
  developer: string;
  releasedAt: string;
  tagline: Localised;
  description: Localised;
}

export const DEMO_CATEGORIES: readonly CatalogueCategory[] = [
  { id: 'action', name: { en: 'Action', 'zh-Hant': '動作', 'zh-Hans': '动作' } },
  { id: 'strategy', name: { en: 'Strategy', 'zh-Hant': '策略', 'zh-Hans': '策略' } },
  { id: 'puzzle', name: { en: 'Puzzle', 'zh-Hant': '益智', 'zh-Hans': '益智' } },
  { id: 'card', name: { en: 'Cards', 'zh-Hant': '卡牌', 'zh-Hans': '卡牌' } },
  { id: 'casual', name: { en: 'Casual', 'zh-Hant': '休閒', 'zh-Hans': '休闲' } },
  { id: 'sports', name: { en: 'Sports & racing', 'zh-Hant': '體育競速', 'zh-Hans': '体育竞速' } },
];

const game = (entry: CatalogueGame) => entry;

export const DEMO_GAMES: readonly CatalogueGame[] = [
  game({
    id: 'nebula-miners',
    name: 'Nebula Miners',
    categoryId: 'strategy',
    score: '4.8',
    players: 182_400,
    featured: true,
    developer: 'Orbit Forge Studio',
    releasedAt: '2024-03-18',
    tagline: {
      en: 'Claim asteroids, vote on the fleet',
      'zh-Hant': '佔領小行星，投票決定艦隊',
      'zh-Hans': '占领小行星，投票决定舰队',
    },
    description: {
      en: 'Build a mining colony in a shared nebula. Guild members vote on where the fleet flies next, and every season the map is redrawn by the DAO.',
      'zh-Hant': '在共享星雲中建立採礦殖民地。公會成員投票決定艦隊下一站，每個賽季由 DAO 重新繪製地圖。',
      'zh-Hans': '在共享星云中建立采矿殖民地。公会成员投票决定舰队下一站，每个赛季由 DAO 重新绘制地图。',
    },
  }),
  game({
    id: 'dragon-guild',
    name: 'Dragon Guild',
    categoryId: 'action',
    score: '4.7',
    players: 240_150,
    featured: true,
    developer: 'Ember Loop Games',
    releasedAt: '2023-11-02',
    tagline: { en: 'Raid dungeons with your guild', 'zh-Hant': '與公會一起攻略地城', 'zh-Hans': '与公会一起攻略地城' },
    description: {
      en: 'Fast team raids of three minutes each. The guild treasury decides which dungeon opens this week.',
      'zh-Hant': '每場三分鐘的快節奏團隊突襲。公會金庫決定本週開放哪一座地城。',
      'zh-Hans': '每场三分钟的快节奏团队突袭。公会金库决定本周开放哪一座地城。',
    },
  }),
  game({
    id: 'token-tiles',
    name: 'Token Tiles',
    categoryId: 'puzzle',
    score: '4.4',
    players: 96_320,
    featured: true,
    developer: 'Quiet Square',
    releasedAt: '2024-06-09',
    tagline: { en: 'Match three, mint a badge', 'zh-Hant': '三消解謎，鑄造徽章', 'zh-Hans': '三消解谜，铸造徽章' },
    description: {
      en: 'A calm match-three puzzle with a new board every day. Finish a week in a row to earn a collectible badge.',
      'zh-Hant': '輕鬆的三消益智遊戲，每天一個新棋盤。連續完成一週即可獲得收藏徽章。',
      'zh-Hans': '轻松的三消益智游戏，每天一个新棋盘。连续完成一周即可获得收藏徽章。',
    },
  }),
  game({
    id: 'crypto-kart',
    name: 'Crypto Kart',
    categoryId: 'sports',
    score: '4.6',
    players: 131_780,
    featured: true,
    developer: 'Drift Bit',
    releasedAt: '2024-01-27',
    tagline: {
      en: 'Kart races on community tracks',
      'zh-Hant': '在社群賽道上飆卡丁車',
      'zh-Hans': '在社区赛道上飙卡丁车',
    },
    description: {
      en: 'Race on tracks designed and voted in by players. Weekly cups, ghost replays and a fair matchmaker.',
      'zh-Hant': '在玩家設計並投票選出的賽道上競速。每週盃賽、幽靈重播與公平配對。',
      'zh-Hans': '在玩家设计并投票选出的赛道上竞速。每周杯赛、幽灵重播与公平匹配。',
    },
  }),
  game({
    id: 'moon-farm',
    name: 'Moon Farm',
    categoryId: 'casual',
    score: '4.5',
    players: 205_900,
    featured: true,
    developer: 'Lantern Fields',
    releasedAt: '2023-09-15',
    tagline: { en: 'Grow crops in low gravity', 'zh-Hant': '在低重力下種田', 'zh-Hans': '在低重力下种田' },
    description: {
      en: 'Plant, harvest and trade with neighbours on the moon. Ten minutes a day is enough.',
      'zh-Hant': '在月球上與鄰居種植、收成與交易。每天十分鐘就足夠。',
      'zh-Hans': '在月球上与邻居种植、收成与交易。每天十分钟就足够。',
    },
  }),
  game({
    id: 'ledger-legends',
    name: 'Ledger Legends',
    categoryId: 'card',
    score: '4.6',
    players: 88_040,
    featured: false,
    developer: 'Paper Crown',
    releasedAt: '2024-04-30',
    tagline: {
      en: 'A deck builder of ancient ledgers',
      'zh-Hant': '古老帳本的牌組構築',
      'zh-Hans': '古老账本的牌组构筑',
    },
    description: {
      en: 'Collect heroes from the history of bookkeeping and build a deck for ranked duels. New cards are proposed by players.',
      'zh-Hant': '收集記帳史上的英雄，為排位對決構築牌組。新卡牌由玩家提案。',
      'zh-Hans': '收集记账史上的英雄，为排位对决构筑牌组。新卡牌由玩家提案。',
    },
  }),
  game({
    id: 'block-tactics',
    name: 'Block Tactics',
    categoryId: 'strategy',
    score: '4.5',
    players: 64_210,
    featured: false,
    developer: 'Hexline',
    releasedAt: '2023-12-12',
    tagline: {
      en: 'Turn-based squads on a hex grid',
      'zh-Hant': '六角格回合制小隊戰',
      'zh-Hans': '六角格回合制小队战',
    },
    description: {
      en: 'Command a squad of five in short turn-based battles. Seasons end with a community tournament.',
      'zh-Hant': '指揮五人小隊進行短回合制戰鬥。每個賽季以社群錦標賽作結。',
      'zh-Hans': '指挥五人小队进行短回合制战斗。每个赛季以社区锦标赛作结。',
    },
  }),
  game({
    id: 'pixel-dungeon',
    name: 'Pixel Dungeon DAO',
    categoryId: 'action',
    score: '4.3',
    players: 57_630,
    featured: false,
    developer: 'Eight Bit Commons',
    releasedAt: '2022-10-05',
    tagline: {
      en: 'A roguelike the players maintain',
      'zh-Hant': '由玩家維護的 Roguelike',
      'zh-Hans': '由玩家维护的 Roguelike',
    },
    description: {
      en: 'Every floor is different. Players submit and vote on new monsters and items each month.',
      'zh-Hant': '每一層都不一樣。玩家每月提交並投票選出新怪物與道具。',
      'zh-Hans': '每一层都不一样。玩家每月提交并投票选出新怪物与道具。',
    },
  }),
  game({
    id: 'merkle-maze',
    name: 'Merkle Maze',
    categoryId: 'puzzle',
    score: '4.2',
    players: 41_980,
    featured: false,
    developer: 'Quiet Square',
    releasedAt: '2024-08-21',
    tagline: {
      en: 'Find the one path through the tree',
      'zh-Hant': '找出穿越樹狀迷宮的唯一路徑',
      'zh-Hans': '找出穿越树状迷宫的唯一路径',
    },
    description: {
      en: 'Branching mazes that get harder as you climb. Share a solved maze with a friend as a challenge.',
      'zh-Hant': '越往上越難的分支迷宮。把解開的迷宮分享給朋友挑戰。',
      'zh-Hans': '越往上越难的分支迷宫。把解开的迷宫分享给朋友挑战。',
    },
  }),
  game({
    id: 'hash-hopper',
    name: 'Hash Hopper',
    categoryId: 'casual',
    score: '4.1',
    players: 150_320,
    featured: false,
    developer: 'Tiny Frog',
    releasedAt: '2023-05-19',
    tagline: { en: 'One tap, endless hops', 'zh-Hant': '一指點擊，無盡跳躍', 'zh-Hans': '一指点击，无尽跳跃' },
    description: {
      en: 'Hop from block to block for as long as you can. A new leaderboard starts every Monday.',
      'zh-Hant': '在方塊之間盡可能跳得更久。每週一開始新的排行榜。',
      'zh-Hans': '在方块之间尽可能跳得更久。每周一开始新的排行榜。',
    },
  }),
  game({
    id: 'satoshi-poker',
    name: 'Satoshi Poker',
    categoryId: 'card',
    score: '4.0',
    players: 72_450,
    featured: false,
    developer: 'Paper Crown',
    releasedAt: '2022-12-01',
    tagline: { en: "Hold'em with play chips", 'zh-Hant': '以遊戲籌碼玩德州撲克', 'zh-Hans': '以游戏筹码玩德州扑克' },
    description: {
      en: "Texas hold'em tables with play chips only: nothing of value is staked. Tables are moderated by the community.",
      'zh-Hant': '只用遊戲籌碼的德州撲克桌，不押任何有價值的東西。牌桌由社群管理。',
      'zh-Hans': '只用游戏筹码的德州扑克桌，不押任何有价值的东西。牌桌由社区管理。',
    },
  }),
  game({
    id: 'validator-wars',
    name: 'Validator Wars',
    categoryId: 'strategy',
    score: '4.0',
    players: 38_700,
    featured: false,
    developer: 'Hexline',
    releasedAt: '2024-10-14',
    tagline: { en: 'Stake, defend, outvote', 'zh-Hant': '質押、防守、投票勝出', 'zh-Hans': '质押、防守、投票胜出' },
    description: {
      en: 'A tower-defence game where each tower is a validator and the attackers try to split the chain.',
      'zh-Hant': '塔防遊戲，每座塔都是驗證者，進攻方試圖讓鏈分岔。',
      'zh-Hans': '塔防游戏，每座塔都是验证者，进攻方试图让链分叉。',
    },
  }),
  game({
    id: 'penalty-dao',
    name: 'Penalty Kick DAO',
    categoryId: 'sports',
    score: '3.9',
    players: 47_260,
    featured: false,
    developer: 'Drift Bit',
    releasedAt: '2024-06-14',
    tagline: { en: 'Five kicks to glory', 'zh-Hant': '五腳定勝負', 'zh-Hans': '五脚定胜负' },
    description: {
      en: 'Quick penalty shoot-outs against friends or the clock. Club kits are designed by the community.',
      'zh-Hant': '與朋友或時間比拼的快速點球大戰。球衣由社群設計。',
      'zh-Hans': '与朋友或时间比拼的快速点球大战。球衣由社区设计。',
    },
  }),
  game({
    id: 'gas-runner',
    name: 'Gas Runner',
    categoryId: 'action',
    score: '3.8',
    players: 29_870,
    featured: false,
    developer: 'Tiny Frog',
    releasedAt: '2025-01-08',
    tagline: { en: 'Outrun the fee spike', 'zh-Hant': '跑贏手續費暴漲', 'zh-Hans': '跑赢手续费暴涨' },
    description: {
      en: 'An endless runner through a busy network. The faster you go, the higher the fees climb behind you.',
      'zh-Hant': '在繁忙網路中無盡奔跑。跑得越快，身後的手續費漲得越高。',
      'zh-Hans': '在繁忙网络中无尽奔跑。跑得越快，身后的手续费涨得越高。',
    },
  }),
];
