import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import {
  browseListingsInput,
  editListingInput,
  postListingInput,
  requestCollaborationInput,
  respondToRequestInput,
} from '../../domain/marketplace/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  acceptRequest,
  agreeToCollaboration,
  browseListings,
  closeListing,
  declineRequest,
  editListing,
  getCollaboration,
  getListing,
  myListings,
  postListing,
  reopenListing,
  requestCollaboration,
  withdrawCollaboration,
} from '../../services/marketplace';

/**
 * /api/marketplace: signed-in people browse and search the open listings (GET /), read one
 * (GET /{id}), post (POST /), and their own (GET /mine) they edit, close and reopen. Another person
 * asks a listing's author to collaborate (POST /{id}/requests); the two parties — only they, anyone
 * else 404 — read the request (GET /collaborations/{id}), the author accepts or declines it, each side
 * agrees, and either withdraws. docs/marketplace.md.
 */
export const marketplaceRoutes = new Hono<AppEnv>()
  .get('/', validate('query', browseListingsInput), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await browseListings(c.get('deps'), viewer, c.req.valid('query')));
  })
  .post('/', validate('json', postListingInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await postListing(c.get('deps'), viewer, c.req.valid('json')), 201);
  })
  .get('/mine', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await myListings(c.get('deps'), viewer));
  })
  .get(`/collaborations/:id${ID.record}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await getCollaboration(c.get('deps'), viewer, c.req.param('id')));
  })
  .post(`/collaborations/:id${ID.record}/accept`, validate('json', respondToRequestInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await acceptRequest(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post(`/collaborations/:id${ID.record}/decline`, validate('json', respondToRequestInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await declineRequest(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post(`/collaborations/:id${ID.record}/agree`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await agreeToCollaboration(c.get('deps'), viewer, c.req.param('id')));
  })
  .post(`/collaborations/:id${ID.record}/withdraw`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await withdrawCollaboration(c.get('deps'), viewer, c.req.param('id')));
  })
  .post(`/:id${ID.record}/requests`, validate('json', requestCollaborationInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await requestCollaboration(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')), 201);
  })
  .get(`/:id${ID.record}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await getListing(c.get('deps'), viewer, c.req.param('id')));
  })
  .patch(`/:id${ID.record}`, validate('json', editListingInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await editListing(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post(`/:id${ID.record}/close`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await closeListing(c.get('deps'), viewer, c.req.param('id')));
  })
  .post(`/:id${ID.record}/reopen`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await reopenListing(c.get('deps'), viewer, c.req.param('id')));
  });
