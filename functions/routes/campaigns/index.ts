import { Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import { attemptLimits } from '../../auth/throttle';
import {
  acceptSchema,
  addMemberSchema,
  browseCampaignsInput,
  campaignFiguresInput,
  candidatesQuery,
  coinSettingsSchema,
  createCampaignSchema,
  declineSchema,
  editCampaignSchema,
  rejectSchema,
  setStatusSchema,
} from '../../domain/campaigns/input';
import { badRequest, notFound } from '../../domain/errors';
import { ID } from '../../domain/ids';
import { checkoutInput } from '../../domain/payments/input';
import { TEXT } from '../../domain/texts';
import { clientAddress, reserveOr429 } from '../../http/limits';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  browseCampaigns,
  campaignCardFigures,
  createCampaign,
  declineInvitation,
  deleteCampaign,
  editCampaign,
  getCampaignView,
  launchCampaign,
  listMyCampaigns,
  listReviewQueue,
  pauseCampaign,
  rejectCampaign,
  removeMember,
  resumeCampaign,
  searchCandidates,
  setCampaignStatus,
  submitCampaign,
  updateCoinSettings,
} from '../../services/campaigns';
import { campaignFunding, liveCampaigns, startCampaignCheckout } from '../../services/payments';
import { extensionVoteRoutes } from './extension-vote';
import { campaignInsightRoutes } from './insights';

/**
 * /api/campaigns — thin: session, validation, one service verb. Every rule (who may, from which
 * status) is in functions/services/campaigns and functions/domain/campaigns/status.ts.
 */
export const campaignRoutes = new Hono<AppEnv>()
  // '/:id/*' matches /:id itself too.
  .get('/mine', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listMyCampaigns(c.get('deps'), viewer));
  })
  .get('/live', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ campaigns: await liveCampaigns(c.get('deps'), ANYONE) });
  })
  // The public list's cards (/campaigns) and their current figures, refreshed on focus (docs/campaigns.md).
  .get('/browse', validate('query', browseCampaignsInput), async (c) => {
    return c.json(await browseCampaigns(c.get('deps'), ANYONE, c.req.valid('query')));
  })
  .get('/figures', validate('query', campaignFiguresInput), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ figures: await campaignCardFigures(c.get('deps'), ANYONE, c.req.valid('query')) });
  })
  .get('/review-queue', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ campaigns: await listReviewQueue(c.get('deps'), viewer) });
  })
  .post('/', validate('json', createCampaignSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    const created = await createCampaign(deps, viewer, c.req.valid('json'));
    return c.json({ campaign: await getCampaignView(deps, viewer, created.id) }, 201);
  })
  .get(`/:id${ID.campaign}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ campaign: await getCampaignView(c.get('deps'), viewer, c.req.param('id')) });
  })
  .patch(`/:id${ID.campaign}`, validate('json', editCampaignSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    const { outcome } = await editCampaign(deps, viewer, c.req.param('id'), c.req.valid('json'));
    return c.json({ outcome, campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .delete(`/:id${ID.campaign}`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ deleted: await deleteCampaign(c.get('deps'), viewer, c.req.param('id')) });
  })
  .patch(`/:id${ID.campaign}/coins`, validate('json', coinSettingsSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await updateCoinSettings(deps, viewer, c.req.param('id'), c.req.valid('json'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/submit`, async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await submitCampaign(deps, viewer, c.req.param('id'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/approve`, async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await approveCampaign(deps, viewer, c.req.param('id'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/reject`, validate('json', rejectSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await rejectCampaign(deps, viewer, c.req.param('id'), c.req.valid('json').reason);
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/launch`, async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await launchCampaign(deps, viewer, c.req.param('id'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/pause`, async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await pauseCampaign(deps, viewer, c.req.param('id'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/resume`, async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await resumeCampaign(deps, viewer, c.req.param('id'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/status`, validate('json', setStatusSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    const { status, reason } = c.req.valid('json');
    await setCampaignStatus(deps, viewer, c.req.param('id'), status, reason);
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .get(`/:id${ID.campaign}/funding`, async (c) => {
    const deps = c.get('deps');
    const id = c.req.param('id');
    // Most campaigns asked for are public: the session is looked up only for one that is not.
    const funding =
      (await campaignFunding(deps, ANYONE, id)) ?? (await campaignFunding(deps, await currentViewer(c), id));
    if (!funding) throw notFound(TEXT.campaignNotFoundState);
    c.header('Cache-Control', 'no-store');
    return c.json({ funding });
  })
  .post(`/:id${ID.campaign}/checkout`, validate('json', checkoutInput), async (c) => {
    const viewer = await currentViewer(c);
    const body = c.req.valid('json');
    // A request the verb refuses anyway costs no attempt.
    if (!viewer && !body.guestEmail) throw badRequest(TEXT.guestEmailRequired);
    const { config } = c.get('deps');
    await reserveOr429(
      c,
      attemptLimits.checkout(
        c.req.param('id'),
        clientAddress(c),
        config.CHECKOUTS_PER_MINUTE_PER_ADDRESS,
        config.CHECKOUTS_PER_MINUTE_PER_CAMPAIGN,
      ),
      'Too many payments were started.',
    );
    const started = await startCampaignCheckout(c.get('deps'), viewer, c.req.param('id'), {
      amountCents: body.amountCents,
      guestEmail: body.guestEmail,
      attemptId: body.attemptId ?? crypto.randomUUID(),
      source: body.source,
    });
    return c.json(started);
  })
  .get(`/:id${ID.campaign}/candidates`, validate('query', candidatesQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    const users = await searchCandidates(c.get('deps'), viewer, c.req.param('id'), c.req.valid('query').q);
    return c.json({ users });
  })
  .post(`/:id${ID.campaign}/members`, validate('json', addMemberSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    const member = await addMember(deps, viewer, c.req.param('id'), c.req.valid('json'));
    return c.json({ member: { id: member.id }, campaign: await getCampaignView(deps, viewer, c.req.param('id')) }, 201);
  })
  .delete(`/:id${ID.campaign}/members/:memberId${ID.record}`, async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    await removeMember(deps, viewer, c.req.param('id'), c.req.param('memberId'));
    return c.json({ campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/invitation/accept`, validate('json', acceptSchema), async (c) => {
    const viewer = await currentViewer(c);
    const deps = c.get('deps');
    const { joined } = await acceptInvitation(deps, viewer, c.req.param('id'), c.req.valid('json'));
    return c.json({ joined, campaign: await getCampaignView(deps, viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.campaign}/invitation/decline`, validate('json', declineSchema), async (c) => {
    const viewer = await currentViewer(c);
    const { ownerId } = await declineInvitation(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json'));
    return c.json({ ownerId, redirectTo: `/messages/${ownerId}?newMessage=true` });
  })
  // The read-outs of a campaign (breakdown, agreements, analytics) and its milestone vote.
  .route('/', campaignInsightRoutes)
  .route('/', extensionVoteRoutes);
