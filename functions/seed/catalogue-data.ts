/**
 * The demo catalogue: six categories, 24 approved films and one awaiting review. Four short WebM/VP9
 * clips and two caption files (functions/seed/media/) are uploaded for the films; every film has its own
 * poster. `npm run media:seed` re-renders the posters and clips with ffmpeg (a fresh clone never needs it).
 */
export const SEED_CATEGORIES = [
  { id: 'drama', name: 'Drama' },
  { id: 'comedy', name: 'Comedy' },
  { id: 'documentary', name: 'Documentary' },
  { id: 'sci-fi', name: 'Sci-Fi' },
  { id: 'animation', name: 'Animation' },
  { id: 'thriller', name: 'Thriller' },
] as const;

export type SeedCategoryId = (typeof SEED_CATEGORIES)[number]['id'];

export const SEED_CLIPS = ['clip-city', 'clip-fractal', 'clip-life', 'clip-automata'] as const;
export type SeedClip = (typeof SEED_CLIPS)[number];

/** The committed caption files (captions-<language>.vtt) and the label each track gets. */
export const SEED_CAPTIONS = { en: 'English', fr: 'Français' } as const;
export type SeedCaptionLanguage = keyof typeof SEED_CAPTIONS;

export const POSTER_SIZE = { width: 320, height: 480 } as const;

export interface SeedFilm {
  /** Stable slug: the poster file is posters/<slug>.webp. */
  slug: string;
  title: string;
  description: string;
  category: SeedCategoryId;
  year: number;
  owner: 'cora_creator' | 'milo_maker';
  clip: SeedClip;
  /** Caption tracks, by language: captions-<language>.vtt. */
  captions?: SeedCaptionLanguage[];
  status?: 'approved' | 'pending';
  /** Views in the trailing days, spread over the demo users, so 'Popular' has an order. */
  views?: number;
}

