import Link from "next/link";
import { countOf } from "@/app/_components/data-table";
import { COUNT_CAP } from "@/lib/count-cap";

/**
 * A list's count, the same words everywhere (issue 49): "66 rooms" when all are shown, "25 of 66
 * rooms" when a page shows part of them, "25 of more than 10,000 rooms" past the count's cap
 * (lib/pagination.ts `countUpTo`).
 */
export function listCountText(shown: number, total: number, one: string, many: string): string {
  if (shown >= total && total <= COUNT_CAP) return countOf(total, one, many);
  const of =
    total > COUNT_CAP ? `more than ${COUNT_CAP.toLocaleString("en-GB")}` : total.toLocaleString("en-GB");
  return `${shown.toLocaleString("en-GB")} of ${of} ${many}`;
}

/** The count in a list's foot; announced politely when "Load more" or a search changes it. */
export function ListCount({
  shown,
  total,
  one,
  many,
  testId,
}: {
  shown: number;
  total: number;
  one: string;
  many: string;
  testId?: string;
}) {
  return (
    <span data-testid={testId} aria-live="polite">
      {listCountText(shown, total, one, many)}
    </span>
  );
}

/**
 * The foot of a list paged through the URL (`?cursor=`): its count, then "First page" when past
 * the first and "Next 25" while more remain. Links, so the page works without JavaScript and a
 * page can be shared (the webhooks, members and invitations lists).
 */
export function PagedFoot({
  shown,
  total,
  one,
  many,
  testId,
  firstHref,
  nextHref,
  pageSize,
}: {
  shown: number;
  total: number;
  one: string;
  many: string;
  testId: string;
  /** Set when this is not the first page. */
  firstHref?: string | undefined;
  /** Set when more rows follow. */
  nextHref?: string | undefined;
  pageSize: number;
}) {
  return (
    <span className="table-foot-row">
      <ListCount shown={shown} total={total} one={one} many={many} testId={testId} />
      {firstHref ? (
        <Link href={firstHref} data-testid={`${testId}-first`}>
          First page
        </Link>
      ) : null}
      {nextHref ? (
        <Link href={nextHref} data-testid={`${testId}-next`}>
          Next {pageSize}
        </Link>
      ) : null}
    </span>
  );
}
