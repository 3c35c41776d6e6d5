import { z } from "zod";
import { isCommonPassword } from "../common-passwords";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, text } from "./limits";

export const emailField = text({ required_error: "Please enter a valid email address" }, EMAIL_MAX, "Email").email(
  "Please enter a valid email address",
);

const COMMON_PASSWORD = "This password is too common. Please choose one that is harder to guess.";
const LONG_PASSWORD = `Password must be at most ${PASSWORD_MAX} characters long.`;

/** A password being chosen: PASSWORD_MIN..PASSWORD_MAX characters and not a common one. */
export function newPasswordField(messages: { required: string; short: string; missing?: string }) {
  return z
    .string({ required_error: messages.required })
    .min(1, messages.missing ?? messages.short)
    .min(PASSWORD_MIN, messages.short)
    .max(PASSWORD_MAX, LONG_PASSWORD)
    .refine((value) => !isCommonPassword(value), COMMON_PASSWORD);
}

export const LoginSchema = z.object({
  email: emailField,
  // A password being checked: only bounded, so a long one cannot cost more than a short one.
  password: z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, LONG_PASSWORD),
});

export const SetupAdminSchema = z.object({
  firstName: text({ required_error: "First name is required" }, NAME_MAX, "First name").min(
    1,
    "First name is required",
  ),
  lastName: text({ required_error: "Last name is required" }, NAME_MAX, "Last name").min(1, "Last name is required"),
  email: emailField,
  password: newPasswordField({
    required: `Password must be at least ${PASSWORD_MIN} characters`,
    short: `Password must be at least ${PASSWORD_MIN} characters`,
  }),
});
