"use client";

import { GatedButton, type GatedButtonProps } from "@/app/_components/gated-button";

/**
 * The submit button of a form on a page (the room's invite form, its test-token panel), gated like
 * `GatedButton`. When it is blocked the whole form is, so the reason is always shown beside it.
 */
export function GatedSubmit(props: Omit<GatedButtonProps, "type" | "tipAlign" | "reasonShown">) {
  return <GatedButton {...props} type="submit" reasonShown="inline" />;
}
