import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { auditLog } from '../../functions/db/schema';
import { jsonInit, makeUser, type TestUser } from './factories';
import { call, env } from './worker-call';

/* Issue 46: the hosts Markdown images may load from, kept by admins (docs/content.md, "Images"). */

const uniq = () => crypto.randomUUID().slice(0, 8);
const preview = async (who: TestUser, markdown: string) => {
  const res = await call('/api/content/preview', jsonInit('POST', { slug: 'terms', markdown }, who.cookie));
  expect(res.status).toBe(200);
  return ((await res.json()) as { html: string }).html;
};
const hosts = (who: TestUser, path: string, host: string) =>
  call(`/api/content/image-hosts${path}`, jsonInit('POST', { host }, who.cookie));

describe('allowed image hosts', () => {
  it('an image from an allowed host renders; one from any other host stays its alt text; removing the host undoes it', async () => {
    const admin = await makeUser(['admin'], 'imgadmin');
    const editor = await makeUser(['editor'], 'imgeditor');
    const allowed = `img-${uniq()}.example.com`;
    const other = `other-${uniq()}.example.com`;
    const md = `# Terms\n\nLead.\n\n![Our poster](https://${allowed}/p.png)\n\n![Their poster](https://${other}/p.png)\n`;

    const before = await preview(editor, md);
    expect(before).not.toContain('<img');

    const added = await hosts(admin, '', allowed.toUpperCase());
    expect(added.status).toBe(200);
    expect(((await added.json()) as { hosts: string[] }).hosts).toContain(allowed);
    const after = await preview(editor, md);
    expect(after).toContain(`<img src="https://${allowed}/p.png" alt="Our poster"`);
    expect(after).not.toContain(other);
    expect(after).toContain('Their poster');
    // http from an allowed host stays inert too.
    expect(await preview(editor, `![x](http://${allowed}/p.png)`)).not.toContain('<img');

    const audit = await getDb(env).select().from(auditLog).where(eq(auditLog.resourceId, 'image-hosts'));
    expect(audit.map((a) => a.summary)).toContain(`Images allowed from ${allowed}`);

    expect((await hosts(admin, '', allowed)).status).toBe(409);
    expect((await hosts(admin, '/remove', allowed)).status).toBe(200);
    expect(await preview(editor, md)).not.toContain('<img');
    expect((await hosts(admin, '/remove', allowed)).status).toBe(409);
  });

  it('takes a host name only, and only from an admin', async () => {
    const admin = await makeUser(['admin'], 'imgbad');
    const editor = await makeUser(['editor'], 'imged2');
    for (const host of ['https://x.example.com', 'x.example.com/p', 'x.example.com:443', 'localhost', ''])
      expect((await hosts(admin, '', host)).status, host).toBe(400);
    expect((await hosts(editor, '', `e-${uniq()}.example.com`)).status).toBe(403);
    const list = await call('/api/content/image-hosts', { headers: { cookie: editor.cookie } });
    expect(list.status).toBe(403);
  });
});
