import { useId, useState } from 'react';
import { MAX_LOGO_BYTES } from '../../domain/logo-file';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';

/**
 * Uploads the clinic's logo file as it is (PUT /api/configuration/logo): the server reads its
 * type from its bytes and answers a readable refusal, shown under the field. The saved
 * configuration is read again so the preview and the screener's address follow.
 */
export function LogoUpload({ uploadedLogoUrl }: { uploadedLogoUrl: string | null }) {
  const { LL } = useI18nContext();
  const t = LL.admin.branding;
  const id = useId();
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (method: 'PUT' | 'DELETE', body?: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await fetch('/api/configuration/logo', {
        method,
        body,
        headers: body ? { 'content-type': 'application/octet-stream' } : undefined,
        credentials: 'same-origin',
      });
      if (!answer.ok) {
        const refusal = (await answer.json().catch(() => null)) as { error?: string } | null;
        setProblem(refusal?.error ?? t.logoUploadFailed());
        return;
      }
      await utils.admin.configuration.get.invalidate();
    } catch {
      setProblem(t.logoUploadFailed());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium" htmlFor={id}>
        {t.logoFile()}
      </label>
      <input
        id={id}
        type="file"
        className="file-input w-full"
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send('PUT', file);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        {t.logoFileHint({ maxKb: MAX_LOGO_BYTES / 1024 })}
      </p>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      {uploadedLogoUrl && (
        <button type="button" className="btn btn-outline btn-sm self-start" disabled={busy} onClick={() => void send('DELETE')}>
          {t.removeLogo()}
        </button>
      )}
    </div>
  );
}
