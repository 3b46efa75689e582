/**
 * The password length rule as plain numbers, with no imports: the browser forms show and check it
 * without pulling the server's schema library into their bundle (password-policy.ts builds the
 * schema from these).
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;
