import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export type LiveStatus = "connecting" | "live" | "offline";

/**
 * Revalidates the page's loaders when another tablet changes something. While the
 * stream is down, falls back to polling every `fallbackPollMs` (SPEC §9: 5 s).
 */
export function useLiveUpdates({ topics, fallbackPollMs = 5000 }: { topics?: string[]; fallbackPollMs?: number } = {}): LiveStatus {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // Revalidating while a navigation loads would abort and restart its loaders; the
  // aborted request may already have taken the one-shot toast cookie, and the toast of
  // a save would be lost. So a change that arrives mid-navigation waits for it to end.
  const busy = useRef(false);
  const deferred = useRef(false);
  busy.current = navigation.state !== "idle";
  const revalidateNow = useRef(revalidator.revalidate);
  revalidateNow.current = revalidator.revalidate;
  const revalidate = useRef(() => {
    if (busy.current) deferred.current = true;
    else revalidateNow.current();
  });

  useEffect(() => {
    if (navigation.state === "idle" && deferred.current) {
      deferred.current = false;
      revalidateNow.current();
    }
  }, [navigation.state]);

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
