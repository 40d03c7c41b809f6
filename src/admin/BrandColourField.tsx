import { useId } from 'react';
import { BRAND_THEME } from '../../domain/brand-colour';
import { useI18nContext } from '../../i18n/i18n-react';

/**
 * The clinic's primary colour: a picker and the same value as text (#rrggbb), for a colour the
 * clinic already has in writing. The server refuses one that reads below WCAG AA and says why.
 */
export function BrandColourField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.branding;
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium" htmlFor={id}>
        {t.primaryColor()}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          className="h-10 w-14 cursor-pointer rounded border border-base-300"
          value={value || BRAND_THEME.primary}
          aria-label={t.primaryColorPicker()}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={value}
          placeholder={BRAND_THEME.primary}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {t.primaryColorHint()}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
