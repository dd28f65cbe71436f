/**
 * Writes `demo-market.json`, the dataset the local market source serves. The figures are a plausible
 * snapshot of the market at `AS_OF` (rounded, not a record of it); the candles are a seeded random walk that
 * ends at each coin's price, so the file is the same on every run and the chart agrees with the 24h change.
 *
 *   npx tsx apps/server/src/modules/market/demo-data/generate-demo.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Currency } from '@polaris/contract';
import { SIGNIFICANT_DIGITS, toDecimalString } from '../decimal.ts';
import { type CandleTuple, DEMO_DATASET_PATH, type DemoDataset } from '../local.ts';

const AS_OF = '2025-06-30T00:00:00.000Z';
const DAYS = 90;
const HOURS = 24;

interface Seed {
  id: string;
  symbol: string;
  name: string;
  price: number;
  change24h: number;
  volume24h: number;
  marketCap: number;
  /** Daily volatility of the walk (standard deviation of the log return). */
  volatility: number;
  /** Stable coins revert to their peg instead of wandering. */
  peg?: number;
}

const SEEDS: Seed[] = [
  {
    id: 'bitcoin',
    symbol: 'BTC',
    name: 'Bitcoin',
    price: 107135.4,
    change24h: 0.62,
    volume24h: 3.12e10,
    marketCap: 2.131e12,
    volatility: 0.022,
  },
  {
    id: 'ethereum',
    symbol: 'ETH',
    name: 'Ethereum',
    price: 2486.51,
    change24h: 1.21,
    volume24h: 1.55e10,
    marketCap: 3.001e11,
    volatility: 0.034,
  },
  {
    id: 'tether',
    symbol: 'USDT',
    name: 'Tether',
    price: 1.0002,
    change24h: 0.01,
    volume24h: 5.21e10,
    marketCap: 1.582e11,
    volatility: 0.0004,
    peg: 1,
  },
  {
    id: 'ripple',
    symbol: 'XRP',
    name: 'XRP',
    price: 2.2314,
    change24h: 1.84,
    volume24h: 2.13e9,
    marketCap: 1.315e11,
    volatility: 0.041,
  },
  {
    id: 'binancecoin',
    symbol: 'BNB',
    name: 'BNB',
    price: 655.32,
    change24h: 0.41,
    volume24h: 6.02e8,
    marketCap: 9.558e10,
    volatility: 0.021,
  },
  {
    id: 'solana',
    symbol: 'SOL',
    name: 'Solana',
    price: 155.42,
    change24h: 2.73,
    volume24h: 3.41e9,
    marketCap: 8.312e10,
    volatility: 0.043,
  },
  {
    id: 'usd-coin',
    symbol: 'USDC',
    name: 'USDC',
    price: 0.9999,
    change24h: -0.01,
    volume24h: 7.84e9,
    marketCap: 6.214e10,
    volatility: 0.0003,
    peg: 1,
  },
  {
    id: 'tron',
    symbol: 'TRX',
    name: 'TRON',
    price: 0.2812,
    change24h: -0.32,
    volume24h: 6.53e8,
    marketCap: 2.668e10,
    volatility: 0.018,
  },
  {
    id: 'dogecoin',
    symbol: 'DOGE',
    name: 'Dogecoin',
    price: 0.16721,
    change24h: 2.11,
    volume24h: 1.12e9,
    marketCap: 2.505e10,
    volatility: 0.052,
  },
  {
    id: 'cardano',
    symbol: 'ADA',
    name: 'Cardano',
    price: 0.58124,
    change24h: 1.52,
    volume24h: 6.31e8,
    marketCap: 2.098e10,
    volatility: 0.047,
  },
  {
    id: 'bitcoin-cash',
    symbol: 'BCH',
    name: 'Bitcoin Cash',
    price: 507.21,
    change24h: -1.13,
    volume24h: 3.62e8,
    marketCap: 1.009e10,
    volatility: 0.038,
  },
  {
    id: 'chainlink',
    symbol: 'LINK',
    name: 'Chainlink',
    price: 13.412,
    change24h: 1.93,
    volume24h: 3.51e8,
    marketCap: 9.093e9,
    volatility: 0.046,
  },
  {
    id: 'avalanche-2',
    symbol: 'AVAX',
    name: 'Avalanche',
    price: 18.123,
    change24h: 2.24,
    volume24h: 3.34e8,
    marketCap: 7.651e9,
    volatility: 0.049,
  },
  {
    id: 'stellar',
    symbol: 'XLM',
    name: 'Stellar',
    price: 0.23982,
    change24h: 1.02,
    volume24h: 1.91e8,
    marketCap: 7.412e9,
    volatility: 0.042,
  },
  {
    id: 'the-open-network',
    symbol: 'TON',
    name: 'Toncoin',
    price: 2.9134,
    change24h: -0.81,
    volume24h: 1.52e8,
    marketCap: 7.201e9,
    volatility: 0.039,
  },
  {
    id: 'shiba-inu',
    symbol: 'SHIB',
    name: 'Shiba Inu',
    price: 0.000011623,
    change24h: 0.93,
    volume24h: 1.63e8,
    marketCap: 6.851e9,
    volatility: 0.051,
  },
  {
    id: 'litecoin',
    symbol: 'LTC',
    name: 'Litecoin',
    price: 87.31,
    change24h: 0.52,
    volume24h: 3.12e8,
    marketCap: 6.634e9,
    volatility: 0.036,
  },
  {
    id: 'polkadot',
    symbol: 'DOT',
    name: 'Polkadot',
    price: 3.4213,
    change24h: 1.31,
    volume24h: 1.54e8,
    marketCap: 5.412e9,
    volatility: 0.048,
  },
  {
    id: 'uniswap',
    symbol: 'UNI',
    name: 'Uniswap',
    price: 7.3102,
    change24h: 3.42,
    volume24h: 2.21e8,
    marketCap: 4.602e9,
    volatility: 0.055,
  },
  // Polygon's MATIC became POL in 2024; the name keeps the old ticker so a search for either finds it.
  {
    id: 'polygon-ecosystem-token',
    symbol: 'POL',
    name: 'POL (ex-MATIC)',
    price: 0.18571,
    change24h: 1.63,
    volume24h: 7.52e7,
    marketCap: 1.912e9,
    volatility: 0.05,
  },
];

