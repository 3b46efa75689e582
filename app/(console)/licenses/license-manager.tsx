"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { SecretReveal } from "@/app/_components/secret-reveal";
import { useApiAction } from "@/app/_components/use-api-action";
import type { LicenseRecord } from "@/lib/licenses/license-schema";

type Issued = LicenseRecord & { key: string };

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** The issue form, the key shown once, and the list with Revoke (Owner and Billing). */
export function LicenseManager({ licenses }: { licenses: LicenseRecord[] }) {
  const { busy, run } = useApiAction();
  const [issued, setIssued] = useState<Issued | null>(null);
  // Revoking is permanent and stops new rooms at the install: it asks first.
  const [revoking, setRevoking] = useState<LicenseRecord | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form, setForm] = useState({ name: "", expires: inAYear(), seats: "25", participants: "100" });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });

  async function issue(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    await run(
      "issue",
      async () => {
        const res = await api<Issued>("/v1/workspace/licenses", {
          json: {
            ...(form.name.trim() ? { name: form.name.trim() } : {}),
            expires_at: `${form.expires}T00:00:00Z`,
            limits: { seats: Number(form.seats), concurrent_participants: Number(form.participants) },
          },
        });
        if (!res.ok) setErrors(Object.fromEntries(res.problem.errors.map((x) => [x.path, x.message])));
        return res;
      },
      {
        failure: "Licence not issued",
        success: (l) => ["Licence issued", `${l.name}: copy the key now, it is not shown again.`],
        after: setIssued,
      },
    );
  }

  const field = (id: string, label: string, input: React.ReactNode, path: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {input}
      {errors[path] ? (
        <div className="field-error" id={`${id}-error`} role="alert">
          {errors[path]}
        </div>
      ) : null}
    </div>
  );

  return (
    <>
      {issued ? (
        <SecretReveal
          testId="license-reveal"
          headline={`Licence ${issued.name} issued`}
          values={[
            { label: "Licence key", value: issued.key, copyLabel: "Copy licence key", testId: "license-key" },
          ]}
          warning="This key is shown once. Put it in the installation's SVC_LICENSE_FILE (or SVC_LICENSE_KEY); if it is lost, revoke this licence and issue another."
          onDone={() => setIssued(null)}
        />
      ) : null}
      <section className="card" aria-labelledby="issue-licence">
        <h2 id="issue-licence">Issue a licence</h2>
        <form onSubmit={issue} data-testid="issue-license" noValidate>
          {field(
            "lic-name",
            "Name (optional)",
            <input
              id="lic-name"
              value={form.name}
              onChange={set("name")}
              maxLength={80}
              placeholder="Frankfurt install"
            />,
            "name",
          )}
          {field(
            "lic-expires",
            "Expires on",
            <input id="lic-expires" type="date" value={form.expires} onChange={set("expires")} required />,
            "expires_at",
          )}
          {field(
            "lic-seats",
            "Seats (members)",
            <input
              id="lic-seats"
              type="number"
              min={1}
              value={form.seats}
              onChange={set("seats")}
              required
            />,
            "limits.seats",
          )}
          {field(
            "lic-participants",
            "Concurrent participants",
            <input
              id="lic-participants"
              type="number"
              min={1}
              value={form.participants}
              onChange={set("participants")}
              required
            />,
            "limits.concurrent_participants",
          )}
          <div className="form-actions">
            <button className="btn" type="submit" disabled={busy !== null}>
              Issue licence
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="licence-list">
        <h2 id="licence-list">Licences</h2>
        {licenses.length === 0 ? (
          <p>No licences yet.</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on a phone must be reachable by keyboard (WCAG 2.1.1).
          <section className="table-wrap" tabIndex={0} aria-label="Licences (scrolls sideways)">
            <table data-testid="license-list">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">State</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Participants</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {licenses.map((l) => (
                  <tr key={l.id}>
                    <td>
                      <div className="cell-main">{l.name}</div>
                      <div className="cell-sub">{l.id}</div>
                    </td>
                    <td>{l.state}</td>
                    <td>{l.expires_at.slice(0, 10)}</td>
                    <td>{l.limits.seats}</td>
                    <td>{l.limits.concurrent_participants}</td>
                    <td>
                      {l.state === "active" ? (
                        <button
                          type="button"
                          className="btn secondary sm"
                          disabled={busy !== null}
                          aria-label={`Revoke ${l.name}`}
                          onClick={() => setRevoking(l)}
                        >
                          Revoke
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
      <LazyConfirmDialog
        open={revoking !== null}
        busy={busy !== null}
        danger
        title={`Revoke ${revoking?.name ?? "this licence"}?`}
        description="Permanent. The installation stops new rooms and room tokens at its next check and sends license.revoked; its data stays readable. A new licence is a new key."
        action="Revoke licence"
        testId="confirm-revoke-license"
        onConfirm={async () => {
          const l = revoking;
          if (l) {
            await run(l.id, () => api<LicenseRecord>(`/v1/workspace/licenses/${l.id}/revoke`, { json: {} }), {
              failure: "Licence not revoked",
              success: () => ["Licence revoked", `${l.name} stops new rooms at its next check.`],
            });
          }
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
