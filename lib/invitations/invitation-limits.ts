/** docs/spec/service-spec.md "Limits": 1 to 50 recipients per request (entries as sent, before de-duplication). Zod-free for the console form. */
export const MAX_RECIPIENTS = 50;
export const MAX_NOTE_LENGTH = 2000;
