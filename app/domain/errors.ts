// Typed domain errors: routes map them to HTTP statuses, API routes to JSON bodies.
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  /** More of the answer, beside the message (an `/api` body's fields, a form reply's `details`). */
  details?: Record<string, unknown>;
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message: string, fieldErrors?: FieldErrors) {
    super(message, 400, fieldErrors);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = "You are not signed in.") {
    super(message, 401);
  }
}
export class Forbidden extends DomainError {
  constructor(message = "You do not have permission to do that.") {
    super(message, 403);
  }
}
export class NotFound extends DomainError {
  constructor(message = "Not found.") {
    super(message, 404);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, fieldErrors?: FieldErrors) {
    super(message, 409, fieldErrors);
  }
}
/** A write that waits for the caller's confirmation: 409, and `/api` adds the details (what it would affect) to the body. */
export class NeedsConfirmation<Details extends Record<string, unknown> = Record<string, unknown>> extends Conflict {
  declare details: Details;
  constructor(message: string, details: Details) {
    super(message);
    this.details = details;
  }
}
/** The client's phone or e-mail is already another client's (one record per client, decision 0060). */
export class DuplicateClient extends Conflict {
  constructor(
    readonly existing: { id: number; name: string },
    readonly field: "phone" | "email",
  ) {
    super(`A client with this ${field === "phone" ? "phone number" : "e-mail"} already exists: ${existing.name}.`, {
      [field]: [`Already on file for ${existing.name}`],
    });
    this.details = { existingClientId: existing.id };
  }
}
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}
/** The server is busy (e.g. every password-hashing slot is taken): try again shortly. */
export class ServiceUnavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 503);
  }
}
export class UnsupportedMediaType extends DomainError {
  constructor(message: string) {
    super(message, 415);
  }
}
/** A request body larger than a route accepts: too many fields, or one field repeated too often. */
export class TooLarge extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}
