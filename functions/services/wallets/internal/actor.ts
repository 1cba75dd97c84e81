import type { Viewer } from '../../../auth/viewer';
import { unauthorized } from '../../../lib/errors';

/** Every wallet verb's first statement: the actor is a signed-in account, whoever calls the verb. */
export function requireSignedIn(viewer: Viewer | null | undefined): asserts viewer is Viewer {
  if (!viewer?.userId) throw unauthorized();
}
