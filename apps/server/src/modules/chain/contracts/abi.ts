import { parseAbi } from 'viem';

// The contracts' interfaces written out, so viem types every call, argument and event from them; compiling gives
// the same ABIs only as `Abi` at run time. contracts.test.ts checks each against what solc produces.

export const testTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function owner() view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'error NotOwner()',
  'error InvalidReceiver(address to)',
  'error InsufficientBalance(address from, uint256 balance, uint256 needed)',
  'error InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
]);

export const multisendAbi = parseAbi([
  'function multisendToken(address token, address[] to, uint256[] amounts)',
  'function multisendNative(address[] to, uint256[] amounts) payable',
  'error LengthMismatch(uint256 recipients, uint256 amounts)',
  'error NotAContract(address token)',
  'error TransferFailed(uint256 index)',
  'error ValueMismatch(uint256 sent, uint256 total)',
]);

export const attendanceNftAbi = parseAbi([
  'constructor(string name_, string symbol_, string baseURI_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function owner() view returns (address)',
  'function supportsInterface(bytes4 interfaceId) pure returns (bool)',
  'function mintBatch(address[] to, uint256[] ids)',
  'function burnBatch(uint256[] ids)',
  'function setBaseURI(string baseURI_)',
  'function exists(uint256 tokenId) view returns (bool)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address holder) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function approve(address to, uint256 tokenId)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address holder, address operator) view returns (bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'error NotOwner()',
  'error LengthMismatch(uint256 recipients, uint256 ids)',
  'error TokenExists(uint256 tokenId)',
  'error NoSuchToken(uint256 tokenId)',
  'error InvalidReceiver(address to)',
  'error InvalidHolder(address holder)',
  'error NotAuthorized(address caller, uint256 tokenId)',
  'error WrongFrom(address from, uint256 tokenId)',
]);
