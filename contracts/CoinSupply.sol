// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

// The fixed supply of every creator coin and its split, in the coin's smallest unit (18 decimals).
uint256 constant ONE_COIN = 1e18;
uint256 constant TOTAL_SUPPLY = 200_000 * ONE_COIN;
uint256 constant FAN_SUPPLY = 100_000 * ONE_COIN;
uint256 constant TEAM_SUPPLY = 40_000 * ONE_COIN;
uint256 constant MARKETING_SUPPLY = 30_000 * ONE_COIN;
uint256 constant RESERVE_SUPPLY = 30_000 * ONE_COIN;
