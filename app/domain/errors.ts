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
/**
 * The client's phone or e-mail is already another client's (decision 0060): a warning, not
 * a refusal. The same write with the confirmation (`confirmFor` echoed, or `/api`'s
 * `"confirm": true`) adds a client who shares it, e.g. a family's mobile (decision 0097).
 */
export class DuplicateClient extends Conflict {
  constructor(
    readonly existing: { id: number; name: string },
    readonly field: "phone" | "email",
    confirmFor: string,
  ) {
    super(`A client with this ${field === "phone" ? "phone number" : "e-mail"} already exists: ${existing.name}.`, {
      [field]: [`Already on file for ${existing.name}`],
    });
    this.details = { existingClientId: existing.id, reason: field, confirmFor };
  }
}
/** A client on file whom a typed booking may mean, and why: the same name, phone or e-mail. */
export type ClientCandidate = {
  id: number;
  name: string;
  phone: string;
  matchedOn: ("name" | "phone" | "email")[];
};
/**
 * A booking typed (not picked) for a name, phone or e-mail already on file under another
 * client: the user chooses that client or a new one (decision 0097). `confirmFor` is what
 * was checked; "Create a new client" holds only for it.
 */
export class ClientChoiceNeeded extends NeedsConfirmation<{ candidates: ClientCandidate[]; confirmFor: string }> {
  constructor(candidates: ClientCandidate[], confirmFor: string) {
    super("Choose who this booking is for: a client on file has this name, phone number or e-mail.", {
      candidates,
      confirmFor,
    });
  }
}
/** An online booking's slot was taken meanwhile: 409 with the nearest free slots (`alternatives`) beside the message. */
export class SlotTaken extends Conflict {
  declare details: { alternatives: { start: string; stylistIds: number[] }[] };
  constructor(message: string, alternatives: { start: string; stylistIds: number[] }[]) {
    super(message);
    this.details = { alternatives };
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
/**
 * A booking of a service that needs a patch test, for a client without a valid one (decision
 * 0126): 409 with `code: "patch_test_required"` and what was found. The same write with
 * `patchTestConfirmed` (and for a failed test an administrator's `overrideReason`) goes ahead.
 */
export class PatchTestRequired extends NeedsConfirmation<{
  code: "patch_test_required";
  patchTest: "missing" | "too_recent" | "expired" | "failed";
  /** The same as the error's: a form's reply carries it with the details, the dialog asks with it. */
  message: string;
}> {
  constructor(message: string, finding: "missing" | "too_recent" | "expired" | "failed") {
    super(message, { code: "patch_test_required", patchTest: finding, message });
  }
}
