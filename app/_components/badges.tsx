import { ENVIRONMENTS } from "@/lib/projects/environments";

const ENV_LABEL: Record<string, string> = { prod: "Production", staging: "Staging", dev: "Development" };

export function environmentLabel(env: string): string {
  return ENV_LABEL[env] ?? env;
}

export const ENVIRONMENT_OPTIONS = ENVIRONMENTS.map((value) => ({ value, label: environmentLabel(value) }));

const ENV_SHORT: Record<string, string> = { prod: "Prod", staging: "Staging", dev: "Dev" };

/** The project's environment, coloured; `short` for tight spots (the switcher), titled in full. */
export function EnvironmentBadge({ environment, short }: { environment: string; short?: boolean }) {
  return (
    <span
      className={`badge env-${environment}`}
      data-testid="env-badge"
      title={short ? environmentLabel(environment) : undefined}
    >
      {short ? (ENV_SHORT[environment] ?? environment) : environmentLabel(environment)}
    </span>
  );
}

const STATE_LABEL: Record<string, string> = { created: "Created", active: "Active", ended: "Ended" };

export function RoomStateBadge({ state }: { state: string }) {
  return (
    <span className={`badge state state-${state}`} data-testid="state-badge">
      <span className="dot" aria-hidden />
      {STATE_LABEL[state] ?? state}
    </span>
  );
}
