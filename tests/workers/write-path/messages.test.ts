import { describe } from 'vitest';
import { markMessageRead, markThreadRead, postMessage } from '../../../functions/services/messages';
import { asViewer, makeUser, type TestUser } from '../factories';
import { sendApi } from '../realtime/helpers';
import { scenario } from './harness';

/*
 * Messages between people: personal bookkeeping, neither audited nor owing anything. A creator
 * writes to a viewer; a stranger is refused with the 404 of a wrong id (or the 403 of who may write).
 */

const me = (u: TestUser) => asViewer(u, ['viewer']);

/** A creator's message to a viewer, sent through the API. */
async function received() {
  const creator = await makeUser(['contributor'], 'wpm_creator');
  const reader = await makeUser([], 'wpm_reader');
  const stranger = await makeUser([], 'wpm_stranger');
  const res = await sendApi(creator.cookie, reader.id, 'Hello there');
  if (res.status !== 201) throw new Error(`message not sent: ${res.status} ${await res.text()}`);
  const { message } = (await res.json()) as { message: { id: string } };
  return { creator, reader, stranger, messageId: message.id };
}

describe('write path: messages', { timeout: 30_000 }, () => {
  scenario('messages/post#postMessage', {
    setup: async () => ({
      creator: await makeUser(['contributor'], 'wpm_creator'),
      reader: await makeUser([], 'wpm_reader'),
    }),
    run: (s, { creator, reader }) =>
      postMessage(s, asViewer(creator, ['viewer', 'contributor']), reader.id, { subject: 'Hi', message: 'Hello' }),
    // A viewer may only reply: 403.
    refuse: (s, { creator, reader }) => postMessage(s, me(reader), creator.id, { subject: 'Hi', message: 'Hello' }),
  });

  scenario('messages/mark-read#markMessageRead', {
    setup: received,
    run: (s, f) => markMessageRead(s, me(f.reader), f.messageId),
    // Someone else's message: 404.
    refuse: (s, f) => markMessageRead(s, me(f.stranger), f.messageId),
  });

  scenario('messages/mark-thread-read#markThreadRead', {
    setup: received,
    run: (s, f) => markThreadRead(s, me(f.reader), f.creator.id, {}),
    // With oneself: no such conversation, 404.
    refuse: (s, f) => markThreadRead(s, me(f.reader), f.reader.id, {}),
  });
});
