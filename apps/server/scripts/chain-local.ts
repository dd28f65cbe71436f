// LOCAL EVM CHAIN: anvil on 127.0.0.1 with test USDT, test XDR and the attendance NFT deployed and a funded hot
// wallet; prints the environment that points the server at it (also written to data/chain-local.env).
//   npm run chain:local [-- --port 8545] [--block-time 2]
//   npm run chain:local -- send --to 0xADDRESS --asset USDT|XDR|ETH --amount 25
// anvil keeps no state, so every start is a new chain with a new hot wallet key. The token addresses come out the
// same each time (the same dev account deploys them with the same nonces); the attendance NFT's does not, as the new
// hot wallet deploys it, being its owner.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  formatUnits,
  type Hex,
  http,
  isAddress,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { testTokenAbi } from '../src/modules/chain/contracts/abi.ts';
import { deployContract } from '../src/modules/chain/contracts/deploy.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { anvilDevKey, startAnvil } from '../src/test/anvil.ts';

const CHAIN_ID = 31337;
const CONFIRMATIONS = 3;
// Beside the server's data (DATA_DIR, ./data by default), as the other operator commands keep theirs.
const DATA_DIR = path.resolve(REPO_ROOT, process.env.DATA_DIR ?? 'data');
const STATE_FILE = path.join(DATA_DIR, 'chain-local.json');
const ENV_FILE = path.join(DATA_DIR, 'chain-local.env');
const USAGE =
  'Usage: npm run chain:local [-- --port 8545] [--block-time 2]\n' +
  '       npm run chain:local -- send --to 0xADDRESS --asset USDT|XDR|ETH --amount 25';

const TOKENS = {
  USDT: { name: 'Tether USD (local)', decimals: 6 },
  XDR: { name: 'XDR (local)', decimals: 8 },
} as const;
type Token = keyof typeof TOKENS;
const ASSET_DECIMALS = { ETH: 18, USDT: TOKENS.USDT.decimals, XDR: TOKENS.XDR.decimals } as const;
type Asset = keyof typeof ASSET_DECIMALS;

export type ChainLocalCommand =
  | { command: 'run'; port: number; blockTimeSeconds: number }
  | { command: 'send'; to: Address; asset: Asset; amount: string };

/** What a run leaves in data/chain-local.json, for `send` and the next run. */
export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  contracts: { USDT: Address; XDR: Address; NFT: Address };
  hotWalletKey: Hex;
}

/** The command line, checked; throws an Error whose message is what to tell the user. */
export function parseChainLocalArgs(argv: string[]): ChainLocalCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      'block-time': { type: 'string' },
      to: { type: 'string' },
      asset: { type: 'string' },
      amount: { type: 'string' },
    },
  });
  const [command = 'run', ...extra] = positionals;
  if (extra.length > 0) throw new Error(`Unexpected ${extra.join(' ')}`);
  const given = (names: string[]) => names.filter((name) => values[name as keyof typeof values] !== undefined);
  if (command === 'run') {
    const stray = given(['to', 'asset', 'amount']);
    if (stray.length > 0) throw new Error(`--${stray.join(', --')} only go with send`);
    return {
      command,
      port: integerIn(values.port ?? '8545', 'port', 1, 65_535),
      blockTimeSeconds: integerIn(values['block-time'] ?? '2', 'block-time', 1, 3_600),
    };
  }
  if (command === 'send') {
    const stray = given(['port', 'block-time']);
    if (stray.length > 0) throw new Error(`send uses the chain that is running: no --${stray.join(', --')}`);
    const { to, amount } = values;
    const asset = values.asset?.toUpperCase();
    if (!to || !isAddress(to)) throw new Error('--to must be an address (0x and 40 hex digits)');
    if (!asset || !(asset in ASSET_DECIMALS)) throw new Error('--asset must be USDT, XDR or ETH');
    const decimals = ASSET_DECIMALS[asset as Asset];
    if (
      !amount ||
      !new RegExp(`^\\d{1,18}(\\.\\d{1,${decimals}})?$`).test(amount) ||
      parseUnits(amount, decimals) === 0n
    ) {
      throw new Error(`--amount must be a positive number with at most ${decimals} decimals for ${asset}`);
    }
    return { command, to, asset: asset as Asset, amount };
  }
  throw new Error(`Unknown command ${command}`);
}

