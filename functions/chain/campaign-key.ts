import { type Hex, keccak256, stringToBytes } from 'viem';

/**
 * The bytes32 a campaign is known by on chain: keccak256 of its id's UTF-8 bytes (the factory computes the same
 * from the id it is given, and records the deployment under it). Ids are the app's lowercase UUIDs; another
 * spelling of the same UUID would be another key, so always pass the id exactly as stored.
 */
export const campaignKey = (campaignId: string): Hex => keccak256(stringToBytes(campaignId));
