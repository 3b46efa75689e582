/** A project slug: 3 to 63 lower-case letters, digits or dashes. Zod-free, so the console form can check it. */
export const SLUG_PATTERN = /^[a-z0-9-]{3,63}$/;
