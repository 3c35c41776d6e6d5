import type { ComponentProps } from "react";
import { SelectField } from "~/components/ui/field";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/domain/permissions";
import { ROLES } from "#db/enums";

const ROLE_HINT = ROLES.map((role) => `${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}.`).join(" ");

export function RoleSelect(props: Omit<ComponentProps<typeof SelectField>, "label" | "children">) {
  return (
    <SelectField label="Role" hint={ROLE_HINT} {...props}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}
