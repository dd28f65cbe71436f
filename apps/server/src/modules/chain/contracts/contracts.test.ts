import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Abi, type AbiParameter, type Address, parseEther, parseEventLogs, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from '../../../test/anvil.ts';
import { attendanceNftAbi, multisendAbi, testTokenAbi } from './abi.ts';
import { type CompiledContracts, compileContracts } from './compile.ts';
import { deployContract } from './deploy.ts';

const stranger = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** An ABI as a sorted list of comparable lines: kind, name, parameter types and names, mutability. */
function shape(abi: Abi): string[] {
  const params = (list: readonly AbiParameter[] | undefined) =>
    (list ?? []).map((p) => `${p.type}${'indexed' in p && p.indexed ? ' indexed' : ''}`).join(',');
  return abi
    .map((item) => {
      if (item.type === 'function') {
        return `function ${item.name}(${params(item.inputs)}) ${item.stateMutability} returns (${params(item.outputs)})`;
      }
      if (item.type === 'event' || item.type === 'error') return `${item.type} ${item.name}(${params(item.inputs)})`;
      if (item.type === 'constructor') return `constructor(${params(item.inputs)})`;
      return item.type;
    })
    .sort();
}

describe('the contracts on anvil', () => {
  let compiled: CompiledContracts;
  let anvil: Anvil;
  let owner: ReturnType<Anvil['walletClientFor']>;
  let other: ReturnType<Anvil['walletClientFor']>;
  let usdt: Address;
  let multisend: Address;
  let nft: Address;

  beforeAll(async () => {
    [compiled, anvil] = await Promise.all([compileContracts(), startAnvil()]);
    owner = anvil.walletClientFor(anvil.devKey(0));
    other = anvil.walletClientFor(anvil.devKey(1));
    const { publicClient } = anvil;
    usdt = await deployContract(owner, publicClient, 'TestToken', ['Tether USD (test)', 'USDT', 6]);
    multisend = await deployContract(owner, publicClient, 'Multisend', []);
    nft = await deployContract(owner, publicClient, 'AttendanceNFT', ['Attendance', 'ATT', 'https://x.test/nft/']);
  });
  afterAll(() => anvil?.stop());

  it('declares in abi.ts the interfaces solc compiles', () => {
    expect(shape(testTokenAbi)).toEqual(shape(compiled.TestToken.abi));
    expect(shape(multisendAbi)).toEqual(shape(compiled.Multisend.abi));
    expect(shape(attendanceNftAbi)).toEqual(shape(compiled.AttendanceNFT.abi));
  });

  it('reads the second compilation from the cache', async () => {
    const started = performance.now();
    expect(await compileContracts()).toEqual(compiled);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('deploys tokens with the decimals asked for', async () => {
    for (const decimals of [6, 8, 18]) {
      const token = await deployContract(owner, anvil.publicClient, 'TestToken', ['Token', 'TKN', decimals]);
      const read = (functionName: 'decimals' | 'symbol' | 'totalSupply') =>
        anvil.publicClient.readContract({ address: token, abi: testTokenAbi, functionName });
      expect([await read('decimals'), await read('symbol'), await read('totalSupply')]).toEqual([decimals, 'TKN', 0n]);
    }
  });

  it('mints and transfers a token with Transfer events', async () => {
    const { publicClient } = anvil;
    const holder = owner.account.address;
    const receiver = stranger();
    const minted = await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ address: usdt, abi: testTokenAbi, functionName: 'mint', args: [holder, 100n] }),
    });
    const sent = await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({
        address: usdt,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [receiver, 40n],
      }),
    });
    const transfers = parseEventLogs({
      abi: testTokenAbi,
      eventName: 'Transfer',
      logs: [...minted.logs, ...sent.logs],
    });
    expect(transfers.map((log) => log.args)).toEqual([
      { from: zeroAddress, to: holder, value: 100n },
      { from: holder, to: receiver, value: 40n },
    ]);
    expect(
      await publicClient.readContract({
        address: usdt,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [receiver],
      }),
    ).toBe(40n);
  });

  it('lets only the deployer mint a token', async () => {
    await expect(
      other.writeContract({ address: usdt, abi: testTokenAbi, functionName: 'mint', args: [stranger(), 1n] }),
    ).rejects.toThrow(/NotOwner/);
  });

  it('moves a token to two addresses in one transaction, with a Transfer log each', async () => {
    const { publicClient } = anvil;
    const [first, second] = [stranger(), stranger()];
    const mine = async (hash: Promise<`0x${string}`>) => publicClient.waitForTransactionReceipt({ hash: await hash });
    await mine(
      owner.writeContract({
        address: usdt,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [owner.account.address, 30n],
      }),
    );
    await mine(
      owner.writeContract({ address: usdt, abi: testTokenAbi, functionName: 'approve', args: [multisend, 30n] }),
    );
    const receipt = await mine(
      owner.writeContract({
        address: multisend,
        abi: multisendAbi,
        functionName: 'multisendToken',
        args: [usdt, [first, second], [10n, 20n]],
      }),
    );
    const transfers = parseEventLogs({ abi: testTokenAbi, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers.map((log) => [log.args.to, log.args.value])).toEqual([
      [first, 10n],
      [second, 20n],
    ]);
    expect(new Set(transfers.map((log) => log.transactionHash)).size).toBe(1);
  });

  it('pays native coin to several addresses in one transaction', async () => {
    const { publicClient } = anvil;
    const [first, second] = [stranger(), stranger()];
    const hash = await owner.writeContract({
      address: multisend,
      abi: multisendAbi,
      functionName: 'multisendNative',
      args: [
        [first, second],
        [parseEther('1'), parseEther('2')],
      ],
      value: parseEther('3'),
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await publicClient.getBalance({ address: first })).toBe(parseEther('1'));
    expect(await publicClient.getBalance({ address: second })).toBe(parseEther('2'));
    expect(await publicClient.getBalance({ address: multisend })).toBe(0n);
    await expect(
      owner.writeContract({
        address: multisend,
        abi: multisendAbi,
        functionName: 'multisendNative',
        args: [[first], [1n]],
        value: 2n,
      }),
    ).rejects.toThrow(/ValueMismatch/);
  });

  it('mints attendance badges in a batch and burns them wherever they are held', async () => {
    const { publicClient } = anvil;
    const read = { address: nft, abi: attendanceNftAbi } as const;
    const [alice, bob] = [stranger(), stranger()];
    const minted = await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({
        ...read,
        functionName: 'mintBatch',
        args: [
          [alice, bob],
          [7n, 1200n],
        ],
      }),
    });
    expect(parseEventLogs({ abi: attendanceNftAbi, logs: minted.logs }).map((log) => log.args)).toEqual([
      { from: zeroAddress, to: alice, tokenId: 7n },
      { from: zeroAddress, to: bob, tokenId: 1200n },
    ]);
    expect(await publicClient.readContract({ ...read, functionName: 'ownerOf', args: [1200n] })).toBe(bob);
    expect(await publicClient.readContract({ ...read, functionName: 'balanceOf', args: [alice] })).toBe(1n);
    expect(await publicClient.readContract({ ...read, functionName: 'tokenURI', args: [1200n] })).toBe(
      'https://x.test/nft/1200',
    );

    await expect(owner.writeContract({ ...read, functionName: 'mintBatch', args: [[bob], [7n]] })).rejects.toThrow(
      /TokenExists/,
    );
    await expect(other.writeContract({ ...read, functionName: 'mintBatch', args: [[bob], [8n]] })).rejects.toThrow(
      /NotOwner/,
    );

    const burnt = await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ ...read, functionName: 'burnBatch', args: [[7n]] }),
    });
    expect(parseEventLogs({ abi: attendanceNftAbi, logs: burnt.logs }).map((log) => log.args)).toEqual([
      { from: alice, to: zeroAddress, tokenId: 7n },
    ]);
    expect(await publicClient.readContract({ ...read, functionName: 'exists', args: [7n] })).toBe(false);
    expect(await publicClient.readContract({ ...read, functionName: 'balanceOf', args: [alice] })).toBe(0n);
    await expect(publicClient.readContract({ ...read, functionName: 'ownerOf', args: [7n] })).rejects.toThrow(
      /NoSuchToken/,
    );
  });

  it('moves a badge only for its holder or whom the holder approved', async () => {
    const { publicClient } = anvil;
    const read = { address: nft, abi: attendanceNftAbi } as const;
    const holder = other.account.address;
    const receiver = stranger();
    await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ ...read, functionName: 'mintBatch', args: [[holder], [42n]] }),
    });
    // The contract's owner mints and burns, but moves no one else's badge.
    await expect(
      owner.writeContract({ ...read, functionName: 'transferFrom', args: [holder, receiver, 42n] }),
    ).rejects.toThrow(/NotAuthorized/);
    await publicClient.waitForTransactionReceipt({
      hash: await other.writeContract({ ...read, functionName: 'approve', args: [owner.account.address, 42n] }),
    });
    await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ ...read, functionName: 'safeTransferFrom', args: [holder, receiver, 42n] }),
    });
    expect(await publicClient.readContract({ ...read, functionName: 'ownerOf', args: [42n] })).toBe(receiver);
    expect(await publicClient.readContract({ ...read, functionName: 'getApproved', args: [42n] })).toBe(zeroAddress);
    // A contract that does not take badges (the multisend) is refused by the safe transfer.
    await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ ...read, functionName: 'mintBatch', args: [[owner.account.address], [43n]] }),
    });
    await expect(
      owner.writeContract({
        ...read,
        functionName: 'safeTransferFrom',
        args: [owner.account.address, multisend, 43n],
      }),
    ).rejects.toThrow(/InvalidReceiver/);
  });

  it('answers ERC-165 for ERC-721 and its metadata only', async () => {
    const supports = (id: `0x${string}`) =>
      anvil.publicClient.readContract({
        address: nft,
        abi: attendanceNftAbi,
        functionName: 'supportsInterface',
        args: [id],
      });
    expect(
      await Promise.all(
        ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0x780e9d63', '0xffffffff'].map((id) =>
          supports(id as `0x${string}`),
        ),
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it('lets the owner change the metadata address', async () => {
    const read = { address: nft, abi: attendanceNftAbi } as const;
    await anvil.publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({ ...read, functionName: 'setBaseURI', args: ['https://y.test/m/'] }),
    });
    expect(await anvil.publicClient.readContract({ ...read, functionName: 'tokenURI', args: [1200n] })).toBe(
      'https://y.test/m/1200',
    );
    await expect(
      other.writeContract({ ...read, functionName: 'setBaseURI', args: ['https://evil.test/'] }),
    ).rejects.toThrow(/NotOwner/);
  });
});

