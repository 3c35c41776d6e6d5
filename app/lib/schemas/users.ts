import { z } from "zod";
import { ROLES } from "#db/enums";
import { emailField, newPasswordField } from "./auth";
import { NAME_MAX, PASSWORD_MIN, text } from "./limits";

export { PASSWORD_MIN };
export const MISSING_FIELDS = "Please fill in all fields for the new user account.";
const required = (message: string) => text({ required_error: message }, NAME_MAX, "Name").min(1, message);
const SHORT_PASSWORD = `Password must be at least ${PASSWORD_MIN} characters long.`;

export const CreateUserSchema = z.object({
  firstName: required(MISSING_FIELDS),
  lastName: required(MISSING_FIELDS),
  email: text({ required_error: MISSING_FIELDS }, 254, "Email")
    .min(1, MISSING_FIELDS)
    .email("Please enter a valid email address"),
  password: newPasswordField({ required: MISSING_FIELDS, missing: MISSING_FIELDS, short: SHORT_PASSWORD.slice(0, -1) }),
  role: z.enum(ROLES).default("stylist"),
});

export const UpdateUserSchema = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: emailField,
  role: z.enum(ROLES),
  isActive: z.boolean().default(true),
});

/** `PATCH /api/users/{id}`: any of the fields; the rest keep their stored values. */
export const UserPatchSchema = UpdateUserSchema.partial().extend({ isActive: z.boolean().optional() });

export const SetPasswordSchema = z.object({
  password: newPasswordField({ required: SHORT_PASSWORD.slice(0, -1), short: SHORT_PASSWORD.slice(0, -1) }),
});

const ALL_PASSWORD_FIELDS = "Please fill in all password fields.";

/** `PATCH /api/users/{id}/change-password`: the script sends no confirmation. */
export const ChangeOwnPasswordSchema = z.object({
  currentPassword: z
    .string({ required_error: ALL_PASSWORD_FIELDS })
    .min(1, ALL_PASSWORD_FIELDS)
    .max(128, "Current password is incorrect."),
  newPassword: newPasswordField({ required: ALL_PASSWORD_FIELDS, missing: ALL_PASSWORD_FIELDS, short: SHORT_PASSWORD }),
});

/** The Account tab's form, with the confirmation field. */
export const ChangeOwnPasswordFormSchema = ChangeOwnPasswordSchema.extend({
  confirmPassword: z.string({ required_error: ALL_PASSWORD_FIELDS }).min(1, ALL_PASSWORD_FIELDS).max(128),
}).refine((value) => value.newPassword === value.confirmPassword, {
  path: ["confirmPassword"],
  message: "New password and confirm password must match.",
});

/** Anyone's own name and e-mail (the Account tab); the role is not theirs to change. */
export const OwnProfileSchema = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: emailField,
});
