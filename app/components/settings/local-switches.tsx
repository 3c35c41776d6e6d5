// Device-local preferences (SPEC §3: no save call exists for them). Stored in this
// browser's localStorage; the switches need JavaScript and say so without it.
import { useEffect, useState } from "react";
import { SwitchField } from "~/components/ui/switch";

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
          <li key={item.key} className="py-3">
            <SwitchField
              id={`switch-${item.key}`}
              label={item.label}
              description={item.description}
              checked={values[item.key] ?? item.defaultOn}
              onChange={(event) => update(item.key, event.currentTarget.checked)}
              disabled={!ready}
            />
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
