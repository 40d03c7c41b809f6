import { type FormEvent, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import { messageOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Field } from '../Field';

type Setup = RouterOutputs['admin']['twoFactor']['setup'];

/** The set-up's second half: the QR code and its key, and the first code that turns it on. */
export function TurnOnTwoFactor({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.twoFactor;
  const [code, setCode] = useState('');
  const enable = trpc.admin.twoFactor.enable.useMutation({ onSuccess: (answer) => onEnabled(answer.recoveryCodes) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate({ code });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
      <p className="text-sm font-medium">{t.scan()}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
        alt={t.qrAlt()}
        width={200}
        height={200}
        className="rounded bg-white"
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm">{t.manualKey()}</span>
        <code className="break-all rounded bg-base-200 px-2 py-1 font-mono text-sm" data-testid="two-factor-key">
          {setup.secret.match(/.{1,4}/g)!.join(' ')}
        </code>
      </div>
      <Field label={t.enterCode()}>
        {(control) => (
          <input
            {...control}
            className="input w-full max-w-xs"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
          />
        )}
      </Field>
      {enable.error && (
        <p role="alert" className="text-error">
          {messageOf(enable.error, t.turnOnFailed())}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={enable.isPending || !code.trim()}>
          {enable.isPending ? t.confirming() : t.confirm()}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t.cancel()}
        </button>
      </div>
    </form>
  );
}
