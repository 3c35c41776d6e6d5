// The service dialog's colour: radio buttons drawn as the palette's swatches (no
// JavaScript needed), 'Automatic' keeping the colour chosen by the name (SPEC §9).
import { ErrorList } from "~/components/ui/field";
import { SERVICE_COLOR_KEYS, SERVICE_COLORS, serviceColor, serviceColorLabel } from "~/lib/calendar";
import { cn } from "~/lib/cn";

const SWATCH =
  "peer-checked:ring-2 peer-checked:ring-brand-700 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-700";

export function ServiceColorPicker({
  name,
  defaultValue,
  serviceName,
  errors,
}: {
  name: string;
  defaultValue: string | null;
  serviceName: string;
  errors?: string[];
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Calendar colour</legend>
      <div className="flex flex-wrap gap-2">
        <label className="relative flex cursor-pointer items-center">
          <input type="radio" name={name} value="" defaultChecked={!defaultValue} className="peer sr-only" />
          <span
            className={cn(
              "flex h-8 items-center gap-1.5 rounded-md border-l-4 px-2 text-xs font-medium",
              serviceColor(serviceName),
              SWATCH,
            )}
          >
            Automatic
          </span>
        </label>
        {SERVICE_COLOR_KEYS.map((key) => (
          <label key={key} className="relative flex cursor-pointer items-center" title={serviceColorLabel(key)}>
            <input
              type="radio"
              name={name}
              value={key}
              defaultChecked={defaultValue === key}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={cn("block size-8 rounded-md border-l-4", SERVICE_COLORS[key], SWATCH)}
            />
            <span className="sr-only">{serviceColorLabel(key)}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600">Automatic: a colour chosen from the service&apos;s name.</p>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