function integerIn(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`--${flag} must be a whole number from ${min} to ${max}`);
  return value;
}

/** Where the attendance badges' metadata is served: the server's public address, as config.ts defaults it. */
export function nftBaseUri(publicUrl: string | undefined): string {
  return `${(publicUrl?.trim() || 'http://localhost:8080').replace(/\/+$/, '')}/rest/polarisex/nft/metadata/`;
}

/** The server's environment for this chain, one `export NAME=value` line each. */
export function chainLocalEnv(chain: LocalChain): string[] {
  const env = {
    CHAIN_RPC_ETH: chain.rpcUrl,
    CHAIN_NETWORK_ID_ETH: chain.chainId,
    CHAIN_CONFIRMATIONS_ETH: CONFIRMATIONS,
    CHAIN_CONTRACT_USDT_ETH: chain.contracts.USDT,
    CHAIN_DECIMALS_USDT_ETH: TOKENS.USDT.decimals,
    CHAIN_CONTRACT_XDR_ETH: chain.contracts.XDR,
    CHAIN_DECIMALS_XDR_ETH: TOKENS.XDR.decimals,
    CHAIN_HOT_WALLET_KEY: chain.hotWalletKey,
    CHAIN_NFT: 'ETH',
    CHAIN_NFT_CONTRACT: chain.contracts.NFT,
  };
  return Object.entries(env).map(([name, value]) => `export ${name}=${value}`);
}

async function run(port: number, blockTimeSeconds: number): Promise<void> {
  // Mined at once while deploying (seconds saved), then a block every few seconds as on a real chain.
  const anvil = await startAnvil({ port, chainId: CHAIN_ID }).catch((error: Error) => {
    throw /in use/.test(error.message)
      ? new Error(`${error.message} (another npm run chain:local?). Stop it, or choose another with --port N.`)
      : error;
  });
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await anvil.stop();
    console.log('\nLocal chain stopped.');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Ctrl-C reaches anvil too, and may end it before this process has run its SIGINT handler: a moment's grace.
  void anvil.exited.then(() =>
    setTimeout(() => {
      if (stopping) return;
      console.error('anvil ended by itself; the local chain is gone.');
      process.exit(1);
    }, 500),
  );

  const faucet = anvil.walletClientFor(anvil.devKey(0));
  const { publicClient } = anvil;
  const saved = await readSaved();
  // anvil keeps no state, so this holds only for a chain that is still the one the file describes.
  let chain: LocalChain;
  if (saved?.rpcUrl === anvil.url && (await allHaveCode(publicClient, Object.values(saved.contracts)))) {
    chain = saved;
    console.log('The chain still has the contracts of data/chain-local.json: using them and its hot wallet.');
  } else {
    const deployToken = (token: Token) =>
      deployContract(faucet, publicClient, 'TestToken', [TOKENS[token].name, token, TOKENS[token].decimals]);
    const USDT = await deployToken('USDT');
    const XDR = await deployToken('XDR');
    const hotWalletKey = generatePrivateKey();
    // The hot wallet deploys the attendance NFT, so it owns it (only the owner mints and burns), before the server
    // ever signs from it: the server then starts its nonces after this one.
    await anvil.fund(privateKeyToAccount(hotWalletKey).address, parseEther('1000'));
    const NFT = await deployContract(anvil.walletClientFor(hotWalletKey), publicClient, 'AttendanceNFT', [
      'Polaris Attendance (local)',
      'PATT',
      nftBaseUri(process.env.PUBLIC_URL),
    ]);
    chain = { rpcUrl: anvil.url, chainId: CHAIN_ID, contracts: { USDT, XDR, NFT }, hotWalletKey };
    const hotWallet = privateKeyToAccount(chain.hotWalletKey).address;
    for (const token of ['USDT', 'XDR'] as const) {
      const amount = parseUnits('1000000', TOKENS[token].decimals);
      const hash = await faucet.writeContract({
        address: chain.contracts[token],
        abi: testTokenAbi,
        functionName: 'mint',
        args: [hotWallet, amount],
      });
      await publicClient.waitForTransactionReceipt({ hash });
    }
  }
  const hotWallet = privateKeyToAccount(chain.hotWalletKey).address;
  await anvil.fund(hotWallet, parseEther('1000'));
  await anvil.testClient.setIntervalMining({ interval: blockTimeSeconds });

  const env = chainLocalEnv(chain);
  await mkdir(path.dirname(STATE_FILE), { recursive: true });
  await writeFile(STATE_FILE, `${JSON.stringify(chain, null, 2)}\n`, { mode: 0o600 });
  await writeFile(ENV_FILE, `${env.join('\n')}\n`, { mode: 0o600 });
  const relative = (file: string) => path.relative(process.cwd(), file) || file;
  console.log(
    [
      `Local chain at ${anvil.url} (chain id ${CHAIN_ID}, a block every ${blockTimeSeconds} s).`,
      `Test USDT ${chain.contracts.USDT}, test XDR ${chain.contracts.XDR}, attendance NFT ${chain.contracts.NFT}.`,
      `Hot wallet ${hotWallet}: 1000 ETH, 1,000,000 USDT and 1,000,000 XDR.`,
      '',
      `Start the server with this environment (or: source ${relative(ENV_FILE)}):`,
      ...env,
      '',
      'Send a test deposit (USDT, XDR or ETH) from another terminal:',
      '  npm run chain:local -- send --to 0xADDRESS --asset USDT --amount 25',
      '',
      'Ctrl-C stops the chain; nothing on it is kept.',
    ].join('\n'),
  );
}

