// Team Messages (SPEC §2): the salon's group chat. The newest page of messages shows at
// the bottom of a scroll box that starts scrolled to the end (column-reverse, so this
// holds without JavaScript too); older messages load a page at a time. Sending and
// deleting are plain form posts; other tablets see changes through the live stream.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { PageHeader } from "~/components/shell/app-shell";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorList, controlClasses } from "~/components/ui/field";
import { canDeleteMessage, deleteMessage, latestMessageId, listMessages, sendMessage } from "~/domain/messages.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { chatDay, chatTimeLabel } from "~/lib/chat-time";
import { formatLongDate } from "~/lib/salon-time";
import { MessageSchema } from "~/lib/schemas/messages";
import { formAction } from "~/utils/form-action.server";
import { page, parseOptionalId } from "~/utils/http.server";
import { readSeenMessageId, seenMessageHeader } from "~/utils/messages-seen.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Team Messages" }];

const ROLE_BADGES: Record<string, { label: string; tone: BadgeTone }> = {
  admin: { label: "Admin", tone: "red" },
  stylist: { label: "Stylist", tone: "blue" },
  display: { label: "Display", tone: "neutral" },
};

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "messages.use");
  const before = parseOptionalId(new URL(request.url).searchParams.get("before"));
  const [{ messages, hasOlder }, { timeZone, clockFormat }] = await Promise.all([
    listMessages(user, { before }),
    getGlobalSettings(),
  ]);
  // Labels are worded on the server, in the salon's zone, so the browser needs no date code.
  const now = new Date();
  const days: { day: string; heading: string; messages: ReturnType<typeof view>[] }[] = [];
  function view(message: (typeof messages)[number]) {
    const name = message.sender?.name || "Unknown";
    return {
      id: message.id,
      content: message.content,
      name,
      initial: message.sender?.name ? message.sender.name[0]!.toUpperCase() : "?",
      role: ROLE_BADGES[message.sender?.role ?? ""] ?? { label: "User", tone: "neutral" as BadgeTone },
      time: chatTimeLabel(message.createdAt, now, timeZone, clockFormat),
      sentAt: message.createdAt,
      canDelete: canDeleteMessage(user, message),
    };
  }
  for (const message of messages) {
    const day = chatDay(message.createdAt, timeZone);
    if (days.at(-1)?.day !== day) days.push({ day, heading: formatLongDate(day), messages: [] });
    days.at(-1)!.messages.push(view(message));
  }
  const headers = new Headers();
  if (!before) {
    // This device has now seen everything up to the newest message (the menu's unread count).
    const newest = messages.at(-1)?.id ?? (await latestMessageId());
    if (newest > (await readSeenMessageId(request))) headers.append("Set-Cookie", await seenMessageHeader(newest));
  }
  return data({ days, hasOlder, oldestId: messages[0]?.id ?? null, paged: Boolean(before) }, { headers });
});

const DeleteSchema = z.object({ intent: z.literal("delete"), messageId: z.coerce.number().int().positive() });

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "messages.use");
  const formData = await readFormData(request, formLimit(DeleteSchema, MessageSchema));
  if (formData.get("intent") === "delete") {
    const back = `/messages${new URL(request.url).search}`;
    return formAction(
      formData,
      DeleteSchema,
      async ({ messageId }) => {
        await deleteMessage(user, messageId);
        return redirectWithToast(back, { title: "Message deleted" });
      },
      {
        onRefused: (error) =>
          redirectWithToast(back, { title: "Error", description: error.message, variant: "destructive" }),
      },
    );
  }
  return formAction(formData, MessageSchema, async (value) => {
    await sendMessage(user, value);
    // Back to the newest page, where the message just sent is.
    return redirectWithToast("/messages", { title: "Message sent" });
  });
});

