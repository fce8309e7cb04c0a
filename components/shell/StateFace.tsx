import type { JSX } from 'react';
import { refusalText } from '@/lib/model/site-refusal';
import { errorAdvice } from './error-advice';
import type { LensFace } from './lens-face';
import { AskSiteAccessButton, ReloadTabButton } from './SiteAccessButtons';
import { clockTime } from './time-text';

type FullFace = Exclude<LensFace, { kind: 'views' }>;

interface FaceText {
  title: string;
  body: string;
}

function faceText(face: FullFace): FaceText {
  switch (face.kind) {
    case 'access-off':
      return {
        title: 'chatgpt.com access is off',
        body: "The browser no longer lets Chat Lens read chatgpt.com (the add-on's site access was turned off). Allow it again to inspect conversations; Chat Lens asks for no other site.",
      };
    case 'reload-needed':
      return {
        title: 'Access is on: reload the tab',
        body: 'The page in this tab loaded while access was off, so Chat Lens cannot read it yet. Reload it to inspect the conversation.',
      };
    case 'not-on-site':
      return {
        title: 'Not a chatgpt.com tab',
        body: 'Open a conversation on chatgpt.com to inspect it. Chat Lens reads that site only.',
      };
    case 'no-conversation':
      return {
        title: 'No conversation open',
        body: 'Open a conversation on chatgpt.com (an address with /c/ in it) to inspect it.',
      };
    case 'loading':
      return {
        title: 'Reading the conversation…',
        body: 'Chat Lens reads what the page loads. If nothing appears, reload the conversation.',
      };
    case 'signed-out':
      return {
        title: 'Signed out',
        body: 'chatgpt.com answered 401: sign in to chatgpt.com in this tab, then reload the conversation.',
      };
    case 'rate-limited':
      return {
        title: 'Rate limited',
        body: `chatgpt.com asked to slow down. Chat Lens sends nothing until ${clockTime(face.until)}, then resumes by itself.`,
      };
    case 'error':
      return {
        title: 'Could not read the conversation',
        body: `${face.error.message} ${errorAdvice(face.error.code)}`,
      };
    case 'refused':
      return {
        title: 'ChatGPT refused the prompt',
        body: `${refusalText(face.refusal)} No answer came; send the prompt again later, or from a signed-in tab.`,
      };
  }
}

/** A state that replaces the views: what happened, and what the user can do. */
export function StateFace({ face, tabId }: { face: FullFace; tabId?: number }): JSX.Element {
  const { title, body } = faceText(face);
  const urgent =
    face.kind === 'signed-out' ||
    face.kind === 'error' ||
    face.kind === 'access-off' ||
    face.kind === 'refused';
  return (
    <section className={`face face--${face.kind}`} data-face={face.kind} aria-labelledby="face-title">
      <h2 id="face-title">{title}</h2>
      <p role={urgent ? 'alert' : 'status'}>{body}</p>
      {face.kind === 'loading' && <progress aria-label="Reading the conversation" />}
      {face.kind === 'access-off' && <AskSiteAccessButton />}
      {face.kind === 'reload-needed' && tabId !== undefined && <ReloadTabButton tabId={tabId} />}
    </section>
  );
}
