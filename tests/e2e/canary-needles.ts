import { CANARY_MARKERS } from '@/tests/replica/fixtures/canaries';
import { resumeToken } from '@/tests/replica/live-wire';

/** A resume token's claims (the part before its signature) betray it as well as its signature does. */
const claimsOf = (token: string): string => token.split('.')[1] ?? token;

/** What betrays each planted secret (tests/replica/fixtures/canaries.ts): its place's marker, and a resume token's claims. */
const NEEDLES: Array<[place: string, needle: string]> = [
  ...Object.entries(CANARY_MARKERS),
  ['sseResumeToken claims', claimsOf(resumeToken('sse'))],
  ['socketResumeToken claims', claimsOf(resumeToken('websocket'))],
];

/** The planted places whose secret the text holds. */
export const leakedPlaces = (text: string): string[] =>
  NEEDLES.filter(([, needle]) => text.includes(needle)).map(([place]) => place);
