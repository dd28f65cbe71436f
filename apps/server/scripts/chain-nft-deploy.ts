// Deploy the attendance NFT contract (modules/chain/contracts/AttendanceNFT.sol) on CHAIN_NFT's chain, owned by the
// hot wallet, with its tokenURI at this server's metadata route; prints the CHAIN_NFT_CONTRACT to start with
// (docs/activities.md, "Check-in and NFTs").
//   npm run chain:nft-deploy [-- --chain ETH]
// The deployment is signed by the server's chain module from the hot wallet (CHAIN_HOT_WALLET_KEY) with the next
// nonce from the database, like every transaction of the hot wallet, and its chain sender broadcasts it; it needs
// CHAIN_RPC_<CHAIN> for that chain and no CHAIN_NFT_CONTRACT yet.
import { loadConfig } from '../src/config.ts';
import { Links } from '../src/platform/links.ts';
import { operatorCall } from './operator.ts';

const at = process.argv.indexOf('--chain');
const chain = (at < 0 ? process.env.CHAIN_NFT : process.argv[at + 1])?.trim().toUpperCase();
if (!chain) {
  console.error('Usage: npm run chain:nft-deploy -- --chain ETH   (or set CHAIN_NFT)');
  process.exit(2);
}
// There is no contract yet: the configuration would refuse CHAIN_NFT without one.
delete process.env.CHAIN_NFT;
delete process.env.CHAIN_NFT_CONTRACT;
const baseUri = new Links(loadConfig().publicUrl).nftTokenMetadataBase();
const result = await operatorCall<{ contract: string; hash: string; from: string }>('POST', '/admin/chain/nft-deploy', {
  chain,
  baseUri,
});
if (result.status !== 200) {
  console.error(result.msg);
  process.exit(1);
}
const { contract, hash, from } = result.attachment;
console.log(
  [
    `Signed the AttendanceNFT deployment on ${chain} from the hot wallet ${from} (transaction ${hash}).`,
    `The server's chain sender broadcasts it (started later, it sends it then); its gas is posted to platform_gas.`,
    `tokenURI(id) = ${baseUri}<id>`,
    '',
    'Start the server with:',
    `CHAIN_NFT=${chain}`,
    `CHAIN_NFT_CONTRACT=${contract}`,
  ].join('\n'),
);
