import { sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { normalisePhone } from '../../../src/domain/schemas/fields';

// The list's one search box, read the way a seller types into it: the start of an order number
// ("MC-20") or an AWB, any part of the buyer's name in any case ("democod", "sharma"), or a
// phone's last digits (4 or more, "3457", "+91 90001 23457"). Each kind is a predicate its own
// index answers (migration 0056): lower(order_number) and upper(awb) with text_pattern_ops for
// prefixes, reverse(buyer_phone) with text_pattern_ops for endings, and a trigram index on
// lower(buyer_name) for parts (where pg_trgm is installed; without it the same predicate runs,
// only slower).

/** a phone's ending shorter than this matches too many buyers to mean anything */
export const PHONE_ENDING_MIN = 4;
/** trigram indexes answer parts of three characters or more; shorter text matches a name's start */
const NAME_PART_MIN = 3;

const escapeLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The digits a search names as a phone's ending, or null when the text is not a phone. */
export function phoneEnding(text: string): string | null {
  if (!/^\+?[\d\s-]+$/.test(text)) return null;
  const digits = normalisePhone(text).replace(/\D/g, '');
  return digits.length >= PHONE_ENDING_MIN ? digits : null;
}

export function orderSearch(raw: string): SQL {
  const text = raw.trim();
  const lower = escapeLike(text.toLowerCase());
  const kinds: SQL[] = [
    sql`lower(${orders.orderNumber}) like ${`${lower}%`}`,
    sql`upper(${orders.awb}) like ${`${escapeLike(text.toUpperCase())}%`}`,
  ];
  const ending = phoneEnding(text);
  // digits are a phone's ending, never part of a person's name
  if (ending) kinds.push(sql`reverse(${orders.buyerPhone}) like ${`${[...ending].reverse().join('')}%`}`);
  else if (text.length >= NAME_PART_MIN) kinds.push(sql`lower(${orders.buyerName}) like ${`%${lower}%`}`);
  else kinds.push(sql`lower(${orders.buyerName}) like ${`${lower}%`}`);
  return sql`(${sql.join(kinds, sql` or `)})`;
}
