import { ASSIGNABLE_ROLES, type AssignableRole } from '../../domain/roles';
import { useI18nContext } from '../../i18n/i18n-react';
import { Field } from '../admin/Field';
import { PsychologistSelect } from '../admin/PsychologistSelect';

export interface RoleChoice {
  role: AssignableRole;
  /** The profile a psychologist member is linked to; '' until one is chosen. */
  psychologistId: string;
}

interface Props {
  value: RoleChoice;
  onChange: (value: RoleChoice) => void;
  psychologists: readonly { id: string; name: string }[];
  errors?: Record<string, string>;
}

/** A role the owner gives, and the psychologist profile when that role is psychologist: inviting and changing a role alike. */
export function RoleChoiceFields({ value, onChange, psychologists, errors = {} }: Props) {
  const { LL } = useI18nContext();
  const t = LL.team.invite;
  return (
    <>
      <Field label={t.role()} error={errors.role}>
        {(control) => (
          <select {...control} className="select w-full" value={value.role} onChange={(event) => onChange({ ...value, role: event.target.value as AssignableRole })}>
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {LL.team.roles[role]()}
              </option>
            ))}
          </select>
        )}
      </Field>
      {value.role === 'psychologist' && (
        <Field label={t.profile()} hint={psychologists.length === 0 ? t.noProfiles() : undefined} error={errors.psychologistId}>
          {(control) => (
            <PsychologistSelect
              control={control}
              psychologists={psychologists}
              value={value.psychologistId}
              onChange={(psychologistId) => onChange({ ...value, psychologistId })}
              placeholder={t.chooseProfile()}
            />
          )}
        </Field>
      )}
    </>
  );
}

/** What the server takes: a profile only for a psychologist. */
export function roleChoiceInput(choice: RoleChoice): { role: AssignableRole; psychologistId?: string } {
  return choice.role === 'psychologist' ? { role: choice.role, psychologistId: choice.psychologistId } : { role: choice.role };
}
