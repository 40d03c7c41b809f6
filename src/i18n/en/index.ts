import type { BaseTranslation } from '../i18n-types';
import { assessment } from './assessment';

const en = {
  appName: 'Minda',
  assessment,
  notFound: {
    title: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
  },
  screener: {
    loading: 'Loading screener configuration...',
    loadFailed: 'Failed to load screener configuration.',
    loadFailedHint: 'Please try refreshing the page or contact the administrator.',
    beforeWeBegin: 'Before We Begin',
    anonymous: 'Anonymous & Confidential',
  },
} satisfies BaseTranslation;

export default en;