/** Units per 1 USD at `AS_OF`, for the twelve currencies of SPEC §3. */
const FIAT: Record<Currency, number> = {
  CNY: 7.1665,
  USD: 1,
  RUB: 78.45,
  EUR: 0.8532,
  HKD: 7.8499,
  MOP: 8.0854,
  TWD: 29.21,
  SGD: 1.2746,
  MYR: 4.2105,
  CAD: 1.3662,
  VND: 26105,
  PHP: 56.38,
};

/** mulberry32, seeded from the symbol, so each coin's walk is fixed and independent of the others. */
function randomFor(symbol: string): () => number {
  let seed = 2166136261;
  for (const char of symbol) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussianFrom(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const price = (value: number) => toDecimalString(value, SIGNIFICANT_DIGITS.price);

function candle(time: number, open: number, close: number, wick: () => number): CandleTuple {
  return [
    time,
    price(open),
    price(Math.max(open, close) * (1 + wick())),
    price(Math.min(open, close) * (1 - wick())),
    price(close),
  ];
}

function coinData(seed: Seed, asOfSeconds: number): DemoDataset['coins'][number] {
  const random = randomFor(seed.symbol);
  const gaussian = gaussianFrom(random);
  const wick = (scale: number) => () => Math.abs(gaussian()) * scale;
  const dayAgo = seed.price / (1 + seed.change24h / 100);
  const drift = (random() - 0.5) * 0.006;

  // Closes walk backwards from the price a day ago; closes[DAYS - 1] is that price, closes[DAYS] today's.
  const closes = new Array<number>(DAYS + 1);
  closes[DAYS] = seed.price;
  closes[DAYS - 1] = dayAgo;
  for (let day = DAYS - 2; day >= 0; day--) {
    const later = closes[day + 1]!;
    closes[day] = seed.peg
      ? seed.peg + (later - seed.peg) * 0.5 + gaussian() * seed.volatility
      : later * Math.exp(-drift + gaussian() * seed.volatility);
  }

  // The last day in hours: a bridge from the price a day ago to the price now.
  const hourlyVolatility = seed.volatility / Math.sqrt(HOURS);
  const steps = [0];
  for (let hour = 1; hour <= HOURS; hour++) steps.push(steps[hour - 1]! + gaussian() * hourlyVolatility);
  const logMove = Math.log(seed.price / dayAgo);
  const path = steps.map(
    (step, hour) => dayAgo * Math.exp((hour / HOURS) * logMove + step - (hour / HOURS) * steps[HOURS]!),
  );
  path[HOURS] = seed.price;
  const hourly = path
    .slice(1)
    .map((close, index) =>
      candle(asOfSeconds - (HOURS - 1 - index) * 3600, path[index]!, close, wick(hourlyVolatility * 0.4)),
    );

  const daily = closes
    .slice(1)
    .map((close, index) =>
      candle(asOfSeconds - (DAYS - 1 - index) * 86_400, closes[index]!, close, wick(seed.volatility * 0.4)),
    );
  // The last daily candle spans the same hours as the hourly ones, so its wicks are theirs.
  const last = daily[DAYS - 1]!;
  last[2] = price(Math.max(...hourly.map((entry) => Number(entry[2]))));
  last[3] = price(Math.min(...hourly.map((entry) => Number(entry[3]))));

  return {
    id: seed.id,
    symbol: seed.symbol,
    name: seed.name,
    priceUsd: price(seed.price),
    change24h: toDecimalString(seed.change24h, SIGNIFICANT_DIGITS.percent),
    volume24hUsd: toDecimalString(seed.volume24h, SIGNIFICANT_DIGITS.volume),
    marketCapUsd: toDecimalString(seed.marketCap, SIGNIFICANT_DIGITS.volume),
    daily,
    hourly,
  };
}

export function buildDemoDataset(): DemoDataset {
  const asOfSeconds = Date.parse(AS_OF) / 1000;
  return {
    asOf: AS_OF,
    note: 'Demo data: a rounded snapshot with generated candles (demo-data/generate-demo.ts). Not live prices.',
    coins: [...SEEDS].sort((a, b) => b.marketCap - a.marketCap).map((seed) => coinData(seed, asOfSeconds)),
    fiat: Object.fromEntries(
      Object.entries(FIAT).map(([code, rate]) => [code, toDecimalString(rate, SIGNIFICANT_DIGITS.rate)]),
    ) as Record<Currency, string>,
  };
}

/** JSON with one candle per line: readable in a diff, a tenth of the size of fully indented JSON. */
function serialiseDemoDataset(dataset: DemoDataset): string {
  const text = JSON.stringify(
    dataset,
    (key, value) =>
      key === 'daily' || key === 'hourly' ? (value as CandleTuple[]).map((c) => JSON.stringify(c)) : value,
    2,
  );
  return `${text.replace(/"(\[[^\]]*\])"/g, (_, tuple: string) => tuple.replaceAll('\\"', '"'))}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DEMO_DATASET_PATH, serialiseDemoDataset(buildDemoDataset()));
  console.log(`wrote ${DEMO_DATASET_PATH}`);
}
