import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/lib/cn";

export const controlClasses =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-700 aria-[invalid=true]:ring-red-600 disabled:bg-slate-100 disabled:text-slate-600";

export function ErrorList({ id, errors }: { id?: string; errors?: (string | null | undefined)[] | null }) {
  const messages = (errors ?? []).filter(Boolean);
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

type FieldShell = { label: ReactNode; errors?: string[] | null; hint?: ReactNode; className?: string };

function useFieldIds(explicitId?: string) {
  const fallback = useId();
  const id = explicitId ?? fallback;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function describedBy(hasErrors: boolean, hasHint: boolean, errorId: string, hintId: string) {
  return [hasErrors ? errorId : null, hasHint ? hintId : null].filter(Boolean).join(" ") || undefined;
}

export function Field({
  label,
  errors,
  hint,
  className,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const { id, errorId, hintId } = useFieldIds(input.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, Boolean(hint), errorId, hintId)}
        className={controlClasses}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  children,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, errorId, hintId } = useFieldIds(select.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...select}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, Boolean(hint), errorId, hintId)}
        className={controlClasses}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  ...textarea
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, errorId, hintId } = useFieldIds(textarea.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, Boolean(hint), errorId, hintId)}
        className={cn(controlClasses, "min-h-20")}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The form-level messages; `children` (a link to what the message names) follow them. */
export function FormAlert({ errors, children }: { errors?: string[] | null; children?: ReactNode }) {
  const messages = (errors ?? []).filter(Boolean);
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </div>
  );
}

/** The form-level messages of a Conform reply from `formAction` (kept under the empty key). */
export function formErrorsOf(result: { error?: Record<string, string[] | null> | null } | null | undefined): string[] {
  return result?.error?.[""] ?? [];
}

/** A failed `formAction` reply as a fetcher or `useActionData` sees it. */
export type FailedReply = { intent: string | null; result: { error?: Record<string, string[] | null> | null } };

/** The one message that sums up a failed reply: the form's, else the first field's. */
export function replyMessage(reply: FailedReply | undefined): string | null {
  if (!reply) return null;
  return (
    formErrorsOf(reply.result)[0] ??
    Object.values(reply.result.error ?? {}).find((messages) => messages?.length)?.[0] ??
    null
  );
}

/** The messages a failed reply holds for one field. */
export function replyFieldErrors(reply: FailedReply | undefined, field: string): string[] | undefined {
  const messages = reply?.result.error?.[field];
  return messages?.length ? messages : undefined;
}
