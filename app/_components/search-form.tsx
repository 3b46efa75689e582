import { IconSearch } from "@/app/_components/icons";

/**
 * A list's search and filter fields as a plain GET form: the URL holds the query (decision 0403's
 * rule for filters), so it survives reloads, can be shared, and needs no JavaScript. The other
 * filters ride along as hidden fields; a new search starts at the first page.
 */
export function SearchForm({
  path,
  label,
  fields,
  keep = {},
  testId,
}: {
  path: string;
  /** The form's accessible name ("Search rooms"). */
  label: string;
  fields: {
    name: string;
    label: string;
    type?: "search" | "date" | "text";
    value: string | undefined;
    placeholder?: string;
    hint?: string;
  }[];
  keep?: Record<string, string | undefined>;
  testId?: string;
}) {
  return (
    <form className="search-form" aria-label={label} action={path} method="get" data-testid={testId}>
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      {fields.map((f) => (
        <label key={f.name} className="search-field">
          <span className="search-label">{f.label}</span>
          <input
            type={f.type ?? "search"}
            name={f.name}
            defaultValue={f.value ?? ""}
            placeholder={f.placeholder}
            maxLength={200}
            aria-describedby={f.hint ? `${f.name}-hint` : undefined}
          />
          {f.hint ? (
            <span id={`${f.name}-hint`} className="sr-only">
              {f.hint}
            </span>
          ) : null}
        </label>
      ))}
      <button type="submit" className="btn secondary">
        <IconSearch /> {fields.length === 1 ? "Search" : "Apply"}
      </button>
    </form>
  );
}
