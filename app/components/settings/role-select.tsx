import { SelectField } from "~/components/ui/field";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/domain/permissions";
import { ROLES } from "#db/schema";

export function RoleSelect(props: { id: string; name: string; defaultValue?: string; errors?: string[]; disabled?: boolean; hint?: string }) {
  return (
    <SelectField label="Role" {...props}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
        </option>
      ))}
    </SelectField>
  );
}
