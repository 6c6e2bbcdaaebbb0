import { formatDate, type ReportSummaryQuery, reportSummaryQuery } from '@petshop/domain';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { lastDays, PRESET_DAYS, presetOf } from '../period';

export interface PeriodPickerProps {
  period: ReportSummaryQuery;
  onChange: (period: ReportSummaryQuery) => void;
}

/** The last 7, 30 or 90 days, or any period of up to 366 days typed as two dates. */
export function PeriodPicker({ period, onChange }: PeriodPickerProps) {
  const preset = presetOf(period);
  const [custom, setCustom] = useState(preset === undefined);
  const form = useSchemaForm({
    schema: reportSummaryQuery,
    initialValues: period,
    submit: async (range: ReportSummaryQuery) => onChange(range),
    errorMessage: 'Período inválido.',
    report: { toast: false },
  });
  const { values } = form;

  return (
    <div className="dashboard-period">
      {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons that change the view at once */}
      <div className="dashboard-toggle" role="group" aria-label="Período">
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className="dashboard-toggle__button"
            aria-pressed={!custom && preset === days}
            onClick={() => {
              setCustom(false);
              onChange(lastDays(days));
            }}
          >
            {days} dias
          </button>
        ))}
        <button
          type="button"
          className="dashboard-toggle__button"
          aria-pressed={custom}
          aria-expanded={custom}
          aria-controls="dashboard-period-form"
          onClick={() => {
            form.set(period);
            setCustom(true);
          }}
        >
          Personalizado
        </button>
      </div>
      {custom && (
        <form
          id="dashboard-period-form"
          className="dashboard-period__form"
          onSubmit={form.onSubmit}
          noValidate
          aria-label="Período personalizado"
        >
          <TextField label="De" type="date" required {...form.field('from')} />
          <TextField label="Até" type="date" required min={values.from || undefined} {...form.field('to')} />
          <Button type="submit" variant="secondary" className="dashboard-period__apply">
            Aplicar
          </Button>
          <FormAlert message={form.formError} />
        </form>
      )}
      <p className="dashboard-period__shown">
        {formatDate(period.from)} a {formatDate(period.to)}
      </p>
    </div>
  );
}