/** Whether the process runs: a zombie (ended, its parent gone and not yet reaped) counts as ended. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('startAnvil', () => {
  it('reverts to a snapshot once, replaces the last blocks on reorg, and stop() ends the process', async () => {
    const anvil = await startAnvil({ chainId: 1337 });
    try {
      expect(await anvil.publicClient.getChainId()).toBe(1337);
      const snapshot = await anvil.snapshot();
      await anvil.mine(2);
      await anvil.revert(snapshot);
      expect(await anvil.publicClient.getBlockNumber()).toBe(0n);
      await expect(anvil.revert(snapshot)).rejects.toThrow(/No snapshot/);

      await anvil.mine(3);
      const before = await anvil.publicClient.getBlock({ blockNumber: 2n });
      await anvil.reorg(2);
      const after = await anvil.publicClient.getBlock({ blockNumber: 2n });
      expect(after.hash).not.toBe(before.hash);
      expect(await anvil.publicClient.getBlockNumber()).toBe(3n);
    } finally {
      await anvil.stop();
    }
    expect(running(anvil.pid)).toBe(false);
    await expect(fetch(anvil.url)).rejects.toThrow();
  });

  it('ends anvil when the process that started it is killed outright', async () => {
    const harness = new URL('../../../test/anvil.ts', import.meta.url).href;
    const script = `const { startAnvil } = await import(${JSON.stringify(harness)}); console.log((await startAnvil()).pid);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = await once(parent.stdout.setEncoding('utf8'), 'data');
    const pid = Number(line);
    expect(running(pid)).toBe(true);
    parent.kill('SIGKILL');
    for (let waited = 0; running(pid) && waited < 5_000; waited += 50) await sleep(50);
    expect(running(pid)).toBe(false);
  });
});
