"use client";

import { Choices, choicesOf } from "@/app/_components/choices";
import { SelectField, TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { FormDialog } from "@/app/_components/form-dialog";
import { type FieldErrors, text } from "@/app/_components/form-values";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { API_KEY_SCOPES, KEY_GRANTS } from "@/lib/api-keys/scopes";

const SCOPE_HINT: Record<string, string> = {
  all: "Everything a project key can do",
  "rooms:write": "Mint room tokens",
  "rooms:read": "Read rooms",
  "recordings:read": "Read recordings",
  "recordings:write": "Manage recordings",
  "webhooks:write": "Register webhook endpoints",
};

const GRANT_HINT: Record<string, string> = {
  publish: "Tokens for publishers and broadcasters",
  subscribe: "Tokens for viewers",
  record: "Recording control",
};

const NAME_MAX = 100;

function check(form: FormData): FieldErrors {
  const name = text(form, "name");
  if (name === "") return { name: "Name the key after the server that will hold it." };
  if (name.length > NAME_MAX) return { name: `Keep the name to ${NAME_MAX} characters or fewer.` };
  return {};
}

/** "Create an API key": name, scope and grants, posted to the project's api-keys endpoint. */
export function MintKeyDialog({
  open,
  base,
  onClose,
  onMinted,
}: {
  open: boolean;
  /** `/v1/workspace/projects/<id>/api-keys` */
  base: string;
  onClose: () => void;
  onMinted: (key: MintedApiKey) => void;
}) {
  const mint: FormSpec<MintedApiKey> = {
    title: "Create an API key",
    description: "Name it after the server that will hold it.",
    submitLabel: "Create key",
    submitTestId: "create-api-key",
    failureTitle: "Key not created",
    action: base,
    check,
  };
  return (
    <FormDialog<MintedApiKey> open={open} onClose={onClose} onSuccess={onMinted} {...mint}>
      <TextField
        id="key_name"
        name="name"
        label="Name"
        placeholder="Backend (production)"
        maxLength={NAME_MAX}
        autoComplete="off"
      />
      <SelectField
        id="scope"
        label="Scope"
        hint="What the key may call. Minting room tokens needs rooms:write or all."
        defaultValue="all"
      >
        {API_KEY_SCOPES.map((s) => (
          <option key={s} value={s}>
            {s} · {SCOPE_HINT[s]}
          </option>
        ))}
      </SelectField>
      <Choices
        legend="Grants"
        name="grants"
        type="checkbox"
        columns="three"
        options={choicesOf(KEY_GRANTS, GRANT_HINT)}
        checked={KEY_GRANTS}
      />
    </FormDialog>
  );
}
