// Device-local preferences (SPEC §3: no save call exists for them). Stored in this
// browser's localStorage; the switches need JavaScript and say so without it.
import { Switch } from "radix-ui";
import { useEffect, useState } from "react";

export type LocalSwitch = { key: string; label: string; description: string; defaultOn: boolean };

function usePreferences(storageKey: string, switches: LocalSwitch[]) {
  const defaults = Object.fromEntries(switches.map((item) => [item.key, item.defaultOn]));
  const [values, setValues] = useState<Record<string, boolean>>(defaults);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(storageKey) ?? "{}") as Record<string, boolean>;
      setValues((current) => ({ ...current, ...stored }));
    } catch {
      // unreadable preferences fall back to the defaults
    }
    setReady(true);
  }, [storageKey]);
  const update = (key: string, value: boolean) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      window.localStorage.setItem(storageKey, JSON.stringify(next));
      return next;
    });
  };
  return { values, update, ready };
}

export function LocalSwitchList({ storageKey, switches }: { storageKey: string; switches: LocalSwitch[] }) {
  const { values, update, ready } = usePreferences(storageKey, switches);
  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {switches.map((item) => (
          <li key={item.key} className="flex items-center justify-between gap-4 py-3">
            <div>
              <label htmlFor={`switch-${item.key}`} className="text-sm font-medium text-slate-900">
                {item.label}
              </label>
              <p id={`switch-${item.key}-description`} className="text-sm text-slate-600">
                {item.description}
              </p>
            </div>
            <Switch.Root
              id={`switch-${item.key}`}
              checked={values[item.key] ?? item.defaultOn}
              onCheckedChange={(checked) => update(item.key, checked)}
              disabled={!ready}
              aria-describedby={`switch-${item.key}-description`}
              className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-700 disabled:opacity-60"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
            </Switch.Root>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600">These preferences are kept on this device only.</p>
      <noscript>
        <p className="mt-2 text-sm text-amber-800">Turn on JavaScript to change these device preferences.</p>
      </noscript>
    </div>
  );
}
