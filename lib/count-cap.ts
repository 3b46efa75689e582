/**
 * Lists count their rows up to this many (a console list's "25 of 66"); past it they say "more
 * than 10,000" rather than scan every row of a large org on each page view (lib/pagination.ts).
 * A module of its own so the console's client components can read it without the database code.
 */
export const COUNT_CAP = 10_000;
