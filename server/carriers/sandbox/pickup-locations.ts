import { createHash } from 'node:crypto';

// How the sandbox couriers keep a seller's warehouse: under its name trimmed and with single
// spaces, as a courier's warehouse registration normalises it. The product must quote that exact
// string back on every pickup request, never its own copy of the name.

export const registeredNameOf = (entityName: string): string => entityName.trim().replace(/\s+/g, ' ');

/** The same id for the same warehouse and day: a repeat request updates that day's pickup. */
export function sandboxPickupId(prefix: string, locationName: string, date: string): string {
  // one token, as couriers' pickup ids are: no part of it reads as one of our codes on a screen
  const place = createHash('sha1').update(`${prefix}|${locationName}`).digest('hex').slice(0, 6).toUpperCase();
  return `PK${date.replace(/-/g, '')}${place}`;
}
