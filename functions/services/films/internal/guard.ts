/** The conditional-update guard films use; it lives with the write path (functions/db/guard.ts). */
export { abortUnlessChanged, committing, commitUnlessUnchanged } from '../../../db/guard';
