import { Hono } from 'hono';
import type { AttemptLimit } from '../../db/attempts';
import {
  applicationSignUpInput,
  rejectApplicationInput,
  submitApplicationInput,
} from '../../domain/applications/input';
import { ID } from '../../domain/ids';
import { TEXT } from '../../domain/texts';
import { clientAddress, reserveOr429 } from '../../http/limits';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  approveApplication,
  listApplications,
  myApplication,
  rejectApplication,
  signUpFromApplication,
  submitApplication,
} from '../../services/applications';

const HOUR = 60 * 60 * 1000;

/** Applications per address an hour and per email a day (named settings: functions/env.ts). */
const submitLimits = (
  ip: string | null,
  email: string | null,
  perAddress: number,
  perEmail: number,
): AttemptLimit[] => [
  ...(ip ? [{ key: `application:${ip}`, max: perAddress, windowMs: HOUR }] : []),
  ...(email ? [{ key: `application-email:${email.trim().toLowerCase()}`, max: perEmail, windowMs: 24 * HOUR }] : []),
];

/**
 * /api/applications: anyone applies to become a creator (POST /), the signed-in applicant reads
 * their state (GET /mine), admins list and decide (GET /, POST /{id}/approve|reject), and an
 * approved applicant's mailed link makes their account (POST /sign-up). docs/applications.md.
 */
export const applicationRoutes = new Hono<AppEnv>()
  .post('/', validate('json', submitApplicationInput), async (c) => {
    const viewer = await currentViewer(c);
    const body = c.req.valid('json');
    const { config } = c.get('deps');
    await reserveOr429(
      c,
      submitLimits(
        clientAddress(c),
        viewer?.email ?? body.email ?? null,
        config.APPLICATIONS_PER_HOUR_PER_ADDRESS,
        config.APPLICATIONS_PER_DAY_PER_EMAIL,
      ),
      TEXT.applicationsTooMany,
    );
    return c.json(await submitApplication(c.get('deps'), viewer, body), 202);
  })
  .get('/mine', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ application: await myApplication(c.get('deps'), viewer) });
  })
  .get('/', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listApplications(c.get('deps'), viewer));
  })
  .post(`/:id${ID.application}/approve`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await approveApplication(c.get('deps'), viewer, c.req.param('id')));
  })
  .post(`/:id${ID.application}/reject`, validate('json', rejectApplicationInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await rejectApplication(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post('/sign-up', validate('json', applicationSignUpInput), async (c) => {
    await reserveOr429(
      c,
      submitLimits(clientAddress(c), null, c.get('deps').config.APPLICATIONS_PER_HOUR_PER_ADDRESS, 0),
      TEXT.applicationsTooMany,
    );
    const { cookies } = await signUpFromApplication(c.get('deps'), null, c.req.valid('json'));
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ ok: true as const, redirect: '/contributor' });
  });
