import type { LensErrorCode } from '@/lib/model/result';

/** What the user can do about an error, beside the error's own sentence. */
const ADVICE: Record<LensErrorCode, string> = {
  'malformed-json':
    'The site sent something unreadable. Chat Lens asks again by itself; if it persists, the site changed.',
  'unexpected-shape': 'The site answered in a shape Chat Lens does not know. What was read before is kept.',
  'signed-out': 'Sign in to chatgpt.com in this tab, then reload the conversation.',
  'not-found': 'Chat Lens asks again in a while. If the conversation was deleted, it stays missing.',
  'rate-limited': 'The site asked to slow down. Chat Lens waits and tries again by itself.',
  server: 'The site had a server error. Chat Lens tries again on the next refresh.',
  http: 'The site refused the request. Chat Lens asks again in a while; reload the conversation to try at once.',
  network: 'The request did not complete. Check your connection; Chat Lens tries again on the next refresh.',
  'cut-off': 'An answer stream ended early. Reload the conversation to read it whole.',
  'paging-loop': 'Older pages repeated themselves, so loading stopped. What was loaded is shown.',
  'not-a-zip': 'Choose the ZIP file of the data export as ChatGPT sent it, or the folder it unpacks to.',
  'unsupported-zip': 'Unpack the archive with another tool and choose the folder instead.',
};

export function errorAdvice(code: LensErrorCode): string {
  return ADVICE[code];
}
