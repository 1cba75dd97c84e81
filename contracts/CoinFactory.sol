// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {CoinDrop} from "./CoinDrop.sol";
import {CreatorCoin} from "./CreatorCoin.sol";
import {MemberVesting} from "./MemberVesting.sol";
import {RESERVE_SUPPLY, TEAM_SUPPLY} from "./CoinSupply.sol";

/// @title Deploys a campaign's creator coin and its three holders, once per campaign.
/// @notice One factory per chain. `deploy` creates, in one transaction, the coin (CREATE2, salted by the campaign
/// key), the fans' sale and the two vesting contracts (minimal clones of implementations this factory created) and
/// records them under the campaign key = keccak256 of the campaign id's UTF-8 bytes. A campaign key is deployed at
/// most once, whatever the arguments. Only deployers the owner allowed may deploy, so nobody can claim a campaign's
/// key first; the owner has no power over anything already deployed.
contract CoinFactory is Ownable2Step {
    struct Deployment {
        address coin;
        address drop;
        address teamVesting;
        address reserveVesting;
    }

    struct CoinParams {
        /// The campaign's id as stored by the app (UTF-8).
        string campaignId;
        string name;
        /// 1 to 6 characters A-Z or 0-9.
        string symbol;
        /// The price of one coin in ten-thousandths of a dollar (at least 100, i.e. $0.01).
        uint256 price;
        /// The platform fee on each sale, 0 to 100.
        uint256 feePercent;
        /// The originator first, then the contributors.
        address[] members;
        /// Each member's agreed share (any unit: only the ratios matter).
        uint256[] shares;
    }

    uint64 public constant MONTH = 365 days / 12;
    uint64 public constant TEAM_CLIFF = 6 * MONTH;
    uint64 public constant TEAM_VESTING = 24 * MONTH;
    uint64 public constant RESERVE_CLIFF = 12 * MONTH;
    uint64 public constant RESERVE_VESTING = 36 * MONTH;
    uint256 public constant MIN_PRICE = 100;
    uint256 public constant MAX_PRICE = 1e12;
    /// @notice USDC has 6 decimals: one ten-thousandth of a dollar is 100 USDC units.
    uint256 public constant USDC_UNITS_PER_PRICE_UNIT = 100;

    IERC20 public immutable usdc;
    address public immutable dropImplementation;
    address public immutable vestingImplementation;
    /// @notice Receives the platform fee of sales and the marketing coins of future deployments.
    address public treasury;
    mapping(address => bool) public isDeployer;
    /// @notice The four contracts of a campaign key; all zero when it has none.
    mapping(bytes32 => Deployment) public deployed;

    event CoinDeployed(
        bytes32 indexed campaignKey,
        string campaignId,
        address coin,
        address drop,
        address teamVesting,
        address reserveVesting
    );
    event DeployerSet(address indexed account, bool allowed);
    event TreasurySet(address indexed treasury);

    error ZeroAddress();
    error NotDeployer(address account);
    error AlreadyDeployed(bytes32 campaignKey);
    error BadCampaignId();
    error BadName();
    error BadSymbol();
    error BadPrice(uint256 price);

    constructor(address owner_, address treasury_, IERC20 usdc_) Ownable(owner_) {
        if (treasury_ == address(0) || address(usdc_) == address(0)) revert ZeroAddress();
        usdc = usdc_;
        treasury = treasury_;
        dropImplementation = address(new CoinDrop());
        vestingImplementation = address(new MemberVesting());
        isDeployer[owner_] = true;
        emit TreasurySet(treasury_);
        emit DeployerSet(owner_, true);
    }

    function deploy(CoinParams calldata p) external returns (Deployment memory d) {
        if (!isDeployer[msg.sender]) revert NotDeployer(msg.sender);
        bytes32 key = campaignKey(p.campaignId);
        if (deployed[key].coin != address(0)) revert AlreadyDeployed(key);
        if (bytes(p.campaignId).length == 0 || bytes(p.campaignId).length > 64) revert BadCampaignId();
        if (bytes(p.name).length == 0 || bytes(p.name).length > 64) revert BadName();
        _checkSymbol(p.symbol);
        if (p.price < MIN_PRICE || p.price > MAX_PRICE) revert BadPrice(p.price);

        d.drop = Clones.cloneDeterministic(dropImplementation, key);
        d.teamVesting = Clones.cloneDeterministic(vestingImplementation, keccak256(abi.encode(key, "team")));
        d.reserveVesting = Clones.cloneDeterministic(vestingImplementation, keccak256(abi.encode(key, "reserve")));
        d.coin = address(
            new CreatorCoin{salt: key}(p.name, p.symbol, d.drop, d.teamVesting, d.reserveVesting, treasury)
        );
        deployed[key] = d;

        IERC20 coin = IERC20(d.coin);
        CoinDrop(d.drop).initialize(
            coin,
            usdc,
            p.price * USDC_UNITS_PER_PRICE_UNIT,
            treasury,
            p.feePercent,
            p.members,
            p.shares
        );
        MemberVesting(d.teamVesting).initialize(coin, TEAM_SUPPLY, TEAM_CLIFF, TEAM_VESTING, p.members, p.shares);
        MemberVesting(d.reserveVesting).initialize(
            coin,
            RESERVE_SUPPLY,
            RESERVE_CLIFF,
            RESERVE_VESTING,
            p.members,
            p.shares
        );
        emit CoinDeployed(key, p.campaignId, d.coin, d.drop, d.teamVesting, d.reserveVesting);
    }

    function setDeployer(address account, bool allowed) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        isDeployer[account] = allowed;
        emit DeployerSet(account, allowed);
    }

    function setTreasury(address treasury_) external onlyOwner {
        if (treasury_ == address(0)) revert ZeroAddress();
        treasury = treasury_;
        emit TreasurySet(treasury_);
    }

    /// @notice The key a campaign id is recorded under: keccak256 of its UTF-8 bytes.
    function campaignKey(string calldata campaignId) public pure returns (bytes32) {
        return keccak256(bytes(campaignId));
    }

    function _checkSymbol(string calldata symbol) private pure {
        bytes calldata b = bytes(symbol);
        if (b.length == 0 || b.length > 6) revert BadSymbol();
        for (uint256 i = 0; i < b.length; ++i) {
            bytes1 c = b[i];
            if (!((c >= "A" && c <= "Z") || (c >= "0" && c <= "9"))) revert BadSymbol();
        }
    }
}
