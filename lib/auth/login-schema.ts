import { z } from "zod";

export const loginBody = z.object({
  email: z.string({ error: "email is required" }).trim().min(3, "email is required").max(320),
  password: z.string({ error: "password is required" }).min(1, "password is required").max(1024),
});
