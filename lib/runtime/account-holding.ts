import { type AdAccount, parseAdAccount } from '@/lib/model/ad-account';
import { parseJson } from '@/lib/model/parse-json';
import type { Result } from '@/lib/model/result';

/**
 * The account of GET /backend-api/me (interface 4.6), held once for the whole worker rather than per tab:
 * every tab of the browser profile shares the one signed-in session, and the path names no conversation,
 * so any tab's capture serves all of them and /me is asked for at most once per session, not once per tab.
 * Only the two members the ads overview uses are kept (parseAdAccount), nothing else of the account.
 */
export class AccountHolding {
  #account: AdAccount | null = null;
  /** The core asked for /me itself; asked once, so a failing /me is not asked again on every refresh. */
  #requested = false;

  current(): AdAccount | null {
    return this.#account;
  }

  /** Neither the page nor the core has asked for /me yet. */
  missing(): boolean {
    return this.#account === null && !this.#requested;
  }

  /** Marked before the request, so tabs refreshing at once send one; unmarked when it may be tried again. */
  noteRequested(requested = true): void {
    this.#requested = requested;
  }

  /** A /me body the page loaded (text) or the core fetched (parsed). */
  ingest(body: unknown): Result<AdAccount> {
    const parsed = parseAdAccount(body);
    if (parsed.ok) this.#account = parsed.value;
    return parsed;
  }

  ingestText(text: string): Result<AdAccount> {
    const json = parseJson(text);
    return json.ok ? this.ingest(json.value) : json;
  }
}
