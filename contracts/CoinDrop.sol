// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ONE_COIN} from "./CoinSupply.sol";
import {Members} from "./Members.sol";

/// @title The fans' sale of a campaign's coin.
/// @notice Holds the fans' 100,000 coins and sells whole coins at a fixed price in USDC. Each purchase's cost is
/// split at once: the platform fee to the treasury, the rest by the members' shares (each rounded down to the USDC
/// unit, the remainder to the originator). Every recipient withdraws what it is owed; nobody can take the unsold
/// coins or anyone else's proceeds. Deployed as a clone: `initialize` runs once, in the factory's transaction.
contract CoinDrop is Initializable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    IERC20 public coin;
    IERC20 public usdc;
    /// @notice USDC units (6 decimals) per whole coin.
    uint256 public pricePerCoin;
    address public treasury;
    uint256 public feePercent;
    uint256 public coinsSold;
    uint256 public totalProceeds;
    /// @notice Proceeds credited to an address and not yet withdrawn, in USDC units.
    mapping(address => uint256) public withdrawable;

    address[] private _members;
    uint256[] private _shares;
    uint256 private _shareTotal;

    event Purchased(address indexed buyer, uint256 coins, uint256 cost);
    event Withdrawn(address indexed payee, uint256 amount);

    error ZeroAddress();
    error BadPrice();
    error BadFee(uint256 feePercent);
    error ZeroCoins();
    error NotEnoughCoinsLeft(uint256 requested, uint256 left);
    error NothingToWithdraw(address payee);

    constructor() {
        _disableInitializers();
    }

    function initialize(
        IERC20 coin_,
        IERC20 usdc_,
        uint256 pricePerCoin_,
        address treasury_,
        uint256 feePercent_,
        address[] calldata members_,
        uint256[] calldata shares_
    ) external initializer {
        if (address(coin_) == address(0) || address(usdc_) == address(0) || treasury_ == address(0)) {
            revert ZeroAddress();
        }
        if (pricePerCoin_ == 0) revert BadPrice();
        if (feePercent_ > 100) revert BadFee(feePercent_);
        _shareTotal = Members.check(members_, shares_);
        coin = coin_;
        usdc = usdc_;
        pricePerCoin = pricePerCoin_;
        treasury = treasury_;
        feePercent = feePercent_;
        _members = members_;
        _shares = shares_;
    }

    /// @notice Buys `coins` whole coins with USDC the buyer approved beforehand.
    function buy(uint256 coins) external nonReentrant {
        _buy(coins);
    }

    /// @notice Buys `coins` whole coins, approving exactly their cost with an EIP-2612 permit signed by the buyer.
    /// @dev A permit already used (e.g. copied from the mempool by someone else) is ignored: the purchase then
    /// relies on the allowance it granted.
    function buyWithPermit(uint256 coins, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external nonReentrant {
        try IERC20Permit(address(usdc)).permit(msg.sender, address(this), costOf(coins), deadline, v, r, s) {} catch {}
        _buy(coins);
    }

    /// @notice Sends `payee` everything credited to it. Anyone may call it; the USDC only ever go to `payee`.
    function withdraw(address payee) external nonReentrant returns (uint256 amount) {
        amount = withdrawable[payee];
        if (amount == 0) revert NothingToWithdraw(payee);
        withdrawable[payee] = 0;
        usdc.safeTransfer(payee, amount);
        emit Withdrawn(payee, amount);
    }

    /// @notice The cost in USDC units of `coins` whole coins.
    function costOf(uint256 coins) public view returns (uint256) {
        return coins * pricePerCoin;
    }

    /// @notice Whole coins still for sale.
    function coinsLeft() public view returns (uint256) {
        return coin.balanceOf(address(this)) / ONE_COIN;
    }

    /// @notice The members (originator first) and their shares, as pinned at deployment.
    function members() external view returns (address[] memory, uint256[] memory) {
        return (_members, _shares);
    }

    function _buy(uint256 coins) private {
        if (coins == 0) revert ZeroCoins();
        uint256 left = coinsLeft();
        if (coins > left) revert NotEnoughCoinsLeft(coins, left);
        uint256 cost = costOf(coins);
        _credit(cost);
        coinsSold += coins;
        totalProceeds += cost;
        usdc.safeTransferFrom(msg.sender, address(this), cost);
        coin.safeTransfer(msg.sender, coins * ONE_COIN);
        emit Purchased(msg.sender, coins, cost);
    }

    /// @dev fee = cost × fee% (rounded down); each contributor rest × share / total shares (rounded down); the
    /// originator the rest, so the credits add up to `cost` exactly.
    function _credit(uint256 cost) private {
        uint256 fee = (cost * feePercent) / 100;
        withdrawable[treasury] += fee;
        uint256 rest = cost - fee;
        uint256 given = 0;
        uint256 n = _members.length;
        for (uint256 i = 1; i < n; ++i) {
            uint256 part = (rest * _shares[i]) / _shareTotal;
            withdrawable[_members[i]] += part;
            given += part;
        }
        withdrawable[_members[0]] += rest - given;
    }
}
