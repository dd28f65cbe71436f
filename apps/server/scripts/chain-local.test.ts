import { describe, expect, it } from 'vitest';
import { chainLocalEnv, nftBaseUri, parseChainLocalArgs } from './chain-local.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('npm run chain:local', () => {
  it('runs on port 8545 with a block every 2 s unless told otherwise', () => {
    expect(parseChainLocalArgs([])).toEqual({ command: 'run', port: 8545, blockTimeSeconds: 2 });
    expect(parseChainLocalArgs(['--port', '9545', '--block-time', '5'])).toEqual({
      command: 'run',
      port: 9545,
      blockTimeSeconds: 5,
    });
  });

  it('refuses a port or block time that is not a whole number in range', () => {
    expect(() => parseChainLocalArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseChainLocalArgs(['--block-time', '0'])).toThrow(/--block-time/);
    expect(() => parseChainLocalArgs(['--block-time', '1.5'])).toThrow(/--block-time/);
  });

  it('reads a send with its asset in any case', () => {
    expect(parseChainLocalArgs(['send', '--to', ADDRESS, '--asset', 'usdt', '--amount', '25.5'])).toEqual({
      command: 'send',
      to: ADDRESS,
      asset: 'USDT',
      amount: '25.5',
    });
  });

  it('refuses a send without a valid address, a known asset or a positive amount within its decimals', () => {
    const send = (to: string, asset: string, amount: string) =>
      parseChainLocalArgs(['send', '--to', to, '--asset', asset, '--amount', amount]);
    expect(() => send('0x1234', 'USDT', '1')).toThrow(/--to/);
    expect(() => send(ADDRESS, 'BTC', '1')).toThrow(/--asset/);
    expect(() => send(ADDRESS, 'USDT', '0')).toThrow(/--amount/);
    expect(() => send(ADDRESS, 'USDT', '-1')).toThrow();
    expect(() => send(ADDRESS, 'USDT', '1.1234567')).toThrow(/at most 6 decimals/);
    expect(send(ADDRESS, 'XDR', '1.12345678')).toMatchObject({ amount: '1.12345678' });
    expect(() => parseChainLocalArgs(['send', '--to', ADDRESS, '--asset', 'ETH'])).toThrow(/--amount/);
  });

  it('refuses flags of the other command and unknown commands', () => {
    expect(() => parseChainLocalArgs(['--to', ADDRESS])).toThrow(/only go with send/);
    expect(() => parseChainLocalArgs(['send', '--port', '1', '--to', ADDRESS])).toThrow(/no --port/);
    expect(() => parseChainLocalArgs(['deploy'])).toThrow(/Unknown command deploy/);
    expect(() => parseChainLocalArgs(['--verbose'])).toThrow();
  });

  it('points the badges’ metadata at the public address without a doubled slash', () => {
    expect(nftBaseUri(undefined)).toBe('http://localhost:8080/rest/polarisex/nft/metadata/');
    expect(nftBaseUri('https://polaris.example/')).toBe('https://polaris.example/rest/polarisex/nft/metadata/');
  });

  it('prints the server environment as export lines', () => {
    const env = chainLocalEnv({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      contracts: { USDT: '0x01', XDR: '0x02', NFT: '0x03' } as never,
      hotWalletKey: '0xabc',
    });
    expect(env).toEqual([
      'export CHAIN_RPC_ETH=http://127.0.0.1:8545',
      'export CHAIN_NETWORK_ID_ETH=31337',
      'export CHAIN_CONFIRMATIONS_ETH=3',
      'export CHAIN_CONTRACT_USDT_ETH=0x01',
      'export CHAIN_DECIMALS_USDT_ETH=6',
      'export CHAIN_CONTRACT_XDR_ETH=0x02',
      'export CHAIN_DECIMALS_XDR_ETH=8',
      'export CHAIN_HOT_WALLET_KEY=0xabc',
      'export CHAIN_NFT=ETH',
      'export CHAIN_NFT_CONTRACT=0x03',
    ]);
  });
});
