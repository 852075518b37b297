// The thresholds of each kind of monitor: what makes a check a problem.
import { Input, Select } from '../../components/input.tsx'
import { describedBy, FormField } from './form-field.tsx'
import type { FieldName, FormValues, SettingsText } from './monitor-form-values.ts'

export interface SettingsFieldsProps {
  id: string
  values: FormValues
  errors: Partial<Record<FieldName, string>>
  onChange(patch: Partial<SettingsText>): void
}

/** Grades from best to worst; T (untrusted) and M (name mismatch) always count as a problem. */
const GRADE_CHOICES = ['A+', 'A', 'B', 'C', 'D', 'E', 'F'] as const

interface NumberFieldProps extends SettingsFieldsProps {
  field: keyof SettingsText & FieldName
  label: string
  hint: string
  unit: string
}

function NumberField({ id, values, errors, onChange, field, label, hint, unit }: NumberFieldProps) {
  const fieldId = `${id}-${field}`
  return (
    <FormField id={fieldId} label={`${label} (${unit})`} hint={hint} error={errors[field]}>
      <Input
        id={fieldId}
        inputMode="numeric"
        value={values.settings[field]}
        onChange={(event) => onChange({ [field]: event.target.value })}
        autoComplete="off"
        {...describedBy(fieldId, hint, errors[field])}
      />
    </FormField>
  )
}

export function SettingsFields(props: SettingsFieldsProps) {
  const { id, values, errors, onChange } = props
  switch (values.kind) {
    case 'ssl': {
      const gradeId = `${id}-minGrade`
      const gradeHint = 'A grade below this is a problem. T and M (untrusted or wrong name) always are.'
      return (
        <>
          <NumberField
            {...props}
            field="expiryDays"
            label="Warn before expiry"
            unit="days"
            hint="A certificate expiring sooner than this is a problem."
          />
          <FormField id={gradeId} label="Lowest accepted grade" hint={gradeHint} error={errors.minGrade}>
            <Select
              id={gradeId}
              value={values.settings.minGrade}
              onChange={(event) => onChange({ minGrade: event.target.value })}
              {...describedBy(gradeId, gradeHint, errors.minGrade)}
            >
              <option value="">Do not watch the grade</option>
              {GRADE_CHOICES.map((grade) => (
                <option key={grade} value={grade}>
                  {grade}
                </option>
              ))}
            </Select>
          </FormField>
        </>
      )
    }
    case 'mail':
      return (
        <NumberField
          {...props}
          field="expiryDays"
          label="Warn before expiry"
          unit="days"
          hint="A STARTTLS certificate expiring sooner than this is a problem, as is a server without STARTTLS."
        />
      )
    case 'dns': {
      const typeId = `${id}-dnsType`
      const typeHint = 'The first answer is kept; an answer that differs from it is a problem.'
      return (
        <FormField id={typeId} label="Record type" hint={typeHint} error={errors.dnsType}>
          <Input
            id={typeId}
            value={values.settings.dnsType}
            onChange={(event) => onChange({ dnsType: event.target.value })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...describedBy(typeId, typeHint, errors.dnsType)}
          />
        </FormField>
      )
    }
    case 'website':
      return (
        <NumberField
          {...props}
          field="maxLatencyMs"
          label="Slowest accepted answer"
          unit="ms"
          hint="Leave empty to watch only whether the site answers without an error status."
        />
      )
    case 'ping':
      return (
        <>
          <NumberField
            {...props}
            field="maxLossPercent"
            label="Highest accepted loss"
            unit="%"
            hint="More lost probes than this is a problem."
          />
          <NumberField
            {...props}
            field="maxAvgLatencyMs"
            label="Highest accepted average round trip"
            unit="ms"
            hint="Leave empty to watch only loss."
          />
        </>
      )
    case 'blacklist':
      return (
        <p className="text-sm text-muted-foreground sm:col-span-2">
          A listing on any block list that could be checked is a problem; lists that could not be checked count neither
          way.
        </p>
      )
  }
}