export const SEED_FILMS: SeedFilm[] = [
  // Drama
  {
    slug: 'the-last-lighthouse',
    title: 'The Last Lighthouse',
    description:
      'A retired keeper returns to the island where his brother vanished, and finds the lamp still burning every night.',
    category: 'drama',
    year: 2023,
    owner: 'cora_creator',
    clip: 'clip-fractal',
    captions: ['en', 'fr'],
    views: 6,
  },
  {
    slug: 'harbor-lights',
    title: 'Harbor Lights',
    description: 'Two sisters keep a failing fish restaurant open on the quay through one long, stormy winter.',
    category: 'drama',
    year: 2021,
    owner: 'milo_maker',
    clip: 'clip-city',
    views: 3,
  },
  {
    slug: 'paper-birds',
    title: 'Paper Birds',
    description: 'A calligrapher losing her sight teaches her grandson to write by touch before the exhibition opens.',
    category: 'drama',
    year: 2024,
    owner: 'cora_creator',
    clip: 'clip-life',
  },
  {
    slug: 'salt-and-iron',
    title: 'Salt and Iron',
    description:
      'A shipyard welder organises the last strike before the yard closes, while the whole harbor town takes sides.',
    category: 'drama',
    year: 2019,
    owner: 'milo_maker',
    clip: 'clip-automata',
    views: 1,
  },
  // Comedy
  {
    slug: 'second-breakfast-club',
    title: 'Second Breakfast Club',
    description: 'Five retirees open a detective agency in the back booth of a café and solve nothing on purpose.',
    category: 'comedy',
    year: 2022,
    owner: 'cora_creator',
    clip: 'clip-city',
    captions: ['en'],
    views: 5,
  },
  {
    slug: 'the-wrong-wedding',
    title: 'The Wrong Wedding',
    description: 'A nervous best man delivers a flawless speech — at the reception next door.',
    category: 'comedy',
    year: 2023,
    owner: 'milo_maker',
    clip: 'clip-life',
    views: 4,
  },
  {
    slug: 'parking-wars',
    title: 'Parking Wars',
    description: 'Two neighbours, one parking space and a feud that escalates to the city council.',
    category: 'comedy',
    year: 2020,
    owner: 'cora_creator',
    clip: 'clip-automata',
  },
  {
    slug: 'goat-yoga-nation',
    title: 'Goat Yoga Nation',
    description: 'A burnt-out banker inherits a farm, six goats and a wellness trend she cannot stop.',
    category: 'comedy',
    year: 2024,
    owner: 'milo_maker',
    clip: 'clip-fractal',
    views: 2,
  },
  // Documentary
  {
    slug: 'rivers-of-glass',
    title: 'Rivers of Glass',
    description: 'Three generations of glassblowers on a lagoon island, filmed over a single summer of orders.',
    category: 'documentary',
    year: 2022,
    owner: 'cora_creator',
    clip: 'clip-fractal',
    views: 2,
  },
  {
    slug: 'the-seed-vault',
    title: 'The Seed Vault',
    description: 'Inside the mountain where the world keeps its seeds, and the keepers who guard the doors.',
    category: 'documentary',
    year: 2021,
    owner: 'milo_maker',
    clip: 'clip-automata',
  },
  {
    slug: 'night-shift',
    title: 'Night Shift',
    description: 'A city after midnight through the eyes of the bakers, nurses and tram drivers who keep it running.',
    category: 'documentary',
    year: 2023,
    owner: 'cora_creator',
    clip: 'clip-city',
    views: 1,
  },
  {
    slug: 'bee-season',
    title: 'Bee Season',
    description: 'An urban beekeeper races to save forty rooftop hives before the first frost.',
    category: 'documentary',
    year: 2024,
    owner: 'milo_maker',
    clip: 'clip-life',
  },
  // Sci-Fi
  {
    slug: 'orbit-of-small-things',
    title: 'Orbit of Small Things',
    description: 'A repair drone on a derelict station starts keeping the objects the crew left behind.',
    category: 'sci-fi',
    year: 2024,
    owner: 'cora_creator',
    clip: 'clip-automata',
    views: 6,
  },
  {
    slug: 'signal-from-kepler',
    title: 'Signal from Kepler',
    description: 'A night-shift radio astronomer decodes a message that seems to be addressed to her alone.',
    category: 'sci-fi',
    year: 2022,
    owner: 'milo_maker',
    clip: 'clip-fractal',
    views: 3,
  },
  {
    slug: 'the-cartographers-machine',
    title: "The Cartographer's Machine",
    description: 'A mapmaker builds a device that draws places before they exist — then one of them appears.',
    category: 'sci-fi',
    year: 2020,
    owner: 'cora_creator',
    clip: 'clip-life',
  },
  {
    slug: 'glass-moon',
    title: 'Glass Moon',
    description: 'Colonists on a frozen moon discover their dome was never meant to keep the cold out.',
    category: 'sci-fi',
    year: 2023,
    owner: 'milo_maker',
    clip: 'clip-city',
    views: 2,
  },
  // Animation
  {
    slug: 'clockwork-fox',
    title: 'Clockwork Fox',
    description: 'A wind-up fox escapes the toymaker’s shop to find the child it was built for.',
    category: 'animation',
    year: 2021,
    owner: 'cora_creator',
    clip: 'clip-life',
    views: 4,
  },
  {
    slug: 'pixel-garden',
    title: 'Pixel Garden',
    description: 'In a garden of square flowers, one seed grows round and the whole grid has to make room.',
    category: 'animation',
    year: 2023,
    owner: 'milo_maker',
    clip: 'clip-automata',
  },
  {
    slug: 'the-lantern-keeper',
    title: 'The Lantern Keeper',
    description: 'A moth who tends the lanterns of a floating market falls for the brightest one.',
    category: 'animation',
    year: 2022,
    owner: 'cora_creator',
    clip: 'clip-fractal',
    views: 1,
  },
  {
    slug: 'cloud-shepherds',
    title: 'Cloud Shepherds',
    description: 'Two siblings herd clouds across the sky and lose one over the desert.',
    category: 'animation',
    year: 2024,
    owner: 'milo_maker',
    clip: 'clip-city',
    views: 2,
  },
  // Thriller
  {
    slug: 'cold-harbor',
    title: 'Cold Harbor',
    description: 'A customs officer finds a container that is not on any manifest, and someone wants it back.',
    category: 'thriller',
    year: 2020,
    owner: 'cora_creator',
    clip: 'clip-automata',
    views: 5,
  },
  {
    slug: 'dead-reckoning',
    title: 'Dead Reckoning',
    description: 'A yacht delivery crew loses every instrument mid-ocean, and one of them is lying about why.',
    category: 'thriller',
    year: 2023,
    owner: 'milo_maker',
    clip: 'clip-fractal',
    views: 3,
  },
  {
    slug: 'the-quiet-floor',
    title: 'The Quiet Floor',
    description: 'An archivist on the library’s closed floor hears footsteps where no one is allowed.',
    category: 'thriller',
    year: 2021,
    owner: 'cora_creator',
    clip: 'clip-city',
  },
  {
    slug: 'undertow',
    title: 'Undertow',
    description: 'A lifeguard’s rescue becomes the alibi of a man she never saw go into the water.',
    category: 'thriller',
    year: 2024,
    owner: 'milo_maker',
    clip: 'clip-life',
    views: 1,
  },
  {
    slug: 'second-unit',
    title: 'Second Unit',
    description: 'A stunt double finishes a western nobody remembers starting, one impossible fall at a time.',
    category: 'thriller',
    year: 2022,
    owner: 'milo_maker',
    clip: 'clip-life',
  },
  {
    slug: 'room-tone',
    title: 'Room Tone',
    description: 'A sound recordist keeps thirty seconds of silence from every house she has ever worked in.',
    category: 'drama',
    year: 2023,
    owner: 'milo_maker',
    clip: 'clip-life',
  },
  // Awaiting review: only its owner and admins can open it.
  {
    slug: 'work-in-progress',
    title: 'Work in Progress',
    description: 'A rough cut awaiting review: visible to its originator and to admins only.',
    category: 'drama',
    year: 2025,
    owner: 'cora_creator',
    clip: 'clip-city',
    status: 'pending',
  },
];
