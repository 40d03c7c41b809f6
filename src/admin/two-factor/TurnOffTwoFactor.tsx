import { type FormEvent, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Modal } from '../../components/Modal';
import { messageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { Field } from '../Field';

/** Turning two-factor sign-in off asks for a code: a session left open, or a leaked password, is not enough. */
export function TurnOffTwoFactor({ onClose, onTurnedOff }: { onClose: () => void; onTurnedOff: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.twoFactor;
  const [code, setCode] = useState('');
  const disable = trpc.admin.twoFactor.disable.useMutation({ onSuccess: onTurnedOff });
  const errors = fieldErrorsOf(disable.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate({ code });
  };
  return (
    <Modal title={t.turnOffTitle()} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <p>{t.turnOffIntro()}</p>
        <Field label={t.code()} error={errors.code}>
          {(control) => (
            <input {...control} className="input w-full" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
          )}
        </Field>
        {disable.error && (
          <p role="alert" className="text-error">
            {messageOf(disable.error, t.turnOffFailed())}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <button type="button" className="btn" onClick={onClose} disabled={disable.isPending}>
            {t.cancel()}
          </button>
          <button type="submit" className="btn btn-error" disabled={disable.isPending || !code.trim()}>
            {disable.isPending ? t.turningOff() : t.turnOffConfirm()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
