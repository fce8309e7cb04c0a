import type { JSX } from 'react';
import { errorAdvice } from './error-advice';
import type { LensFace } from './lens-face';
import { clockTime } from './time-text';

type FullFace = Exclude<LensFace, { kind: 'views' }>;

interface FaceText {
  title: string;
  body: string;
}

function faceText(face: FullFace): FaceText {
  switch (face.kind) {
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
  }
}

/** A state that replaces the views: what happened, and what the user can do. */
export function StateFace({ face }: { face: FullFace }): JSX.Element {
  const { title, body } = faceText(face);
  const urgent = face.kind === 'signed-out' || face.kind === 'error';
  return (
    <section className={`face face--${face.kind}`} data-face={face.kind} aria-labelledby="face-title">
      <h2 id="face-title">{title}</h2>
      <p role={urgent ? 'alert' : 'status'}>{body}</p>
      {face.kind === 'loading' && <progress aria-label="Reading the conversation" />}
    </section>
  );
}
