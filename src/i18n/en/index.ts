import type { BaseTranslation } from '../i18n-types';
import { assessment } from './assessment';
import { emails } from './emails';

const en = {
  appName: 'Minda',
  assessment,
  emails,
  common: {
    adminLogin: 'Admin Login',
    backHome: 'Back to home',
    disclaimer:
      'This tool is for self-reflection and awareness only. It is not a diagnostic tool. A qualified professional will review your results and guide you forward.',
    copyright: '© {year:number} Minda. All rights reserved.',
    footerNotice: 'Minda is a self-screening tool and does not provide a medical diagnosis.',
  },
  landing: {
    heroTitle: 'Mental Health Screening Made Simple',
    heroText:
      'Anonymous, evidence-based self-screening in English and Malay, with instant insights and easy booking with a professional.',
    tryTitle: 'Try It Now – Sample Test',
    tryText: 'Takes under 2 minutes. No sign-up needed.',
    tryButton: 'Start the sample test',
  },
  comingSoon: {
    title: 'Coming soon',
    text: 'This page is being built and will be available shortly.',
  },
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
