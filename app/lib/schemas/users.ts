import { z } from "zod";
import { ROLES } from "#db/enums";
import { emailField } from "./auth";

export const PASSWORD_MIN = 6;
export const MISSING_FIELDS = "Please fill in all fields for the new user account.";
const required = (message: string) => z.string({ required_error: message }).trim().min(1, message);

export const CreateUserSchema = z.object({
  firstName: required(MISSING_FIELDS),
  lastName: required(MISSING_FIELDS),
  email: z.string({ required_error: MISSING_FIELDS }).trim().min(1, MISSING_FIELDS).email("Please enter a valid email address"),
  password: z
    .string({ required_error: MISSING_FIELDS })
    .min(1, MISSING_FIELDS)
    .min(PASSWORD_MIN, "Password must be at least 6 characters long"),
  role: z.enum(ROLES).default("stylist"),
});

export const UpdateUserSchema = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: emailField,
  role: z.enum(ROLES),
  isActive: z.boolean().default(true),
});

export const SetPasswordSchema = z.object({
  password: z
    .string({ required_error: "Password must be at least 6 characters long" })
    .min(PASSWORD_MIN, "Password must be at least 6 characters long"),
});

const ALL_PASSWORD_FIELDS = "Please fill in all password fields.";
const SHORT_PASSWORD = "Password must be at least 6 characters long.";

/** `PATCH /api/users/{id}/change-password`: the script sends no confirmation. */
export const ChangeOwnPasswordSchema = z.object({
  currentPassword: z.string({ required_error: ALL_PASSWORD_FIELDS }).min(1, ALL_PASSWORD_FIELDS),
  newPassword: z.string({ required_error: ALL_PASSWORD_FIELDS }).min(1, ALL_PASSWORD_FIELDS).min(PASSWORD_MIN, SHORT_PASSWORD),
});

/** The Account tab's form, with the confirmation field. */
export const ChangeOwnPasswordFormSchema = ChangeOwnPasswordSchema.extend({
  confirmPassword: z.string({ required_error: ALL_PASSWORD_FIELDS }).min(1, ALL_PASSWORD_FIELDS),
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
