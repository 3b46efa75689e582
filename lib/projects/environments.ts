/** Zod-free, so client components (badges, filters) can import it without pulling zod into every page. */
export const ENVIRONMENTS = ["prod", "staging", "dev"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
