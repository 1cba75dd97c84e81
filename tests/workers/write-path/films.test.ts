import { beforeAll, describe } from 'vitest';
import {
  addCaptions,
  approveFilm,
  createFilm,
  rejectFilm,
  removeCaptions,
  replaceCaptions,
  updateFilm,
} from '../../../functions/services/films';
import { asViewer, jsonInit, makeUser, ORIGIN, type TestUser } from '../factories';
import { filmDetails, makeFilm, uploadVideo } from '../films-support';
import { call } from '../worker-call';
import { scenario } from './harness';

/*
 * The films' write verbs (docs/architecture.md, "How a change is written"): a film awaiting review
 * made by its owner through the API, acted on by the owner, an admin, or a contributor who does not
 * own it (refused: the 404 of a wrong id).
 */

let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
const ownerV = () => asViewer(owner, ['viewer', 'contributor']);
const strangerV = () => asViewer(stranger, ['viewer', 'contributor']);
const adminV = () => asViewer(admin, ['viewer', 'admin']);
const WRONG_ID = '00000000-0000-4000-8000-000000000000';

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there.\n';
const OTHER_VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello again.\n';
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const TRACK = { language: 'en', label: 'English' };
const vttInit = (method: string, body: string | undefined, who: TestUser): RequestInit => ({
  method,
  headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: who.cookie },
  body,
});

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'wpf_owner');
  stranger = await makeUser(['contributor'], 'wpf_stranger');
  admin = await makeUser(['admin'], 'wpf_admin');
});

/** A film awaiting review with one caption track, added through the API. */
async function filmWithCaptions() {
  const film = await makeFilm(owner);
  const res = await call(`/api/films/${film.id}/captions?${new URLSearchParams(TRACK)}`, vttInit('POST', VTT, owner));
  if (res.status !== 201) throw new Error(`captions not added: ${res.status} ${await res.text()}`);
  const { captions } = (await res.json()) as { captions: { id: string } };
  return { film, captionId: captions.id };
}

describe('write path: films', { timeout: 30_000 }, () => {
  scenario('films/create#createFilm', {
    setup: async () => ({ upload: await uploadVideo(owner) }),
    run: (s, { upload }) => createFilm(s, ownerV(), { ...filmDetails(), videoUploadId: upload.id }),
    route: ({ upload }) =>
      call('/api/films', jsonInit('POST', { ...filmDetails(), videoUploadId: upload.id }, owner.cookie)),
    // Someone else's upload is not theirs to publish: 404.
    refuse: (s, { upload }) => createFilm(s, strangerV(), { ...filmDetails(), videoUploadId: upload.id }),
  });

  scenario('films/update#updateFilm', {
    setup: () => makeFilm(owner),
    run: (s, film) => updateFilm(s, ownerV(), film.id, { title: 'A new title' }),
    route: (film) => call(`/api/films/${film.id}`, jsonInit('PATCH', { title: 'A new title' }, owner.cookie)),
    refuse: (s, film) => updateFilm(s, strangerV(), film.id, { title: 'Not mine' }),
  });

  scenario('films/review#approveFilm', {
    setup: () => makeFilm(owner),
    run: (s, film) => approveFilm(s, adminV(), film.id),
    route: (film) => call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie)),
    refuse: (s) => approveFilm(s, adminV(), WRONG_ID),
  });

  scenario('films/review#rejectFilm', {
    setup: () => makeFilm(owner),
    run: (s, film) => rejectFilm(s, adminV(), film.id, 'Too short.'),
    route: (film) => call(`/api/films/${film.id}/reject`, jsonInit('POST', { reason: 'Too short.' }, admin.cookie)),
    refuse: (s) => rejectFilm(s, adminV(), WRONG_ID, 'Too short.'),
  });

  scenario('films/captions#addCaptions', {
    setup: () => makeFilm(owner),
    run: (s, film) => addCaptions(s, ownerV(), film.id, TRACK, bytes(VTT)),
    route: (film) => call(`/api/films/${film.id}/captions?${new URLSearchParams(TRACK)}`, vttInit('POST', VTT, owner)),
    refuse: (s, film) => addCaptions(s, strangerV(), film.id, TRACK, bytes(VTT)),
  });

  scenario('films/captions#replaceCaptions', {
    setup: filmWithCaptions,
    run: (s, f) => replaceCaptions(s, ownerV(), f.film.id, f.captionId, {}, bytes(OTHER_VTT)),
    route: (f) => call(`/api/films/${f.film.id}/captions/${f.captionId}`, vttInit('PUT', OTHER_VTT, owner)),
    refuse: (s, f) => replaceCaptions(s, strangerV(), f.film.id, f.captionId, {}, bytes(OTHER_VTT)),
  });

  scenario('films/captions#removeCaptions', {
    setup: filmWithCaptions,
    run: (s, f) => removeCaptions(s, ownerV(), f.film.id, f.captionId),
    route: (f) =>
      call(`/api/films/${f.film.id}/captions/${f.captionId}`, {
        method: 'DELETE',
        headers: { origin: ORIGIN, cookie: owner.cookie },
      }),
    refuse: (s, f) => removeCaptions(s, strangerV(), f.film.id, f.captionId),
  });
});
