import { IconAlert } from "@/app/_components/icons/ui";

/** What went wrong in a two-factor step, above its field (which names it by this id). */
export function TwoFactorError({ error }: { error: string | null }) {
  return error ? (
    <div className="form-error" role="alert" id="two-factor-error">
      <IconAlert /> {error}
    </div>
  ) : null;
}
