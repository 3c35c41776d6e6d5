import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export type LiveStatus = "connecting" | "live" | "offline";

/**
 * Revalidates the page's loaders when another tablet changes something. While the
 * stream is down, falls back to polling every `fallbackPollMs` (SPEC §9: 5 s).
 *
 * While this page is itself submitting or loading, a change waits until it is idle: the
 * submission's own reload brings fresh data, and interrupting it would throw away the
 * answer that carried its one-shot toast cookie (the toast would be lost).
 */
export function useLiveUpdates({ topics, fallbackPollMs = 5000 }: { topics?: string[]; fallbackPollMs?: number } = {}): LiveStatus {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const deferred = useRef(false);
  const revalidateWhenIdle = () => {
    if (busyRef.current) deferred.current = true;
    else revalidator.revalidate();
  };
  const revalidate = useRef(revalidateWhenIdle);
  revalidate.current = revalidateWhenIdle;
  useEffect(() => {
    if (busy || !deferred.current) return;
    deferred.current = false;
    revalidate.current();
  }, [busy]);
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const topicKey = topics?.join(",") ?? "*";

  useEffect(() => {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => revalidate.current(), 100);
    };
    const wanted = topicKey === "*" ? null : new Set(topicKey.split(","));
    const source = new EventSource("/api/events");
    const onChange = (event: MessageEvent) => {
      if (!wanted || wanted.has(event.type)) refresh();
    };
    const names = wanted ? [...wanted] : ["appointments", "clients", "services", "pricing", "availability", "shopping", "messages", "users", "settings"];
    for (const name of names) source.addEventListener(name, onChange);
    source.onopen = () => setStatus("live");
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "offline" : "connecting");
    return () => {
      clearTimeout(debounce);
      source.close();
    };
  }, [topicKey]);

  useEffect(() => {
    if (status === "live") return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") revalidate.current();
    }, fallbackPollMs);
    return () => clearInterval(timer);
  }, [status, fallbackPollMs]);

  return status;
}
