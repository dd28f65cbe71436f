// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title Attendance badges (ERC-721 with metadata).
/// @notice The platform (the deployer, `owner`) mints and burns in batches. It custodies most badges in its own
/// addresses, but may burn any badge wherever it is held, so a badge revoked on the platform is gone on chain too.
/// A burnt id may be minted again.
contract AttendanceNFT {
    string public name;
    string public symbol;
    address public immutable owner;
    string private baseURI;

    mapping(uint256 => address) private holders;
    mapping(address => uint256) private balances;
    mapping(uint256 => address) private tokenApprovals;
    mapping(address => mapping(address => bool)) private operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotOwner();
    error LengthMismatch(uint256 recipients, uint256 ids);
    error TokenExists(uint256 tokenId);
    error NoSuchToken(uint256 tokenId);
    error InvalidReceiver(address to);
    error InvalidHolder(address holder);
    error NotAuthorized(address caller, uint256 tokenId);
    error WrongFrom(address from, uint256 tokenId);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    constructor(string memory name_, string memory symbol_, string memory baseURI_) {
        name = name_;
        symbol = symbol_;
        baseURI = baseURI_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 Metadata
    }

    function mintBatch(address[] calldata to, uint256[] calldata ids) external onlyOwner {
        if (to.length != ids.length) revert LengthMismatch(to.length, ids.length);
        for (uint256 i = 0; i < ids.length; ++i) {
            address receiver = to[i];
            uint256 id = ids[i];
            if (receiver == address(0)) revert InvalidReceiver(receiver);
            if (holders[id] != address(0)) revert TokenExists(id);
            holders[id] = receiver;
            unchecked {
                balances[receiver] += 1;
            }
            emit Transfer(address(0), receiver, id);
        }
    }

    function burnBatch(uint256[] calldata ids) external onlyOwner {
        for (uint256 i = 0; i < ids.length; ++i) {
            uint256 id = ids[i];
            address holder = ownerOf(id);
            delete tokenApprovals[id];
            delete holders[id];
            unchecked {
                balances[holder] -= 1;
            }
            emit Transfer(holder, address(0), id);
        }
    }

    function setBaseURI(string calldata baseURI_) external onlyOwner {
        baseURI = baseURI_;
    }

    function exists(uint256 tokenId) external view returns (bool) {
        return holders[tokenId] != address(0);
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = holders[tokenId];
        if (holder == address(0)) revert NoSuchToken(tokenId);
        return holder;
    }

    function balanceOf(address holder) external view returns (uint256) {
        if (holder == address(0)) revert InvalidHolder(holder);
        return balances[holder];
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string.concat(baseURI, _decimal(tokenId));
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        if (msg.sender != holder && !operatorApprovals[holder][msg.sender]) revert NotAuthorized(msg.sender, tokenId);
        tokenApprovals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return operatorApprovals[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        if (holder != from) revert WrongFrom(from, tokenId);
        if (to == address(0)) revert InvalidReceiver(to);
        if (
            msg.sender != holder && tokenApprovals[tokenId] != msg.sender && !operatorApprovals[holder][msg.sender]
        ) revert NotAuthorized(msg.sender, tokenId);
        delete tokenApprovals[tokenId];
        holders[tokenId] = to;
        unchecked {
            balances[from] -= 1;
            balances[to] += 1;
        }
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length == 0) return;
        try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 answer) {
            if (answer != IERC721Receiver.onERC721Received.selector) revert InvalidReceiver(to);
        } catch {
            revert InvalidReceiver(to);
        }
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits = 0;
        for (uint256 rest = value; rest != 0; rest /= 10) ++digits;
        bytes memory text = new bytes(digits);
        for (; value != 0; value /= 10) text[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(text);
    }
}
