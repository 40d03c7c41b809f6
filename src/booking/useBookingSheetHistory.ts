import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';

/** The history entry of an open booking sheet: the screener's own entry plus the psychologist whose sheet it is. */
interface SheetEntry {
  bookingSheet?: string;
}

const sheetOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'bookingSheet' in state ? (state as SheetEntry).bookingSheet : undefined;

const SHEET_HASH = '#booking';

/**
 * Gives the booking sheet a history entry of its own (`#booking`, the psychologist's id in its
 * state), so the browser's back closes the sheet, as Android's back does, instead of leaving the
 * results; forward opens it again. Only which sheet is open lives in the history: what the visitor
 * typed stays in the tab's store. The screener's own entry state (its step) is carried over, so
 * useStepHistory sees the same step on both entries.
 */
export function useBookingSheetHistory(open: string | undefined, show: (psychologistId: string | undefined) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const entrySheet = sheetOf(location.state);

  // Back and forward land on an entry: the sheet follows it.
  useEffect(() => {
    if (navigationType === 'POP' && entrySheet !== open) show(entrySheet);
    // Only a new entry moves the sheet; the visitor's own opening and closing push and pop entries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const baseState = () => {
    const { bookingSheet: _open, ...screenerState } = (location.state ?? {}) as SheetEntry & Record<string, unknown>;
    return screenerState;
  };
  const here = { pathname: location.pathname, search: location.search };

  return {
    /** The visitor opens a sheet: a new entry above the results. */
    opened(psychologistId: string) {
      show(psychologistId);
      navigate({ ...here, hash: SHEET_HASH }, { state: { ...baseState(), bookingSheet: psychologistId } });
    },
    /** The visitor closes it (Cancel, Escape): back off its entry, as the browser's back would. */
    closed() {
      show(undefined);
      if (entrySheet) navigate(-1);
    },
    /** Booked: the sheet's entry becomes the results again, so back does not reopen a finished booking. */
    finished() {
      if (entrySheet) navigate(here, { replace: true, state: baseState() });
    },
  };
}
