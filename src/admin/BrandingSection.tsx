import { CONFIGURATION_TEXT_LIMITS } from '../../domain/configuration';
import { slugify } from '../../domain/slug';
import { isWebUrl } from '../../domain/web-url';
import { TextField } from '../components/TextField';
import { useI18nContext } from '../../i18n/i18n-react';
import { ScreenerLogo } from '../screener/ScreenerLogo';
import { AdminSection } from './AdminSection';
import type { ConfigurationSectionProps } from './configuration-draft';
import { TextAreaField } from './Field';
import { BrandColourField } from './BrandColourField';
import { LogoUpload } from './LogoUpload';
import { SwitchField } from './SwitchField';
import { brandColourStyle } from '../lib/brand-colour-style';

/**
 * What the slug of a changed company name will be; the server makes it unique on save.
 * Nothing while the name is the saved one: the URLs above already show its slug.
 */
function SlugPreview({ companyName, savedCompanyName }: { companyName: string; savedCompanyName: string | null }) {
  const { LL } = useI18nContext();
  if (companyName.trim() === '' || companyName.trim() === savedCompanyName) return null;
  const slug = slugify(companyName);
  return (
    <p className="text-xs text-base-content/70" aria-live="polite">
      {slug ? LL.admin.branding.slugPreview({ slug }) : LL.admin.branding.noSlug()}
    </p>
  );
}

/** The top of the screener as a visitor will see it, redrawn as the operator types. */
function BrandingPreview({ title, companyName, logoUrl, colour }: { title: string; companyName: string; logoUrl: string | null; colour: string }) {
  const { LL } = useI18nContext();
  const name = companyName.trim() || title;
  return (
    <figure
      className="flex flex-col items-center gap-2 rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-center"
      style={brandColourStyle(colour.trim().toLowerCase())}
    >
      <figcaption className="self-start text-xs font-semibold uppercase text-base-content/70">{LL.admin.branding.preview()}</figcaption>
      <ScreenerLogo logoUrl={logoUrl} alt={LL.admin.branding.logoAlt({ name })} />
      {companyName.trim() && <p className="text-sm text-base-content/80">{companyName}</p>}
      <p className="text-xl font-bold break-words">{title}</p>
      <span className="btn btn-primary btn-sm" aria-hidden="true">
        {LL.admin.branding.previewButton()}
      </span>
    </figure>
  );
}

/** App title and description, company name and logo URL, with a live preview. */
export function BrandingSection({
  draft,
  update,
  errors,
  savedCompanyName,
  uploadedLogoUrl,
}: ConfigurationSectionProps & { savedCompanyName: string | null; uploadedLogoUrl: string | null }) {
  const { LL } = useI18nContext();
  const t = LL.admin.branding;
  return (
    <AdminSection title={t.title()}>
      <TextField label={t.appTitle()} value={draft.appTitle} onChange={(value) => update('appTitle', value)} error={errors.appTitle} required />
      <TextField label={t.appTitleMs()} value={draft.appTitleMs} onChange={(value) => update('appTitleMs', value)} error={errors.appTitleMs} lang="ms" />
      <TextAreaField
        label={t.appDescription()}
        value={draft.appDescription}
        onChange={(value) => update('appDescription', value)}
        error={errors.appDescription}
        maxLength={CONFIGURATION_TEXT_LIMITS.appDescription}
      />
      <TextAreaField
        label={t.appDescriptionMs()}
        value={draft.appDescriptionMs}
        onChange={(value) => update('appDescriptionMs', value)}
        error={errors.appDescriptionMs}
        maxLength={CONFIGURATION_TEXT_LIMITS.appDescription}
        lang="ms"
      />
      <div className="flex flex-col gap-1">
        <TextField
          label={t.companyName()}
          value={draft.companyName}
          onChange={(value) => update('companyName', value)}
          error={errors.companyName}
          autoComplete="organization"
        />
        <SlugPreview companyName={draft.companyName} savedCompanyName={savedCompanyName} />
      </div>
      <div className="flex flex-col gap-1">
        <TextField label={t.logoUrl()} type="url" value={draft.logoUrl} onChange={(value) => update('logoUrl', value)} error={errors.logoUrl} />
        <p className="text-xs text-base-content/70">{t.logoHint()}</p>
      </div>
      <LogoUpload uploadedLogoUrl={uploadedLogoUrl} />
      <BrandColourField value={draft.primaryColor} onChange={(value) => update('primaryColor', value)} error={errors.primaryColor} />
      <SwitchField
        label={t.hidePoweredBy()}
        hint={errors.hidePoweredBy ?? t.hidePoweredByHint()}
        checked={draft.hidePoweredBy}
        onChange={(checked) => update('hidePoweredBy', checked)}
      />
      <BrandingPreview
        title={draft.appTitle}
        companyName={draft.companyName}
        logoUrl={uploadedLogoUrl ?? (isWebUrl(draft.logoUrl.trim()) ? draft.logoUrl.trim() : null)}
        colour={draft.primaryColor}
      />
    </AdminSection>
  );
}