type DayView = ReturnType<typeof useLoaderData<typeof loader>>["days"][number];
type MessageView = DayView["messages"][number];

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.75">
      <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function MessageItem({ message }: { message: MessageView }) {
  return (
    <li className="group flex gap-3 rounded-md px-2 py-2 hover:bg-slate-50">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {message.initial}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="font-semibold text-slate-900">{message.name}</span>
          <Badge tone={message.role.tone}>{message.role.label}</Badge>
          <time dateTime={message.sentAt} className="text-xs text-slate-600">
            {message.time}
          </time>
        </div>
        {/* Plain text: React escapes it, and pre-wrap keeps the sender's line breaks. */}
        <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">{message.content}</p>
      </div>
      {message.canDelete ? (
        <Form method="post" preventScrollReset className="shrink-0">
          <input type="hidden" name="messageId" value={message.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            aria-label={`Delete message from ${message.name} (${message.time})`}
            className="rounded-md p-2 text-slate-500 opacity-40 transition-opacity group-hover:opacity-100 hover:bg-red-50 hover:text-red-700 focus-visible:opacity-100"
          >
            <TrashIcon />
          </button>
        </Form>
      ) : null}
    </li>
  );
}

function Compose() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "send" ? actionData.result : undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MessageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  // Empty the box once a send has gone through (a failed one comes back as action data).
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !lastResult) formRef.current?.reset();
    wasSending.current = sending;
  }, [sending, lastResult]);
  const errors = [...(form.errors ?? []), ...(fields.content.errors ?? [])];
  const errorId = `${fields.content.id}-error`;
  return (
    <Form
      ref={formRef}
      method="post"
      action="/messages"
      {...getFormProps(form)}
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="intent" value="send" />
      <div className="min-w-0 flex-1">
        <label htmlFor={fields.content.id} className="sr-only">
          Message
        </label>
        <textarea
          {...getTextareaProps(fields.content)}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? errorId : undefined}
          rows={2}
          placeholder="Type your message to the team..."
          className={`${controlClasses} min-h-16 resize-y`}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter is a new line (and so is Enter while composing with an IME).
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <ErrorList id={errorId} errors={errors} />
      </div>
      <Button type="submit" disabled={sending} className="sm:mb-0.5">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

export default function MessagesScreen() {
  const { days, hasOlder, oldestId, paged } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/messages" &&
    navigation.location.search !== location.search;
  return (
    <main className="p-4 sm:p-6" data-toasts-at-top>
      <PageHeader title="Team Messages" description="Group chat for the whole salon team" />
      <Card aria-labelledby="chat-title" className="flex flex-col p-4 sm:p-5">
        <h2 id="chat-title" className="mb-2 text-base font-semibold text-slate-900">
          Group Chat
        </h2>
        <p role="status" className="min-h-5 text-sm text-slate-600">
          {loading ? "Loading messages..." : ""}
        </p>
        {/* column-reverse: the box opens scrolled to its end, the newest message. */}
        <div
          className="flex h-[calc(100dvh-25rem)] min-h-64 flex-col-reverse sm:h-[calc(100dvh-20rem)] overflow-y-auto rounded-md ring-1 ring-slate-200"
          tabIndex={0}
          aria-label="Messages"
        >
          <div className="px-1 py-2">
            {hasOlder && oldestId ? (
              <div className="flex justify-center pb-2">
                <Link
                  to={`/messages?before=${oldestId}`}
                  preventScrollReset
                  className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}
                >
                  Show older messages
                </Link>
              </div>
            ) : null}
            {days.length === 0 ? (
              <p className="py-10 text-center text-sm text-slate-600">
                {paged ? "No older messages." : "No messages yet. Start the conversation!"}
              </p>
            ) : (
              days.map((day) => (
                <section key={day.day} aria-label={day.heading}>
                  <h3 className="sticky top-0 z-10 my-2 bg-white py-1 text-center text-xs font-semibold text-slate-600">
                    {day.heading}
                  </h3>
                  <ul className="space-y-1">
                    {day.messages.map((message) => (
                      <MessageItem key={message.id} message={message} />
                    ))}
                  </ul>
                </section>
              ))
            )}
            {paged ? (
              <div className="flex justify-center pt-2">
                <Link to="/messages" className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}>
                  Back to the latest messages
                </Link>
              </div>
            ) : null}
          </div>
        </div>
        <Compose />
      </Card>
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
