import { z } from "zod";

export const emailField = z
  .string({ required_error: "Please enter a valid email address" })
  .trim()
  .email("Please enter a valid email address");

export const LoginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required"),
});

export const SetupAdminSchema = z.object({
  firstName: z.string({ required_error: "First name is required" }).trim().min(1, "First name is required"),
  lastName: z.string({ required_error: "Last name is required" }).trim().min(1, "Last name is required"),
  email: emailField,
  password: z
    .string({ required_error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters"),
});