async function send(to: Address, asset: Asset, amount: string): Promise<void> {
  const chain = await readSaved();
  if (!chain) throw new Error('No local chain yet: start one with npm run chain:local');
  const publicClient = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 250 });
  try {
    await publicClient.getChainId();
  } catch {
    throw new Error(`Nothing answers at ${chain.rpcUrl}: start the local chain with npm run chain:local`);
  }
  // anvil's dev account 0 deployed the tokens, so it may mint what it lacks.
  const faucet = createWalletClient({
    account: privateKeyToAccount(anvilDevKey(0)),
    transport: http(chain.rpcUrl),
    pollingInterval: 250,
  });
  const value = parseUnits(amount, ASSET_DECIMALS[asset]);
  let hash: Hex;
  if (asset === 'ETH') {
    hash = await faucet.sendTransaction({ to, value, chain: null });
  } else {
    const token = { address: chain.contracts[asset], abi: testTokenAbi } as const;
    if (!(await allHaveCode(publicClient, [token.address]))) {
      throw new Error(`No ${asset} contract at ${token.address}: restart npm run chain:local`);
    }
    const held = await publicClient.readContract({
      ...token,
      functionName: 'balanceOf',
      args: [faucet.account.address],
    });
    if (held < value) {
      const minted = await faucet.writeContract({
        ...token,
        functionName: 'mint',
        args: [faucet.account.address, value - held],
        chain: null,
      });
      await publicClient.waitForTransactionReceipt({ hash: minted });
    }
    // A transfer from an ordinary address, as a deposit from an exchange or another wallet arrives.
    hash = await faucet.writeContract({ ...token, functionName: 'transfer', args: [to, value], chain: null });
  }
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`The transfer reverted (transaction ${hash})`);
  console.log(
    `Sent ${formatUnits(value, ASSET_DECIMALS[asset])} ${asset} to ${to} in block ${receipt.blockNumber} ` +
      `(transaction ${hash}). A deposit address is credited after ${CONFIRMATIONS} confirmations.`,
  );
}

async function readSaved(): Promise<LocalChain | null> {
  if (!existsSync(STATE_FILE)) return null;
  return JSON.parse(await readFile(STATE_FILE, 'utf8')) as LocalChain;
}

async function allHaveCode(publicClient: PublicClient, addresses: Address[]): Promise<boolean> {
  const codes = await Promise.all(addresses.map((address) => publicClient.getCode({ address })));
  return codes.every((code) => code !== undefined && code !== '0x');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let command: ChainLocalCommand;
  try {
    command = parseChainLocalArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    if (command.command === 'run') await run(command.port, command.blockTimeSeconds);
    else await send(command.to, command.asset, command.amount);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
