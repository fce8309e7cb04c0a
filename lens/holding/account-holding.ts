import { type AdAccount, parseAdAccount } from '@/lib/model/ad-account';
import { parseJson } from '@/lib/model/parse-json';
import type { LensError, Result } from '@/lib/model/result';
import { type AskWhen, askWhen, type FailedAsk } from './ask-again';

/**
 * The account of GET /backend-api/me (site-interface 4.6), held once for the whole worker rather than per
 * tab: every tab of the browser profile shares the one signed-in session, and the path names no conversation,
 * so any tab's capture serves all of them and the core asks for /me once per session, not once per tab (again
 * only after a failure, ask-again.ts; never after a 404 or 403, answersNone). Only the two members the ads
 * overview uses are kept (parseAdAccount), nothing else of the account.
 */
export class AccountHolding {
  #account: AdAccount | null = null;
  /** The core's request for /me is under way: tabs refreshing at once send one. */
  #asking = false;
  /** The core's last /me, when it failed (ask-again.ts). */
  #failed: FailedAsk | null = null;
  /** The service has no account to give (answersNone): /me is not asked for again while the worker lives. */
  #none = false;

  current(): AdAccount | null {
    return this.#account;
  }

  /** When the core may ask for /me (ask-again.ts): never while held or already being asked for. */
  askWhen(now: number): AskWhen {
    return this.#account === null && !this.#asking && !this.#none ? askWhen(this.#failed, now) : 'not-now';
  }

  /** Marked before the request, so tabs refreshing at once send one. */
  noteRequested(): void {
    this.#asking = true;
  }

  /** The core's /me did not bring the account. */
  noteFailed(failed: FailedAsk): void {
    this.#asking = false;
    this.#failed = failed;
  }

  /** The core's /me answered that there is none (answersNone): no account, and no error either. */
  noteNone(): void {
    this.#asking = false;
    this.#failed = null;
    this.#none = true;
  }

  /** Why the account is still not held, when the core's last /me failed. */
  failure(): LensError | null {
    return this.#account === null ? (this.#failed?.error ?? null) : null;
  }

  /** A /me body the page loaded (text) or the core fetched (parsed). */
  ingest(body: unknown): Result<AdAccount> {
    const parsed = parseAdAccount(body);
    if (parsed.ok) {
      this.#account = parsed.value;
      this.#asking = false;
    }
    return parsed;
  }

  ingestText(text: string): Result<AdAccount> {
    const json = parseJson(text);
    return json.ok ? this.ingest(json.value) : json;
  }
}
