// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {FAN_SUPPLY, MARKETING_SUPPLY, RESERVE_SUPPLY, TEAM_SUPPLY} from "./CoinSupply.sol";

/// @title A campaign's creator coin.
/// @notice Plain ERC-20 with EIP-2612 permit. The whole supply of 200,000 coins is minted here, once, to the four
/// holders of the split; the contract has no owner and no function that mints, burns, pauses, blocks or taxes.
contract CreatorCoin is ERC20Permit {
    constructor(
        string memory name_,
        string memory symbol_,
        address drop,
        address teamVesting,
        address reserveVesting,
        address marketing
    ) ERC20(name_, symbol_) ERC20Permit(name_) {
        _mint(drop, FAN_SUPPLY);
        _mint(teamVesting, TEAM_SUPPLY);
        _mint(reserveVesting, RESERVE_SUPPLY);
        _mint(marketing, MARKETING_SUPPLY);
    }
}
