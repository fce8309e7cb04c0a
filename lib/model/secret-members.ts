import { isTrackingParam } from './ad-tracking';
import { isRecord, type JsonRecord } from './json-read';

/**
 * The members whose values are secrets wherever they sit (architecture "Secrets"): the token-bearing
 * members of a product (site-interface 2.5), an access token (site-interface 5), and ad tracking
 * parameters (site-interface 4.3). Where one is met, only its presence goes on.
 */
const SECRET_MEMBERS: ReadonlySet<string> = new Set([
  'product_lookup_key',
  'id_to_token_map',
  'checkout_payload',
  'checkout_image_urls',
  'access_token',
  'accesstoken',
  'authorization',
]);

/** What a secret member's value becomes. */
export const REMOVED_VALUE = '[removed]';

export const isSecretMember = (name: string): boolean =>
  SECRET_MEMBERS.has(name.toLowerCase()) || isTrackingParam(name);

/** Deeper than any reference seen; bounds the work and the stack on hostile input. */
const MAX_DEPTH = 32;

function withoutSecretsIn(value: unknown, depth: number): unknown {
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSecretsIn(item, depth + 1));
  if (!isRecord(value)) return value;
  const entries = Object.entries(value).map(([name, member]): [string, unknown] => [
    name,
    isSecretMember(name) ? REMOVED_VALUE : withoutSecretsIn(member, depth + 1),
  ]);
  // fromEntries defines own members, so a "__proto__" key stays data instead of changing the prototype.
  return Object.fromEntries(entries);
}

/**
 * A message's metadata with the secrets of its citation references removed: a shopping answer's product
 * references carry whole product entities, token-bearing members included (site-interface 10.5), and
 * nothing read from a message may hold one. Only the references are walked, the one place such entities
 * sit, so the other messages cost nothing.
 */
export function withoutReferenceSecrets(metadata: JsonRecord): JsonRecord {
  const references = metadata.content_references;
  if (!Array.isArray(references) || references.length === 0) return metadata;
  return { ...metadata, content_references: references.map((reference) => withoutSecretsIn(reference, 0)) };
}
