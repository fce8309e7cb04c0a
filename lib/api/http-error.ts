import { fail, ok, type Result } from '@/lib/model/result';

/** A non-2xx status as a typed error; `what` names the call for the message ("the tree of abc"). */
export function statusError<T>(status: number, what: string): Result<T> {
  if (status === 401 || status === 403) {
    return fail('signed-out', `Signed out of chatgpt.com: ${what} was refused. Sign in again.`, { status });
  }
  if (status === 404) return fail('not-found', `${what} was not found (404).`, { status });
  if (status === 429) return fail('rate-limited', `${what} was rate limited (429).`, { status });
  if (status >= 500) return fail('server', `The chat site failed on ${what} (${status}).`, { status });
  return fail('http', `${what} answered with status ${status}.`, { status });
}

/** The body of a response as text; a body that breaks off while reading is a network error. */
export async function readBody(response: Response, what: string): Promise<Result<string>> {
  try {
    return ok(await response.text());
  } catch {
    return fail('network', `The body of ${what} could not be read to its end.`);
  }
}
