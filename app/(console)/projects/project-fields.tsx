import type { Problem } from "@/app/_components/api-client";
import { environmentLabel } from "@/app/_components/badges";
import { Choices, choicesOf } from "@/app/_components/choices";
import { TextField } from "@/app/_components/field";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { ENVIRONMENTS } from "@/lib/projects/environments";
import { SLUG_PATTERN } from "@/lib/projects/slug-pattern";

/** A project's fields and their checks, for creating one and for editing one. */

const NAME_MAX = 80;

const ENV_HINT: Record<string, string> = {
  prod: "Live traffic",
  staging: "Pre-release checks",
  dev: "Local and CI work",
};

/** The browser's checks; a new project may leave the slug empty (it is made from the name). */
export function checkProject(form: FormData, { slugRequired }: { slugRequired: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  const name = text(form, "name");
  if (name === "") errors.name = "Give the project a name.";
  else if (name.length > NAME_MAX) errors.name = `Keep the name to ${NAME_MAX} characters or fewer.`;
  const slug = text(form, "slug");
  if ((slugRequired || slug !== "") && !SLUG_PATTERN.test(slug))
    errors.slug = "Use 3 to 63 lower-case letters, digits or dashes, e.g. mobile-app.";
  return errors;
}

/** `slug_taken` in the form's words, under the slug field. */
export function explainSlugTaken(problem: Problem, form: FormData): FieldErrors | undefined {
  return problem.code === "slug_taken"
    ? { slug: `“${text(form, "slug")}” is already used by another project. Pick another slug.` }
    : undefined;
}

/** Name, slug and environment: empty with examples for a new project, filled for an edit. */
export function ProjectFields({
  project,
}: {
  project?: { name: string; slug: string; environment: string };
}) {
  return (
    <>
      <TextField
        id="name"
        label="Name"
        defaultValue={project?.name}
        placeholder={project ? undefined : "Mobile app"}
        maxLength={NAME_MAX}
        autoComplete="off"
      />
      <TextField
        id="slug"
        label="Slug"
        optional={!project}
        hint={
          project
            ? "3–63 lower-case letters, digits or dashes."
            : "3–63 lower-case letters, digits or dashes. Generated from the name when empty."
        }
        className="mono"
        defaultValue={project?.slug}
        placeholder={project ? undefined : "mobile-app"}
        maxLength={63}
        autoComplete="off"
        spellCheck={false}
      />
      <Choices
        legend="Environment"
        name="environment"
        type="radio"
        columns="three"
        options={choicesOf(ENVIRONMENTS, ENV_HINT, environmentLabel)}
        checked={[project?.environment ?? "prod"]}
      />
    </>
  );
}
