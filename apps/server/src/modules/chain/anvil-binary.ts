import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = '@foundry-rs/anvil-linux-amd64';

/**
 * The path of anvil (Foundry's local Ethereum node) from its npm package, which the tests, `npm run chain:local`
 * and other scripts start. The package is an optional dependency that npm installs on Linux x64 only, so the
 * error says where anvil comes from rather than "not found".
 */
export function anvilBinary(): string {
  let bin: string;
  try {
    bin = path.join(path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`)), 'bin/anvil');
    accessSync(bin, constants.X_OK);
  } catch {
    throw new Error(
      `anvil is not installed: it comes from the npm package ${PACKAGE}, an optional dependency of apps/server ` +
        `that npm installs on Linux x64 only (this is ${process.platform} ${process.arch}). Run \`npm install\`.`,
    );
  }
  return bin;
}
