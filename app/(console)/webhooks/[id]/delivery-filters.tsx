import styles from "@/app/(console)/webhooks/webhooks.module.css";
import { DELIVERY_EVENT_TYPES } from "@/lib/webhooks/event-catalog";

export interface DeliveryFilterValues {
  status: string | undefined;
  event_type: string | undefined;
  /** As typed in the form: `YYYY-MM-DDTHH:mm[:ss]`, UTC. */
  since: string | undefined;
  until: string | undefined;
}

/** The time range's two ends, as the form and the URL name them. */
const TIME_RANGE = [
  { name: "since", label: "From (UTC)" },
  { name: "until", label: "Until (UTC)" },
] as const;

/**
 * Event type and time range as a plain GET form (no script): the URL holds the filters, like the
 * status tabs beside it, so a filtered log can be reloaded and shared.
 */
export function DeliveryFilters({ path, values }: { path: string; values: DeliveryFilterValues }) {
  return (
    <form method="get" action={path} className={styles.filters} aria-label="Filter deliveries">
      {values.status ? <input type="hidden" name="status" value={values.status} /> : null}
      <label>
        <span>Event type</span>
        <select name="event_type" defaultValue={values.event_type ?? ""} data-testid="filter-event-type">
          <option value="">Any</option>
          {DELIVERY_EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {TIME_RANGE.map(({ name, label }) => (
        <label key={name}>
          <span>{label}</span>
          <input
            type="datetime-local"
            name={name}
            step={1}
            defaultValue={values[name] ?? ""}
            data-testid={`filter-${name}`}
          />
        </label>
      ))}
      <button type="submit" className="btn secondary sm" data-testid="apply-filters">
        Apply
      </button>
    </form>
  );
}

/** A form value as an instant: the console's times are UTC; anything unreadable is no filter. */
export function utcInstant(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const d = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
