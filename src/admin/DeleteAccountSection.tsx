import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { Field } from './Field';
import { DialogActions } from './DialogActions';

/** DELETE /api/account: the clinic deletes itself with all its data, after typing its username. */
export function DeleteAccountSection({ username }: { username: string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.privacy;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = trpc.admin.account.delete.useMutation({
    onSuccess: () => {
      navigate('/', { replace: true });
      // Nothing of this clinic may stay cached.
      queryClient.clear();
    },
  });
  const close = () => {
    setAsking(false);
    setTyped('');
    remove.reset();
  };
  return (
    <AdminSection title={t.deleteTitle()} intro={t.deleteIntro()}>
      <div>
        <button type="button" className="btn btn-error btn-sm" onClick={() => setAsking(true)}>
          {t.deleteButton()}
        </button>
      </div>
      {asking && (
        <Modal title={t.deleteConfirmTitle()} onClose={close}>
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              remove.mutate({ confirmUsername: typed });
            }}
          >
            <p>{t.deleteConfirmMessage({ username })}</p>
            <Field label={t.deleteUsername()}>
              {(control) => (
                <input {...control} className="input w-full" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
              )}
            </Field>
            {remove.error && <p role="alert" className="text-error">{messageOf(remove.error, t.deleteFailed())}</p>}
            <DialogActions>
              <button type="button" className="btn" onClick={close} disabled={remove.isPending}>
                {t.deleteCancel()}
              </button>
              <button type="submit" className="btn btn-error" disabled={remove.isPending || typed.trim() !== username}>
                {remove.isPending ? t.deleting() : t.deleteConfirm()}
              </button>
            </DialogActions>
          </form>
        </Modal>
      )}
    </AdminSection>
  );
}
