import Link from "next/link";

/** `path?k=v` from the current filters, dropping empty ones. */
export function hrefWith(path: string, params: Record<string, string | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
  return qs.size > 0 ? `${path}?${qs}` : path;
}

/**
 * A segmented filter made of links: the URL holds the filter, so it survives reloads, can be
 * shared, and works with the keyboard and without JavaScript.
 */
export function FilterTabs({
  label,
  path,
  param,
  current,
  options,
  otherParams = {},
}: {
  label: string;
  path: string;
  param: string;
  current: string | undefined;
  options: { value: string | undefined; label: string }[];
  otherParams?: Record<string, string | undefined>;
}) {
  return (
    <nav className="segmented" aria-label={label}>
      {options.map((o) => (
        <Link
          key={o.value ?? "all"}
          href={hrefWith(path, { ...otherParams, [param]: o.value })}
          aria-current={o.value === current ? "page" : undefined}
          scroll={false}
        >
          {o.label}
        </Link>
      ))}
    </nav>
  );
}
