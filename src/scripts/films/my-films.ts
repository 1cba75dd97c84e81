import { initMyFilms } from './film-lists';

/** The creator dashboard's My Films tab. */
void initMyFilms();
