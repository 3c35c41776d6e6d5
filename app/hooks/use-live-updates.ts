import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

type LiveStatus = "connecting" | "live" | "offline";

/**
 * Revalidates the page's loaders when another tablet changes something. While the
 * stream is down, falls back to polling every `fallbackPollMs` (SPEC §9: 5 s). `since`:
 * the change feed's position when the page was made; the stream first replays what came
 * after it, so a change made between the page's load and the stream's start still counts.
 */
export function useLiveUpdates({
  topics,
  since,
  fallbackPollMs = 5000,
}: { topics?: string[]; since?: number; fallbackPollMs?: number } = {}): LiveStatus {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // Never revalidate in the middle of a navigation or submission (a fetcher's too: the
  // pricing and availability screens save through fetchers that redirect): the page is
  // about to load fresh data anyway, and a parallel load could take the toast meant for it.
  const busy = useRef(false);
  busy.current =
    navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const revalidate = useRef(() => {});
  revalidate.current = () => {
    // Offline, a change announced on a stream not yet cut waits: the return of the connection reloads.
    if (!busy.current && navigator.onLine) revalidator.revalidate();
  };
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const topicKey = topics?.join(",") ?? "*";
  // Only the first connection starts from the page's position; the browser resumes later
  // ones itself (Last-Event-ID), and a revalidation must not open a new stream.
  const start = useRef(since);
  // The last change seen, and a new stream from it if the browser gave up while offline.
  const lastSeen = useRef(since);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(debounce);
      debounce = setTimeout(function run() {
        if (busy.current) debounce = setTimeout(run, 300);
        else revalidate.current();
      }, 150);
    };
    const wanted = topicKey === "*" ? null : new Set(topicKey.split(","));
    const from = attempt === 0 ? start.current : lastSeen.current;
    const source = new EventSource(from === undefined ? "/api/events" : `/api/events?lastEventId=${from}`);
    const remember = (event: MessageEvent) => {
      const id = Number(event.lastEventId);
      if (Number.isInteger(id) && id > 0) lastSeen.current = id;
    };
    const onChange = (event: MessageEvent) => {
      remember(event);
      if (!wanted || wanted.has(event.type)) refresh();
    };
    const names = wanted
      ? [...wanted]
      : [
          "appointments",
          "clients",
          "services",
          "pricing",
          "availability",
          "shopping",
          "messages",
          "users",
          "settings",
          "waitlist",
          "sales",
        ];
    for (const name of names) source.addEventListener(name, onChange);
    // More changes were missed than the stream replays: every topic may have changed.
    source.addEventListener("reload", (event) => {
      remember(event);
      refresh();
    });
    source.onopen = () => setStatus("live");
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "offline" : "connecting");
    // Back online (decision 0124): the data again at once, and the stream from where it was
    // if the browser closed it.
    const onOnline = () => {
      refresh();
      if (source.readyState === EventSource.CLOSED) setAttempt((count) => count + 1);
    };
    window.addEventListener("online", onOnline);
    return () => {
      clearTimeout(debounce);
      window.removeEventListener("online", onOnline);
      source.close();
    };
  }, [topicKey, attempt]);

  useEffect(() => {
    if (status === "live") return;
    const timer = setInterval(() => {
      // Offline, nothing can be fetched: the screen keeps what it has (the service worker's copy).
      if (document.visibilityState === "visible") revalidate.current();
    }, fallbackPollMs);
    return () => clearInterval(timer);
  }, [status, fallbackPollMs]);

  return status;
}
