import { useEffect, useRef } from "react";
import { showToast } from "~/components/ui/toaster";

/**
 * Shows a destructive toast each time a new action or fetcher result carries a failure
 * (SPEC §8: titled 'Error', with the server's message or the screen's fallback text).
 * Without JavaScript the same text is on the page, next to the form.
 */
export function useFailureToast(result: unknown, message: string | null | undefined) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!result || !message || shown.current === result) return;
    shown.current = result;
    showToast({ title: "Error", description: message, variant: "destructive" });
  }, [result, message]);
}
