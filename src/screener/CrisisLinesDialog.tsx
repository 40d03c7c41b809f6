import { type ClinicCrisisContact, MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';
import { CrisisResourceList } from '../components/CrisisResourceList';
import { Modal } from '../components/Modal';

/** The crisis lines and the clinic's own contact, opened by "Need help now?" on any step. */
export default function CrisisLinesDialog({ clinicContact, onClose }: { clinicContact: ClinicCrisisContact | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal title={LL.screener.needHelp()} onClose={onClose}>
      <p>{LL.assessment.crisis.helpNow()}</p>
      <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={clinicContact} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {LL.assessment.crisis.close()}
        </button>
      </div>
    </Modal>
  );
}
