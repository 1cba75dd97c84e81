import { describe, expect, it } from 'vitest';
import { messageTarget, notificationTarget, type TargetInput } from '../../functions/domain/notifications/targets';
import { NOTIFICATION_TYPES } from '../../functions/domain/notifications/types';

const base: TargetInput = { type: 'other', campaignId: null, actorId: null, videoId: null, movieId: null };
const admin = { isAdmin: true };
const member = { isAdmin: false };
const to = (n: Partial<TargetInput>, viewer = member) => notificationTarget({ ...base, ...n }, viewer);

describe('the popover target mapping', () => {
  it('opens a team invitation on the campaign progress screen with the invitation flag', () => {
    expect(to({ type: 'team_invitation', campaignId: 'c1' })).toBe('/contributor/campaign-progress/c1?invitation=true');
    expect(to({ type: 'team_invitation', campaignId: 'c1' }, admin)).toBe(
      '/contributor/campaign-progress/c1?invitation=true',
    );
  });

  it('opens a decline in the thread with its sender, compose open, marked as from a notification', () => {
    expect(to({ type: 'decline_message', actorId: 'u9' })).toBe('/messages/u9?newMessage=true&from=notification');
    expect(to({ type: 'decline_message' })).toBe('/messages');
  });

  it('sends admins to their dashboard tabs and owners to their own screens', () => {
    expect(to({ type: 'application' }, admin)).toBe('/admin?tab=applications');
    expect(to({ type: 'application' })).toBe('/contributor?tab=campaigns');
    expect(to({ type: 'video', videoId: 'v1' }, admin)).toBe('/admin?tab=videos');
    expect(to({ type: 'video', videoId: 'v1' })).toBe('/contributor/edit/v1');
    expect(to({ type: 'creator_coin', campaignId: 'c1' }, admin)).toBe('/admin?tab=creator-coins');
  });

  it('opens creator coins on the film of the campaign, or the campaigns tab when no film resolves', () => {
    expect(to({ type: 'creator_coin', campaignId: 'c1', movieId: 'm1' })).toBe('/movie/m1/coins');
    expect(to({ type: 'creator_coin', campaignId: 'c1' })).toBe('/contributor?tab=campaigns');
  });

  it("opens a decision on the reader's own creator application (topic application) on /apply", () => {
    expect(to({ type: 'application', topic: 'application' })).toBe('/apply');
    expect(to({ type: 'application', topic: 'application' }, admin)).toBe('/apply');
  });

  it("opens a notice about the reader's own payout on their payouts page, whatever its type", () => {
    for (const type of ['success', 'other'] as const) {
      expect(to({ type, topic: 'payout', campaignId: 'c1' })).toBe('/contributor/payouts');
      expect(to({ type, topic: 'payout', campaignId: 'c1' }, admin)).toBe('/contributor/payouts');
    }
  });

  it("opens a coin's ask for the reader's wallet on /account's wallet section, for a member and an admin alike", () => {
    expect(to({ type: 'creator_coin', topic: 'wallet', campaignId: 'c1', movieId: 'm1' })).toBe('/account#wallets');
    expect(to({ type: 'creator_coin', topic: 'wallet', campaignId: 'c1' }, admin)).toBe('/account#wallets');
  });

  it('opens a marketplace request or collaboration notice on /marketplace\'s "Mine", for anyone', () => {
    expect(to({ type: 'info', topic: 'collaboration', actorId: 'u1' })).toBe('/marketplace#mine');
    expect(to({ type: 'info', topic: 'collaboration', actorId: 'u1' }, admin)).toBe('/marketplace#mine');
  });

  it("opens the reader's own item hidden after reports where they see it: the film's edit page, Mine, the account", () => {
    for (const viewer of [member, admin]) {
      expect(to({ type: 'info', topic: 'hidden-film', videoId: 'v 1' }, viewer)).toBe('/contributor/edit/v%201');
      expect(to({ type: 'info', topic: 'hidden-film' }, viewer)).toBe('/notifications');
      expect(to({ type: 'info', topic: 'hidden-listing' }, viewer)).toBe('/marketplace#mine');
      expect(to({ type: 'info', topic: 'hidden-profile' }, viewer)).toBe('/account');
      expect(to({ type: 'info', topic: 'hidden-project' }, viewer)).toBe('/projects#mine');
    }
  });

  it("opens a member's own coin notices (unlocking, withdrawn, released) on /creator-token-management, for a member and an admin alike", () => {
    for (const topic of ['coin-releasable', 'coin-withdrawn', 'coin-released']) {
      expect(to({ type: 'creator_coin', topic, campaignId: 'c1', movieId: 'm1' })).toBe('/creator-token-management');
      expect(to({ type: 'creator_coin', topic, campaignId: 'c1' }, admin)).toBe('/creator-token-management');
    }
  });

  it('opens news of a campaign the reader backed or follows (topic backing, type info: also its cancellation or completion by vote) on /backing, for anyone', () => {
    expect(to({ type: 'info', topic: 'backing', campaignId: 'c1', movieId: 'm1' })).toBe('/backing');
    expect(to({ type: 'info', topic: 'backing', campaignId: 'c1' }, admin)).toBe('/backing');
  });

  it("opens a followed campaign's 48-hours notice (topic campaign-ending) on its film page, else /backing", () => {
    for (const viewer of [member, admin]) {
      expect(to({ type: 'info', topic: 'campaign-ending', campaignId: 'c1', movieId: 'm 1' }, viewer)).toBe(
        '/movie/m%201',
      );
      expect(to({ type: 'info', topic: 'campaign-ending', campaignId: 'c1' }, viewer)).toBe('/backing');
    }
  });

  it("opens a team's tally of new backers on the film's donate page, for a member and an admin alike", () => {
    expect(to({ type: 'success', topic: 'backers', campaignId: 'c1', movieId: 'm 1' })).toBe('/movie/m%201/donate');
    expect(to({ type: 'success', topic: 'backers', campaignId: 'c1', movieId: 'm1' }, { isAdmin: true })).toBe(
      '/movie/m1/donate',
    );
    // The film gone: the campaigns tab, as any campaign event.
    expect(to({ type: 'success', topic: 'backers', campaignId: 'c1', movieId: null })).toBe(
      '/contributor?tab=campaigns',
    );
  });

  it("opens a disputed payment's notice (topic dispute) on the campaign's analytics page, for a member and an admin alike", () => {
    expect(to({ type: 'info', topic: 'dispute', campaignId: 'c 1' })).toBe('/contributor/campaign-analytics/c%201');
    expect(to({ type: 'info', topic: 'dispute', campaignId: 'c1' }, admin)).toBe('/contributor/campaign-analytics/c1');
    expect(to({ type: 'info', topic: 'dispute' })).toBe('/notifications');
  });

  it('opens campaign events on the campaigns tab and everything else on /notifications', () => {
    expect(to({ type: 'success', campaignId: 'c1' })).toBe('/contributor?tab=campaigns');
    expect(to({ type: 'info', campaignId: 'c1' })).toBe('/contributor?tab=campaigns');
    expect(to({ type: 'info' })).toBe('/notifications');
    expect(to({ type: 'other', campaignId: 'c1' })).toBe('/contributor/campaign-progress/c1');
    expect(to({ type: 'other' })).toBe('/notifications');
    expect(to({ type: 'video' })).toBe('/notifications');
  });

  it('gives every type a same-site path, with ids encoded', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const viewer of [admin, member]) {
        const target = to({ type, campaignId: 'a/b', actorId: 'x?y', videoId: '../v', movieId: 'm#1' }, viewer);
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
      }
    }
    expect(to({ type: 'video', videoId: '../v' })).toBe('/contributor/edit/..%2Fv');
  });

  it('opens a message in the thread with its sender, compose open to reply', () => {
    expect(messageTarget('s1')).toBe('/messages/s1?newMessage=true');
    expect(messageTarget(null)).toBe('/messages');
  });
});
