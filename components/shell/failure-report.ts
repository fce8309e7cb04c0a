/**
 * What a view that failed to render puts on the clipboard for a bug report (docs/privacy.md "What a failure
 * report holds"): the version, the view, the error's kind and message, and where in the code it happened.
 * Never a value: quoted text in the message is replaced unless it is a name of code (a member, a function),
 * long numbers go, and each frame keeps its function and file name, not its address.
 */
export function failureReport(
  where: string,
  error: unknown,
  componentStack: string | null | undefined,
  version: string,
): string {
  const named = error instanceof Error ? error : null;
  const lines = [
    `Chat Lens ${version}: ${where} could not be shown`,
    '',
    `${named?.name ?? typeof error}: ${scrubbed(named?.message ?? '')}`,
    '',
    'Where:',
    ...framesOf(named?.stack),
    '',
    'In:',
    ...framesOf(componentStack),
  ];
  return `${lines.join('\n')}\n`;
}

/** The kind of the error, in words a face shows ("TypeError"). */
export const failureName = (error: unknown): string => (error instanceof Error ? error.name : typeof error);

const CODE_NAME = /^[A-Za-z_$][\w$.]*$/;
const MAX_FRAMES = 12;

function scrubbed(message: string): string {
  return message
    .replace(/(["'`])(.*?)\1/g, (quoted, _mark: string, inner: string) =>
      CODE_NAME.test(inner) ? quoted : '"…"',
    )
    .replace(/\d{4,}/g, '#');
}

/** "at VarianceTab (chrome-extension://…/chunks/library-x.js:1:234)" → "at VarianceTab (library-x.js)". */
function framesOf(stack: string | null | undefined): string[] {
  return (stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at ') || line.includes('@'))
    .slice(0, MAX_FRAMES)
    .map((line) => `  ${line.replace(/\(?[a-z-]+:\/\/[^\s)]*\/([^/\s:)]+)(?::\d+)*\)?/g, '($1)')}`);
}
