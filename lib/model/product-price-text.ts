/**
 * A price as the live site displays it. Its offers carry `price`, and sometimes the parts of `price_details`
 * and `original_price`, as display text such as "$129.99" (site-interface 10.3; site-interface 2.5 names a
 * price breakdown but not its types). The text is kept as it is; these readers only take the amount out of it
 * where that is unambiguous, and never guess: a range ("$10–$20"), a count ("2 for $10") or a word ("Free")
 * gives no amount.
 */

/** One run of digits with the separators a price uses inside a number (thousands and decimals). */
const NUMBER_RUN = /\d(?:[\d.,'\u00a0\u202f]*\d)?/g;
const GROUPING_MARKS = /['\u00a0\u202f]/g;
/** An ISO 4217 code written in the text ("USD 129.99", "129,99 EUR"). */
const CURRENCY_CODE = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/;

/**
 * "1,299.99" and "1.299,99" are both 1299.99: of two kinds of separator the last is the decimal one. A single
 * kind is a thousands separator when it repeats or is followed by exactly three digits ("1,299"), else the
 * decimal one ("12,99").
 */
function decimalMarkOf(digits: string): '.' | ',' | null {
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot !== -1 && lastComma !== -1) return lastDot > lastComma ? '.' : ',';
  if (lastDot === -1 && lastComma === -1) return null;
  const mark = lastDot !== -1 ? '.' : ',';
  const last = Math.max(lastDot, lastComma);
  const repeats = digits.indexOf(mark) !== last;
  const digitsAfter = digits.length - last - 1;
  return repeats || digitsAfter === 3 ? null : mark;
}

function readNumberRun(run: string): number | null {
  const digits = run.replace(GROUPING_MARKS, '');
  const decimalMark = decimalMarkOf(digits);
  const parts = decimalMark === null ? [digits] : digits.split(decimalMark);
  // The last mark appearing twice beside another kind ("1,2.3.4") leaves no one reading.
  if (parts.length > 2) return null;
  const [whole = '', fraction] = parts;
  const value = Number(`${whole.replace(/[.,]/g, '')}${fraction === undefined ? '' : `.${fraction}`}`);
  return Number.isFinite(value) ? value : null;
}

/** The one amount in a displayed price, or null when it holds none or more than one. */
export function amountOfPriceText(text: string): number | null {
  const runs = text.match(NUMBER_RUN) ?? [];
  if (runs.length !== 1 || runs[0] === undefined) return null;
  return readNumberRun(runs[0]);
}

/** The currency code a displayed price writes out; a symbol alone ("$") names no one currency. */
export function currencyOfPriceText(text: string): string | null {
  return CURRENCY_CODE.exec(text)?.[1] ?? null;
}
