/** The film importer's texts (/admin/ai-video-scraper; docs/film-import.md). Plain words: the SPEC gives none. */
export const SCRAPER_TEXT = {
  heading: 'Import from a link',
  intro:
    "Paste the address of a film's page (a festival, a distributor, a video host). Its details fill the form below; check them, add the video and save.",
  urlLabel: "Address of the film's page",
  importButton: 'Import details',
  importing: 'Fetching the page…',
  imported: 'Details imported. Check each field before you save.',
  nothingFound: 'The page was fetched, but it holds no film details we can read.',
  sourcesHeading: 'Where each detail came from',
  synopsisHeading: 'Suggested synopsis',
  useSynopsis: 'Use as description',
  posterCopied: 'Poster copied into our storage',
  creditsLabel: 'Credits',
  urlRequired: 'Paste the address of a web page',

  // One message per refusal: docs/film-import.md, "Safe fetching".
  invalid: 'That is not a web address: paste a full address starting with https://',
  scheme: 'Only http:// and https:// addresses are fetched',
  credentials: 'Addresses with a user name or password in them are not fetched',
  port: 'Only addresses on the standard ports (80 for http, 443 for https) are fetched',
  privateAddress:
    'That address points inside a private network (loopback, private, link-local, shared, multicast or a cloud metadata address) and is not fetched',
  localName: 'Names such as localhost, *.local and *.internal point inside a network and are not fetched',
  tooManyRedirects: 'The page redirected more than 3 times',
  badRedirect: 'The page redirected without a valid address',
  timeout: 'The page did not answer within 10 seconds',
  tooLarge: 'The page is larger than 2 MB',
  wrongType: (type: string) =>
    `Only web pages (HTML) and images are fetched; this address answered with ${type || 'no type'}`,
  status: (status: number) => `The page answered with status ${status}`,
  unreachable: 'The page could not be reached',

  // Where a refusal happened: the first address, a redirect, the oEmbed endpoint or the poster.
  at: {
    page: 'The address',
    redirect: 'A redirect',
    oembed: 'The oEmbed endpoint',
    poster: 'The poster',
  },
} as const;
