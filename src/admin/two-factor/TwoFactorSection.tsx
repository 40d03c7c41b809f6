import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { AdminSection } from '../AdminSection';
import { useAdminToast } from '../useAdminToast';
import { RecoveryCodes } from './RecoveryCodes';
import { TurnOffTwoFactor } from './TurnOffTwoFactor';
import { TurnOnTwoFactor } from './TurnOnTwoFactor';

/** The signed-in member's own two-factor sign-in (docs/decisions/0035): turn it on with an app, or off. */
export function TwoFactorSection({ username }: { username: string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.twoFactor;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const status = trpc.admin.twoFactor.status.useQuery();
  const [setup, setSetup] = useState<RouterOutputs['admin']['twoFactor']['setup'] | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const start = trpc.admin.twoFactor.setup.useMutation({
    onSuccess: setSetup,
    onError: (error) => toast.failure(error, t.turnOnFailed()),
  });
  if (!status.data) return null;

  const enabled = (codes: string[]) => {
    setSetup(null);
    setRecoveryCodes(codes);
    toast.success(t.turnedOn());
    void utils.admin.twoFactor.invalidate();
  };
  // Only now may a page held to the set-up open the rest (AdminSetupPage): not before the codes are kept.
  const codesKept = () => {
    setRecoveryCodes(null);
    void utils.admin.account.me.invalidate();
  };
  const turnedOff = () => {
    setTurningOff(false);
    toast.success(t.turnedOff());
    void utils.admin.twoFactor.invalidate();
    // A clinic that requires it holds the member to the set-up again.
    void utils.admin.account.me.invalidate();
  };

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <p role="status">{status.data.enabled ? t.statusOn({ count: status.data.recoveryCodesLeft }) : t.statusOff()}</p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} username={username} onDone={codesKept} />}
      {setup && <TurnOnTwoFactor setup={setup} onEnabled={enabled} onCancel={() => setSetup(null)} />}
      {!setup && !recoveryCodes && (
        <div>
          {status.data.enabled ? (
            <button type="button" className="btn btn-sm" onClick={() => setTurningOff(true)}>
              {t.turnOff()}
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? t.starting() : t.turnOn()}
            </button>
          )}
        </div>
      )}
      {turningOff && <TurnOffTwoFactor onClose={() => setTurningOff(false)} onTurnedOff={turnedOff} />}
    </AdminSection>
  );
}
