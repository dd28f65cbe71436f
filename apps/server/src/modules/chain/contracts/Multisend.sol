// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Several transfers in one transaction.
/// @notice A deposit can arrive as one of many Transfer logs, or one of many internal native transfers, of a
/// single transaction (exchanges pay out in batches like this); the deposit scanner's tests make such transactions
/// with this contract.
contract Multisend {
    error LengthMismatch(uint256 recipients, uint256 amounts);
    error NotAContract(address token);
    error TransferFailed(uint256 index);
    error ValueMismatch(uint256 sent, uint256 total);

    /// @notice Moves amounts[i] of `token` from the caller to to[i]; the caller approves this contract first.
    function multisendToken(address token, address[] calldata to, uint256[] calldata amounts) external {
        if (to.length != amounts.length) revert LengthMismatch(to.length, amounts.length);
        // A call to an address without code succeeds and returns nothing, which would pass for a token that
        // returns no value (mainnet USDT does not).
        if (token.code.length == 0) revert NotAContract(token);
        for (uint256 i = 0; i < to.length; ++i) {
            (bool ok, bytes memory data) = token.call(
                abi.encodeWithSelector(0x23b872dd, msg.sender, to[i], amounts[i]) // transferFrom(address,address,uint256)
            );
            if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TransferFailed(i);
        }
    }

    /// @notice Sends amounts[i] of the native coin to to[i]; msg.value must be their sum.
    function multisendNative(address[] calldata to, uint256[] calldata amounts) external payable {
        if (to.length != amounts.length) revert LengthMismatch(to.length, amounts.length);
        uint256 total = 0;
        for (uint256 i = 0; i < to.length; ++i) {
            total += amounts[i];
            (bool ok, ) = to[i].call{value: amounts[i]}("");
            if (!ok) revert TransferFailed(i);
        }
        // Checked after the sends: a revert undoes them, and the contract keeps no coin of its own.
        if (total != msg.value) revert ValueMismatch(msg.value, total);
    }
}
