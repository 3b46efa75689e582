/** Zod-free, so client components (badges, filters) can import it without pulling zod into every page. */
import { ENVIRONMENTS } from "@/db/enums";

export { ENVIRONMENTS };
export type Environment = (typeof ENVIRONMENTS)[number];
