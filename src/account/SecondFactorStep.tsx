import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { TextField } from '../components/TextField';

interface Props {
  /** Sends the first step's request again with the code (docs/decisions/0035); resolves once signed in. */
  verify: (code: string) => Promise<unknown>;
  pending: boolean;
  destination: string;
  onStartOver: () => void;
}

/**
 * The second step of a sign-in (/login, and joining a clinic with an existing account): the code
 * from the member's authenticator app, or one of their recovery codes.
 */
export function SecondFactorStep({ verify, pending, destination, onStartOver }: Props) {
  const { LL } = useI18nContext();
  const t = LL.account.login;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const label = recovery ? t.recoveryCode() : t.code();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setCodeError(LL.account.required({ field: label }));
      return;
    }
    try {
      await verify(code);
      await utils.admin.account.me.invalidate();
      navigate(destination);
    } catch (error) {
      setCodeError(fieldErrorsOf(error).code);
      setFailure(messageOf(error, LL.account.genericError()));
    }
  };
  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setCodeError(undefined);
    setFailure(null);
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
      <h2 className="text-lg font-semibold">{t.codeTitle()}</h2>
      <p className="text-sm">{recovery ? t.recoveryIntro() : t.codeIntro()}</p>
      {failure && (
        <p role="alert" className="alert alert-error">
          {failure}
        </p>
      )}
      <TextField
        // A new field for each kind of code, so the browser's one-time-code autofill stays with the app's.
        key={recovery ? 'recovery' : 'app'}
        label={label}
        value={code}
        onChange={setCode}
        error={codeError}
        required
        autoFocus
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
      />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? t.verifying() : t.verify()}
      </button>
      <div className="flex flex-col items-start gap-2 text-sm">
        <button type="button" className="link" onClick={switchKind}>
          {recovery ? t.useAppCode() : t.useRecoveryCode()}
        </button>
        <button type="button" className="link" onClick={onStartOver}>
          {t.startOver()}
        </button>
      </div>
    </form>
  );
}
