import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Abi, Hex } from 'viem';

/** The contracts of this folder, each in `<name>.sol`: test tokens, a batch sender and the attendance badges. */
const CONTRACT_NAMES = ['TestToken', 'Multisend', 'AttendanceNFT'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}
export type CompiledContracts = Record<ContractName, CompiledContract>;

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // solc 0.8.37 targets osaka unless told; anvil 1.7 runs a later fork by default, so osaka would do there, but
  // cancun also runs on a node started with an older --hardfork and on BSC, at no cost for contracts this simple.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/**
 * Compile the contracts with the `solc` npm package (standard JSON), or read the last result: the output is kept
 * in the temporary folder under a hash of the sources, the settings and solc's version, so only the first call
 * after a change pays for the compiler (seconds: it is an emscripten build of 9 MB).
 */
export async function compileContracts(): Promise<CompiledContracts> {
  const sources: Record<string, { content: string }> = {};
  for (const name of CONTRACT_NAMES) {
    sources[`${name}.sol`] = { content: await readFile(path.join(import.meta.dirname, `${name}.sol`), 'utf8') };
  }
  // The package's version names the compiler inside it, and reading it does not load the compiler.
  const solcVersion: string = createRequire(import.meta.url)('solc/package.json').version;
  const key = createHash('sha256').update(JSON.stringify({ solcVersion, SETTINGS, sources })).digest('hex');
  const cacheFile = path.join(tmpdir(), `polaris-solc-${key}.json`);
  const cached = await readCache(cacheFile);
  if (cached) return cached;

  const { default: solc } = await import('solc');
  const output: SolcOutput = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS })),
  );
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const compiled = {} as CompiledContracts;
  for (const name of CONTRACT_NAMES) {
    const contract = output.contracts?.[`${name}.sol`]?.[name];
    if (!contract) throw new Error(`solc returned no contract ${name} from ${name}.sol`);
    compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  // Written aside and renamed, so a process reading at the same moment never sees half a file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(compiled));
  await rename(partial, cacheFile);
  return compiled;
}

async function readCache(file: string): Promise<CompiledContracts | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CompiledContracts;
  } catch {
    // Missing, or unreadable for any reason: compiling again rewrites it.
    return null;
  }
}
