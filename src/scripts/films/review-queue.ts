import { initReviewQueue } from './film-lists';

/** The admin dashboard's video review queue. */
void initReviewQueue();
