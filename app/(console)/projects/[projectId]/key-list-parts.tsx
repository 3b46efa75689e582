import Link from "next/link";
import { hrefWith } from "@/app/_components/filter-tabs";
import { PagedFoot } from "@/app/_components/list-count";
import { SearchForm } from "@/app/_components/search-form";

/** Keys per page of a project's key list (issue 49: paged, searchable and counted like every list). */
export const KEY_PAGE_SIZE = 25;

type SearchParams = Record<string, string | string[] | undefined>;

/** The key list's search and cursor from the URL (`?q=`, `?cursor=`). */
export function keyListParams(sp: SearchParams): { q: string | undefined; cursor: string | undefined } {
  const q = typeof sp.q === "string" && sp.q.trim() ? sp.q.trim().slice(0, 200) : undefined;
  const cursor = typeof sp.cursor === "string" && sp.cursor ? sp.cursor : undefined;
  return { q, cursor };
}

/**
 * The search above a project's key list and the count below it, drawn by the server (the project
 * page and the API keys page): plain links and a GET form, no client code.
 */
export function keyListParts({
  path,
  keep = {},
  q,
  cursor,
  shown,
  total,
  nextCursor,
}: {
  path: string;
  /** Other query parameters the links keep (the API keys page's `project_id`). */
  keep?: Record<string, string | undefined>;
  q: string | undefined;
  cursor: string | undefined;
  shown: number;
  total: number;
  nextCursor: string | null;
}) {
  const href = (c?: string) => hrefWith(path, { ...keep, q, cursor: c });
  return {
    toolbar: (
      <div className="toolbar">
        <SearchForm
          path={path}
          label="Search API keys"
          testId="api-key-search"
          keep={keep}
          fields={[{ name: "q", label: "Name or prefix", value: q, placeholder: "production" }]}
        />
        {q ? (
          <Link href={hrefWith(path, keep)} className="btn ghost">
            Clear search
          </Link>
        ) : null}
      </div>
    ),
    foot: (
      <PagedFoot
        shown={shown}
        total={total}
        one="key"
        many="keys"
        testId="api-key-count"
        pageSize={KEY_PAGE_SIZE}
        firstHref={cursor ? href() : undefined}
        nextHref={nextCursor ? href(nextCursor) : undefined}
      />
    ),
  };
}
