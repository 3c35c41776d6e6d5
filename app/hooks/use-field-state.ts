import { useEffect, useLayoutEffect, useState, type Dispatch, type SetStateAction } from "react";

// Layout effects do nothing on the server (React warns there); the browser needs the layout one.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * State for a controlled form field (found by its `id`) that keeps what was chosen or typed
 * before React took over the page. On a slow tablet the server's form can be used for
 * seconds before the scripts hydrate it; a controlled field would then be set back to its
 * first value at the next render, and a "Cancelled" chosen in that time saved as
 * "Scheduled". Hydration leaves a field's value alone, so the first layout effect reads it
 * back into the state.
 */
export function useFieldState(initial: string, id: string): [string, Dispatch<SetStateAction<string>>] {
  const [value, setValue] = useState(initial);
  useBrowserLayoutEffect(() => {
    const field = document.getElementById(id);
    const shown =
      field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement
        ? field.value
        : undefined;
    if (shown !== undefined && shown !== initial) setValue(shown);
    // Only once, for the value the server rendered.
  }, []);
  return [value, setValue];
}
