"use client";

import { GatedButton, type GatedButtonProps } from "@/app/_components/gated-button";

/**
 * The submit button of a form on a page (the room's invite form, its test-token panel), gated like
 * `GatedButton`; its tooltip lines up with the form's start edge.
 */
export function GatedSubmit(props: Omit<GatedButtonProps, "type" | "tipAlign">) {
  return <GatedButton {...props} type="submit" tipAlign="start" />;
}
