// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {ONE_COIN} from "./CoinSupply.sol";
import {Members} from "./Members.sol";

/// @title Locked coins of a campaign's team, vesting per member.
/// @notice One contract holds the coins of every member: each gets the total × their share / total shares in whole
/// coins (rounded down; the remainder to the originator). Nothing vests before the cliff ends; from then on a
/// member's coins vest linearly over `duration`. Each member's vested coins can only ever be sent to that member.
/// The factory deploys two clones: the team's 40,000 (6-month cliff, then 24 months) and the reserve's 30,000
/// (12-month cliff, then 36 months). `initialize` runs once, in the factory's transaction.
contract MemberVesting is Initializable {
    using SafeERC20 for IERC20;

    IERC20 public coin;
    /// @notice When vesting starts: the deployment's block time.
    uint64 public start;
    /// @notice When the cliff ends and linear vesting begins.
    uint64 public cliffEnd;
    /// @notice How long the linear vesting after the cliff lasts, in seconds.
    uint64 public duration;
    mapping(address => uint256) public allocation;
    mapping(address => uint256) public released;
    address[] private _members;

    event Released(address indexed member, uint256 amount);

    error ZeroAddress();
    error BadSchedule();
    error Underfunded(uint256 balance, uint256 total);
    error NothingToRelease(address member);

    constructor() {
        _disableInitializers();
    }

    function initialize(
        IERC20 coin_,
        uint256 total,
        uint64 cliff,
        uint64 duration_,
        address[] calldata members_,
        uint256[] calldata shares_
    ) external initializer {
        if (address(coin_) == address(0)) revert ZeroAddress();
        if (duration_ == 0) revert BadSchedule();
        uint256 balance = coin_.balanceOf(address(this));
        if (balance < total) revert Underfunded(balance, total);
        coin = coin_;
        start = uint64(block.timestamp);
        cliffEnd = start + cliff;
        duration = duration_;
        _members = members_;
        _allocate(total, members_, shares_);
    }

    /// @notice Coins of `member` vested at `timestamp` (released or not).
    function vestedAmount(address member, uint64 timestamp) public view returns (uint256) {
        if (timestamp < cliffEnd) return 0;
        uint256 elapsed = timestamp - cliffEnd;
        if (elapsed >= duration) return allocation[member];
        return (allocation[member] * elapsed) / duration;
    }

    /// @notice Coins `member` can release now.
    function releasable(address member) public view returns (uint256) {
        return vestedAmount(member, uint64(block.timestamp)) - released[member];
    }

    /// @notice Sends `member` their vested, unreleased coins. Anyone may call it; the coins only go to `member`.
    function release(address member) external returns (uint256 amount) {
        amount = releasable(member);
        if (amount == 0) revert NothingToRelease(member);
        released[member] += amount;
        coin.safeTransfer(member, amount);
        emit Released(member, amount);
    }

    /// @dev Each contributor total × share / total shares in whole coins, rounded down; the originator the rest.
    function _allocate(uint256 total, address[] calldata members_, uint256[] calldata shares_) private {
        uint256 shareTotal = Members.check(members_, shares_);
        uint256 wholeCoins = total / ONE_COIN;
        uint256 given = 0;
        for (uint256 i = 1; i < members_.length; ++i) {
            uint256 amount = ((wholeCoins * shares_[i]) / shareTotal) * ONE_COIN;
            allocation[members_[i]] = amount;
            given += amount;
        }
        allocation[members_[0]] = total - given;
    }

    /// @notice The members, originator first.
    function members() external view returns (address[] memory) {
        return _members;
    }
}
