/** Shared by the create-owner script, the first-run page and its form. */
export const MIN_PASSWORD_LENGTH = 12;
