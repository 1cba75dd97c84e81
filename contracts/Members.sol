// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The team a campaign's coin pays: the originator first, then the contributors, each with a weight (their
/// agreed share; only the ratios matter, so shares in tenths of a percent are passed as they are).
library Members {
    uint256 internal constant MAX_MEMBERS = 20;
    /// @dev Keeps every share × amount product far from overflow.
    uint256 internal constant MAX_SHARE = 1e9;

    error NoMembers();
    error TooManyMembers(uint256 count);
    error SharesLengthMismatch(uint256 members, uint256 shares);
    error ZeroMember(uint256 index);
    error DuplicateMember(address member);
    error BadShare(uint256 index);

    /// @return total the sum of the shares
    function check(address[] calldata members, uint256[] calldata shares) internal pure returns (uint256 total) {
        uint256 n = members.length;
        if (n == 0) revert NoMembers();
        if (n > MAX_MEMBERS) revert TooManyMembers(n);
        if (shares.length != n) revert SharesLengthMismatch(n, shares.length);
        for (uint256 i = 0; i < n; ++i) {
            if (members[i] == address(0)) revert ZeroMember(i);
            if (shares[i] == 0 || shares[i] > MAX_SHARE) revert BadShare(i);
            for (uint256 j = 0; j < i; ++j) {
                if (members[j] == members[i]) revert DuplicateMember(members[i]);
            }
            total += shares[i];
        }
    }
}
