import { randomBase62 } from "@/lib/ids";

/** A slug from a project name: ASCII-folded, lower-case, dashes between words, 3 to 63 characters. */
export function slugify(name: string): string {
  let slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/g, "");
  if (slug.length < 3) slug = [slug, "project"].filter(Boolean).join("-");
  return slug;
}

/** The next candidate when a generated slug is taken: a short random suffix, still within 63. */
export function withSuffix(slug: string): string {
  const suffix = randomBase62(6).toLowerCase();
  return `${slug.slice(0, 63 - suffix.length - 1).replace(/-+$/g, "")}-${suffix}`;
}
